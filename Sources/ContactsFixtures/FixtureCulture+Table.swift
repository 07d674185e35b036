extension FixtureCulture {
    /// The cultures of fixture people, with their shares: 90% Latin-script names (most with
    /// diacritics), 10% Cyrillic, Greek, Chinese, Japanese, Korean and Arabic.
    ///
    /// Names are common given and family names of each country (national statistics
    /// offices' lists of frequent names); romanizations follow the usual passport or
    /// Hepburn / pinyin / Revised Romanization spellings.
    package static let all: [FixtureCulture] = [
        FixtureCulture(
            name: "English", perMille: 240, isLatinScript: true, regions: [("US", 3), ("GB", 1)], order: .givenFirst,
            male:
                "James,John,Robert,Michael,William,David,Richard,Joseph,Thomas,Christopher,Daniel,Matthew,Anthony,Mark,Steven,Andrew,Joshua,Kevin,Brian,George,Edward,Ryan,Jacob,Oliver,Harry,Jack,Samuel,Benjamin,Liam,Noah",
            female:
                "Mary,Patricia,Jennifer,Linda,Elizabeth,Barbara,Susan,Jessica,Sarah,Karen,Emily,Emma,Olivia,Sophie,Charlotte,Amelia,Hannah,Grace,Chloe,Megan,Rachel,Laura,Rebecca,Zoë,Ashley,Madison,Abigail,Lucy,Ellie,Renée",
            family:
                "Smith,Johnson,Williams,Brown,Jones,Miller,Davis,Wilson,Anderson,Taylor,Thomas,Moore,Jackson,Martin,Thompson,White,Harris,Clark,Lewis,Walker,Hall,Young,King,Wright,Scott,Green,Baker,Adams,Evans,Roberts,O'Brien,O'Connor,McDonald,Murphy,Hughes,Cooper,Ward,Morgan,Bennett,Brooks",
            emailDomains: [
                "gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "aol.com", "btinternet.com",
            ]),
        FixtureCulture(
            name: "Spanish", perMille: 130, isLatinScript: true, regions: [("ES", 1), ("MX", 1)], order: .givenFirst,
            male:
                "José,Antonio,Manuel,Francisco,Juan,David,Javier,Jesús,Carlos,Miguel,Alejandro,Rafael,Pedro,Ángel,Pablo,Sergio,Fernando,Jorge,Luis,Álvaro,Adrián,Diego,Iván,Rubén,Óscar,Andrés,Raúl,Joaquín,Ramón,Tomás",
            female:
                "María,Carmen,Ana,Isabel,Laura,Lucía,Cristina,Marta,Elena,Sara,Paula,Raquel,Beatriz,Sofía,Pilar,Rocío,Inés,Nuria,Mónica,Verónica,Alicia,Julia,Irene,Andrea,Natalia,Lourdes,Begoña,Ximena,Guadalupe,Valentina",
            family:
                "García,Rodríguez,González,Fernández,López,Martínez,Sánchez,Pérez,Gómez,Martín,Jiménez,Ruiz,Hernández,Díaz,Moreno,Muñoz,Álvarez,Romero,Alonso,Gutiérrez,Navarro,Torres,Domínguez,Vázquez,Ramos,Gil,Ramírez,Serrano,Blanco,Núñez,Castañeda,Ibáñez,Peña,Ordóñez",
            doubleFamilyPerMille: 300,
            emailDomains: ["gmail.com", "hotmail.es", "yahoo.es", "outlook.es", "telefonica.net", "prodigy.net.mx"]),
        FixtureCulture(
            name: "Portuguese", perMille: 90, isLatinScript: true, regions: [("BR", 7), ("PT", 3)],
            order: .givenFirst,
            male:
                "João,José,António,Francisco,Carlos,Paulo,Pedro,Lucas,Luiz,Marcos,Gabriel,Rafael,Daniel,Marcelo,Bruno,Eduardo,Felipe,Rodrigo,Gonçalo,Tiago,Rui,Fábio,Vinícius,Caio,Thiago,Leonardo,Matheus,Sérgio,Márcio,Otávio",
            female:
                "Maria,Ana,Francisca,Antônia,Adriana,Juliana,Márcia,Fernanda,Patrícia,Aline,Sandra,Camila,Amanda,Bruna,Jéssica,Letícia,Júlia,Luciana,Vanessa,Mariana,Beatriz,Inês,Leonor,Joana,Conceição,Gabriela,Débora,Cláudia,Lúcia,Tânia",
            family:
                "Silva,Santos,Oliveira,Souza,Rodrigues,Ferreira,Alves,Pereira,Lima,Gomes,Costa,Ribeiro,Martins,Carvalho,Almeida,Lopes,Soares,Fernandes,Vieira,Barbosa,Rocha,Dias,Nascimento,Andrade,Moreira,Nunes,Marques,Machado,Mendes,Freitas,Gonçalves,Araújo,Magalhães,Simões,Brandão,Falcão",
            doubleFamilyPerMille: 250,
            emailDomains: ["gmail.com", "hotmail.com", "uol.com.br", "bol.com.br", "terra.com.br", "sapo.pt"]),
        FixtureCulture(
            name: "French", perMille: 80, isLatinScript: true, regions: [("FR", 1)], order: .givenFirst,
            male:
                "Jean,Pierre,Michel,André,Philippe,Nicolas,Alain,Jacques,Bernard,François,Éric,Stéphane,Sébastien,Julien,Laurent,Olivier,Thierry,Jérôme,Frédéric,Mathieu,Guillaume,Rémi,Hugo,Théo,Lucas,Louis,Gaël,Noël,Benoît,Loïc",
            female:
                "Marie,Nathalie,Isabelle,Sylvie,Catherine,Françoise,Valérie,Christine,Sophie,Céline,Aurélie,Émilie,Camille,Léa,Chloé,Manon,Inès,Hélène,Élodie,Margaux,Clémence,Anaïs,Maëlle,Océane,Gaëlle,Zoé,Mélanie,Amélie,Cécile,Agnès",
            family:
                "Martin,Bernard,Dubois,Thomas,Robert,Richard,Petit,Durand,Leroy,Moreau,Simon,Laurent,Lefèbvre,Michel,Garcia,David,Bertrand,Roux,Vincent,Fournier,Morel,Girard,André,Lefèvre,Mercier,Dupont,Lambert,Bonnet,François,Lemaître,Benoît,Fontaine,Chevalier,Rousseau,Gauthier,Bélanger,Côté,Pelletier,Lévesque",
            emailDomains: ["gmail.com", "orange.fr", "free.fr", "laposte.net", "sfr.fr", "wanadoo.fr"]),
        FixtureCulture(
            name: "German", perMille: 80, isLatinScript: true, regions: [("DE", 1)], order: .givenFirst,
            male:
                "Peter,Michael,Thomas,Andreas,Wolfgang,Klaus,Jürgen,Günter,Stefan,Christian,Uwe,Werner,Horst,Frank,Dieter,Matthias,Jörg,Sebastian,Lukas,Jonas,Maximilian,Felix,Björn,Sören,Tobias,Florian,Moritz,Paul,Leon,Jan",
            female:
                "Ursula,Monika,Petra,Sabine,Renate,Helga,Karin,Brigitte,Ingrid,Erika,Andrea,Gisela,Susanne,Birgit,Claudia,Julia,Anna,Lena,Lea,Hannah,Käthe,Jutta,Bärbel,Lieselotte,Anke,Heike,Franziska,Annika,Katrin,Mia",
            family:
                "Müller,Schmidt,Schneider,Fischer,Weber,Meyer,Wagner,Becker,Schulz,Hoffmann,Schäfer,Koch,Bauer,Richter,Klein,Wolf,Schröder,Neumann,Schwarz,Zimmermann,Braun,Krüger,Hofmann,Hartmann,Lange,Schmitt,Werner,Schmitz,Krause,Meier,Lehmann,Köhler,Jäger,Groß,Weiß,Strauß,Voß,Vogel,Fuchs,Günther,Böhm,Möller",
            emailDomains: ["gmail.com", "web.de", "gmx.de", "t-online.de", "gmx.net", "posteo.de"]),
        FixtureCulture(
            name: "Italian", perMille: 60, isLatinScript: true, regions: [("IT", 1)], order: .givenFirst,
            male:
                "Giuseppe,Giovanni,Antonio,Mario,Luigi,Francesco,Angelo,Vincenzo,Pietro,Salvatore,Carlo,Franco,Domenico,Bruno,Paolo,Michele,Giorgio,Aldo,Sergio,Luca,Marco,Alessandro,Matteo,Lorenzo,Niccolò,Andrea,Davide,Riccardo,Simone,Federico",
            female:
                "Maria,Anna,Giuseppina,Rosa,Angela,Giovanna,Teresa,Lucia,Carmela,Caterina,Francesca,Chiara,Giulia,Sara,Martina,Alessia,Federica,Valentina,Elisa,Silvia,Paola,Elena,Sofia,Aurora,Ginevra,Beatrice,Noemi,Greta,Ilaria,Benedetta",
            family:
                "Rossi,Russo,Ferrari,Esposito,Bianchi,Romano,Colombo,Ricci,Marino,Greco,Bruno,Gallo,Conti,De Luca,Mancini,Costa,Giordano,Rizzo,Lombardi,Moretti,Barbieri,Fontana,Santoro,Mariani,Rinaldi,Caruso,Ferrara,Galli,Martini,Leone,Longo,Gentile,Martinelli,Vitale,Lombardo,Serra,Coppola,De Santis,D'Angelo,Fabbri",
            emailDomains: ["gmail.com", "libero.it", "alice.it", "virgilio.it", "tiscali.it"]),
        FixtureCulture(
            name: "Polish", perMille: 50, isLatinScript: true, regions: [("PL", 1)], order: .givenFirst,
            male:
                "Piotr,Krzysztof,Andrzej,Tomasz,Paweł,Jan,Michał,Marcin,Stanisław,Jakub,Adam,Marek,Łukasz,Grzegorz,Mateusz,Wojciech,Mariusz,Dariusz,Zbigniew,Jerzy,Maciej,Kamil,Rafał,Robert,Józef,Szymon,Bartosz,Przemysław,Sławomir,Wiesław",
            female:
                "Anna,Maria,Katarzyna,Małgorzata,Agnieszka,Barbara,Ewa,Krystyna,Magdalena,Elżbieta,Joanna,Aleksandra,Zofia,Monika,Teresa,Danuta,Natalia,Karolina,Marta,Beata,Dorota,Halina,Jadwiga,Alicja,Grażyna,Bożena,Urszula,Iwona,Żaneta,Wiktoria",
            family:
                "Nowak,Kowalski/Kowalska,Wiśniewski/Wiśniewska,Wójcik,Kowalczyk,Kamiński/Kamińska,Lewandowski/Lewandowska,Zieliński/Zielińska,Szymański/Szymańska,Woźniak,Dąbrowski/Dąbrowska,Kozłowski/Kozłowska,Jankowski/Jankowska,Mazur,Wojciechowski/Wojciechowska,Kwiatkowski/Kwiatkowska,Krawczyk,Kaczmarek,Piotrowski/Piotrowska,Grabowski/Grabowska,Zając,Pawłowski/Pawłowska,Michalski/Michalska,Król,Wieczorek,Jabłoński/Jabłońska,Wróbel,Majewski/Majewska,Olszewski/Olszewska,Stępień,Jaworski/Jaworska,Pająk,Górski/Górska,Sikora,Walczak,Żak,Bąk,Zawadzki/Zawadzka,Włodarczyk,Sokołowski/Sokołowska,Kaźmierczak,Cieślak,Kołodziej,Ziółkowski/Ziółkowska",
            emailDomains: ["gmail.com", "wp.pl", "onet.pl", "o2.pl", "interia.pl"]),
        FixtureCulture(
            name: "Czech", perMille: 30, isLatinScript: true, regions: [("CZ", 1)], order: .givenFirst,
            male:
                "Jiří,Jan,Petr,Josef,Pavel,Martin,Jaroslav,Tomáš,Miroslav,Zdeněk,František,Václav,Michal,Karel,Milan,Vojtěch,Lukáš,Ondřej,Radek,Jakub,Stanislav,Aleš,Dušan,Matěj,Vít,Štěpán,Přemysl,Bořivoj,Luboš,Kryštof",
            female:
                "Marie,Jana,Eva,Hana,Anna,Lenka,Kateřina,Věra,Lucie,Alena,Petra,Jaroslava,Veronika,Martina,Tereza,Michaela,Zdeňka,Ludmila,Jitka,Markéta,Barbora,Šárka,Dagmar,Kristýna,Radka,Božena,Monika,Pavla,Eliška,Adéla",
            family:
                "Novák/Nováková,Svoboda/Svobodová,Novotný/Novotná,Dvořák/Dvořáková,Černý/Černá,Procházka/Procházková,Kučera/Kučerová,Veselý/Veselá,Horák/Horáková,Němec/Němcová,Pokorný/Pokorná,Marek/Marková,Pospíšil/Pospíšilová,Hájek/Hájková,Jelínek/Jelínková,Král/Králová,Růžička/Růžičková,Beneš/Benešová,Fiala/Fialová,Sedláček/Sedláčková,Doležal/Doležalová,Zeman/Zemanová,Kolář/Kolářová,Navrátil/Navrátilová,Čermák/Čermáková,Vaněk/Vaňková,Urban/Urbanová,Blažek/Blažková,Kříž/Křížová,Kovář/Kovářová",
            emailDomains: ["seznam.cz", "gmail.com", "email.cz", "centrum.cz"]),
        FixtureCulture(
            name: "Turkish", perMille: 40, isLatinScript: true, regions: [("TR", 1)], order: .givenFirst,
            male:
                "Mehmet,Mustafa,Ahmet,Ali,Hüseyin,Hasan,İbrahim,İsmail,Osman,Yusuf,Murat,Ömer,Ramazan,Halil,Süleyman,Abdullah,Mahmut,Emre,Burak,Çağrı,Uğur,Oğuz,Barış,Görkem,Kağan,Serkan,Tolga,Gökhan,Erdoğan,Şükrü",
            female:
                "Fatma,Ayşe,Emine,Hatice,Zeynep,Elif,Meryem,Şerife,Zehra,Sultan,Hanife,Merve,Özlem,Büşra,Esra,Gül,Gülşen,Şule,Tuğba,Derya,Dilek,Ebru,Çiğdem,Sevgi,Yasemin,Nur,Selin,İrem,Aslı,Pınar",
            family:
                "Yılmaz,Kaya,Demir,Şahin,Çelik,Yıldız,Yıldırım,Öztürk,Aydın,Özdemir,Arslan,Doğan,Kılıç,Aslan,Çetin,Kara,Koç,Kurt,Özkan,Şimşek,Polat,Özer,Korkmaz,Erdoğan,Güneş,Aktaş,Bulut,Keskin,Ünal,Tekin,Işık,Güler,Acar,Çakır,Uçar",
            emailDomains: ["gmail.com", "hotmail.com", "yandex.com.tr", "mynet.com"]),
        FixtureCulture(
            name: "Vietnamese", perMille: 40, isLatinScript: true, regions: [("VN", 1)], order: .familyFirst,
            male:
                "Văn An,Văn Bình,Văn Hùng,Minh Tuấn,Quốc Bảo,Đức Anh,Thanh Tùng,Hoàng Nam,Văn Đức,Quang Huy,Minh Khôi,Gia Huy,Văn Thắng,Tiến Dũng,Hữu Phước,Công Vinh,Đình Trọng,Xuân Trường,Minh Nhật,Trọng Nghĩa",
            female:
                "Thị Lan,Thị Hương,Thị Mai,Thị Hoa,Ngọc Anh,Thu Trang,Thanh Hằng,Phương Linh,Thị Thảo,Minh Thư,Bảo Ngọc,Kim Ngân,Thị Hạnh,Mỹ Linh,Hồng Nhung,Thúy Vy,Khánh Linh,Thị Yến,Diệu Linh,Quỳnh Anh",
            family:
                "Nguyễn,Trần,Lê,Phạm,Hoàng,Huỳnh,Phan,Vũ,Võ,Đặng,Bùi,Đỗ,Hồ,Ngô,Dương,Lý,Đinh,Trương,Lâm,Mai,Tô,Đoàn,Hà,Cao,Lưu",
            emailDomains: ["gmail.com", "yahoo.com.vn", "outlook.com"]),
        FixtureCulture(
            name: "Swedish", perMille: 30, isLatinScript: true, regions: [("SE", 1)], order: .givenFirst,
            male:
                "Lars,Anders,Johan,Per,Erik,Karl,Nils,Mikael,Jan,Hans,Peter,Olof,Björn,Sven,Gustav,Magnus,Fredrik,Mats,Göran,Åke,Bengt,Stefan,Linus,Oskar,Axel,Viktor,Emil,Elias,Hugo,Måns",
            female:
                "Anna,Eva,Maria,Karin,Kristina,Lena,Sara,Kerstin,Emma,Ingrid,Marie,Malin,Birgitta,Elin,Linnéa,Åsa,Märta,Sofia,Ebba,Maja,Astrid,Saga,Agnes,Ingegerd,Ylva,Siv,Britt,Helén,Josefin,Frida",
            family:
                "Andersson,Johansson,Karlsson,Nilsson,Eriksson,Larsson,Olsson,Persson,Svensson,Gustafsson,Pettersson,Jonsson,Jansson,Hansson,Bengtsson,Jönsson,Lindberg,Jakobsson,Magnusson,Lindström,Lindqvist,Lindgren,Berg,Axelsson,Bergström,Lundberg,Lundgren,Mattsson,Åberg,Sjöberg,Öberg,Löfgren,Ström,Nyström,Holmström,Söderberg,Åström,Håkansson",
            emailDomains: ["gmail.com", "telia.com", "hotmail.se", "bredband.net"]),
        FixtureCulture(
            name: "Norwegian", perMille: 30, isLatinScript: true, regions: [("NO", 1)], order: .givenFirst,
            male:
                "Jan,Per,Bjørn,Ole,Lars,Kjell,Knut,Arne,Svein,Thomas,Hans,Geir,Tor,Morten,Terje,Odd,Erik,Rune,Trond,Øyvind,Håkon,Jørgen,Sindre,Magnus,Sigurd,Eirik,Ståle,Torbjørn,Audun,Halvor",
            female:
                "Anne,Inger,Kari,Marit,Ingrid,Liv,Eva,Berit,Astrid,Bjørg,Hilde,Anna,Solveig,Marianne,Randi,Ida,Nora,Ingeborg,Sigrid,Åse,Gro,Tone,Torild,Kjersti,Ragnhild,Siri,Eli,Mari,Hanne,Øydis",
            family:
                "Hansen,Johansen,Olsen,Larsen,Andersen,Pedersen,Nilsen,Kristiansen,Jensen,Karlsen,Johnsen,Pettersen,Eriksen,Berg,Haugen,Hagen,Johannessen,Andreassen,Jacobsen,Dahl,Jørgensen,Halvorsen,Henriksen,Lund,Sørensen,Moen,Gundersen,Iversen,Strand,Solberg,Eide,Knutsen,Bakken,Lie,Ødegård,Bråthen,Sæther,Aasen,Løken,Næss,Røed,Håland",
            emailDomains: ["gmail.com", "online.no", "hotmail.no", "live.no"]),
        FixtureCulture(
            name: "Russian", perMille: 40, isLatinScript: false, regions: [("RU", 1)], order: .givenFirst,
            male:
                "Александр=aleksandr,Сергей=sergey,Дмитрий=dmitry,Андрей=andrey,Алексей=aleksey,Максим=maksim,Евгений=evgeny,Иван=ivan,Михаил=mikhail,Артём=artyom,Никита=nikita,Владимир=vladimir,Павел=pavel,Николай=nikolay,Игорь=igor,Юрий=yury,Олег=oleg,Роман=roman,Константин=konstantin,Виктор=viktor",
            female:
                "Елена=elena,Ольга=olga,Наталья=natalya,Екатерина=ekaterina,Анна=anna,Татьяна=tatyana,Мария=mariya,Ирина=irina,Светлана=svetlana,Юлия=yuliya,Анастасия=anastasiya,Дарья=darya,Ксения=kseniya,Алёна=alyona,Людмила=lyudmila,Галина=galina,Марина=marina,Вера=vera,Надежда=nadezhda,Софья=sofya",
            family:
                "Иванов/Иванова=ivanov/ivanova,Смирнов/Смирнова=smirnov/smirnova,Кузнецов/Кузнецова=kuznetsov/kuznetsova,Попов/Попова=popov/popova,Васильев/Васильева=vasilyev/vasilyeva,Петров/Петрова=petrov/petrova,Соколов/Соколова=sokolov/sokolova,Михайлов/Михайлова=mikhaylov/mikhaylova,Новиков/Новикова=novikov/novikova,Фёдоров/Фёдорова=fyodorov/fyodorova,Морозов/Морозова=morozov/morozova,Волков/Волкова=volkov/volkova,Лебедев/Лебедева=lebedev/lebedeva,Семёнов/Семёнова=semyonov/semyonova,Егоров/Егорова=yegorov/yegorova,Павлов/Павлова=pavlov/pavlova,Козлов/Козлова=kozlov/kozlova,Степанов/Степанова=stepanov/stepanova,Орлов/Орлова=orlov/orlova,Макаров/Макарова=makarov/makarova,Никитин/Никитина=nikitin/nikitina,Захаров/Захарова=zakharov/zakharova,Шевченко=shevchenko,Ковальчук=kovalchuk,Бондаренко=bondarenko",
            emailDomains: ["mail.ru", "yandex.ru", "gmail.com", "rambler.ru", "bk.ru"]),
        FixtureCulture(
            name: "Greek", perMille: 15, isLatinScript: false, regions: [("GR", 1)], order: .givenFirst,
            male:
                "Γιώργος=giorgos,Κωνσταντίνος=konstantinos,Γιάννης=giannis,Δημήτρης=dimitris,Νίκος=nikos,Παναγιώτης=panagiotis,Βασίλης=vasilis,Χρήστος=christos,Αθανάσιος=athanasios,Μιχάλης=michalis,Ευάγγελος=evangelos,Σπύρος=spyros,Αντώνης=antonis,Ηλίας=ilias,Θοδωρής=thodoris",
            female:
                "Μαρία=maria,Ελένη=eleni,Αικατερίνη=aikaterini,Βασιλική=vasiliki,Σοφία=sofia,Αγγελική=angeliki,Γεωργία=georgia,Δήμητρα=dimitra,Κωνσταντίνα=konstantina,Παρασκευή=paraskevi,Ευαγγελία=evangelia,Χριστίνα=christina,Ιωάννα=ioanna,Αναστασία=anastasia,Ειρήνη=eirini",
            family:
                "Παπαδόπουλος/Παπαδοπούλου=papadopoulos/papadopoulou,Παπαγεωργίου=papageorgiou,Οικονόμου=oikonomou,Γεωργίου=georgiou,Βασιλείου=vasileiou,Νικολάου=nikolaou,Ιωάννου=ioannou,Παπανικολάου=papanikolaou,Καραγιάννης/Καραγιάννη=karagiannis/karagianni,Αντωνίου=antoniou,Δημητρίου=dimitriou,Μακρής/Μακρή=makris/makri,Αλεξίου=alexiou,Παππάς/Παππά=pappas/pappa,Κωνσταντίνου=konstantinou,Χριστοδούλου=christodoulou,Αθανασίου=athanasiou,Μιχαηλίδης/Μιχαηλίδου=michailidis/michailidou,Ζαχαρίου=zachariou,Σταυρόπουλος/Σταυροπούλου=stavropoulos/stavropoulou",
            emailDomains: ["gmail.com", "yahoo.gr", "hotmail.gr", "otenet.gr"]),
        FixtureCulture(
            name: "Chinese", perMille: 20, isLatinScript: false, regions: [("CN", 1)], order: .familyFirstJoined,
            male:
                "伟=wei,强=qiang,磊=lei,军=jun,洋=yang,勇=yong,杰=jie,涛=tao,明=ming,超=chao,建华=jianhua,志强=zhiqiang,浩然=haoran,子轩=zixuan,俊杰=junjie,宇航=yuhang,博文=bowen,天佑=tianyou",
            female:
                "芳=fang,娜=na,敏=min,静=jing,丽=li,艳=yan,秀英=xiuying,桂英=guiying,婷=ting,雪=xue,慧=hui,欣怡=xinyi,梓涵=zihan,诗涵=shihan,雨桐=yutong,思琪=siqi,佳怡=jiayi,晓燕=xiaoyan",
            family:
                "王=wang,李=li,张=zhang,刘=liu,陈=chen,杨=yang,黄=huang,赵=zhao,吴=wu,周=zhou,徐=xu,孙=sun,马=ma,朱=zhu,胡=hu,郭=guo,何=he,林=lin,罗=luo,高=gao,欧阳=ouyang",
            emailDomains: ["qq.com", "163.com", "126.com", "sina.com", "gmail.com"]),
        FixtureCulture(
            name: "Japanese", perMille: 10, isLatinScript: false, regions: [("JP", 1)], order: .familyFirst,
            male:
                "翔太=shota,大輔=daisuke,健太=kenta,拓也=takuya,翔=sho,蓮=ren,大翔=hiroto,悠真=yuma,陽翔=haruto,湊=minato,健=ken,誠=makoto,浩=hiroshi,隆=takashi,学=manabu,太郎=taro",
            female:
                "陽子=yoko,恵子=keiko,由美子=yumiko,美咲=misaki,さくら=sakura,愛=ai,結衣=yui,陽菜=hina,美穂=miho,真由美=mayumi,明美=akemi,優子=yuko,花子=hanako,彩=aya,凛=rin,ひなた=hinata",
            family:
                "佐藤=sato,鈴木=suzuki,高橋=takahashi,田中=tanaka,伊藤=ito,渡辺=watanabe,山本=yamamoto,中村=nakamura,小林=kobayashi,加藤=kato,吉田=yoshida,山田=yamada,佐々木=sasaki,山口=yamaguchi,松本=matsumoto,井上=inoue,木村=kimura,林=hayashi,斎藤=saito,清水=shimizu",
            emailDomains: ["gmail.com", "yahoo.co.jp", "docomo.ne.jp", "ezweb.ne.jp", "icloud.com"]),
        FixtureCulture(
            name: "Korean", perMille: 5, isLatinScript: false, regions: [("KR", 1)], order: .familyFirstJoined,
            male:
                "민준=minjun,서준=seojun,도윤=doyun,예준=yejun,시우=siwoo,하준=hajun,지호=jiho,지훈=jihoon,준서=junseo,현우=hyunwoo,성민=sungmin,동현=donghyun,영수=youngsoo,정호=jungho",
            female:
                "서연=seoyeon,서윤=seoyun,지우=jiwoo,하은=haeun,민서=minseo,지민=jimin,수빈=subin,지은=jieun,예은=yeeun,유진=yujin,영희=younghee,미영=miyoung,은지=eunji,혜진=hyejin",
            family:
                "김=kim,이=lee,박=park,최=choi,정=jung,강=kang,조=cho,윤=yoon,장=jang,임=lim,한=han,오=oh,서=seo,신=shin,권=kwon,황=hwang,안=ahn,송=song",
            emailDomains: ["naver.com", "daum.net", "gmail.com", "hanmail.net"]),
        FixtureCulture(
            name: "Arabic", perMille: 10, isLatinScript: false, regions: [("SA", 1)], order: .givenFirst,
            male:
                "محمد=mohammed,أحمد=ahmed,علي=ali,عمر=omar,خالد=khaled,يوسف=youssef,إبراهيم=ibrahim,عبدالله=abdullah,حسن=hassan,فهد=fahad,سلطان=sultan,ماجد=majed,طارق=tariq,سعيد=saeed,ناصر=nasser,فيصل=faisal",
            female:
                "فاطمة=fatima,عائشة=aisha,مريم=maryam,نورة=noura,سارة=sara,ليلى=layla,هند=hind,ريم=reem,زينب=zainab,أمل=amal,منى=mona,هدى=huda,دانة=dana,لمى=lama,جود=joud,رنا=rana",
            family:
                "العتيبي=alotaibi,القحطاني=alqahtani,الغامدي=alghamdi,الحربي=alharbi,الزهراني=alzahrani,الدوسري=aldosari,الشمري=alshammari,المطيري=almutairi,العنزي=alanazi,الشهري=alshehri,السبيعي=alsubaie,الأحمد=alahmad,حداد=haddad,منصور=mansour,خوري=khoury,سليمان=suleiman",
            emailDomains: ["gmail.com", "hotmail.com", "outlook.sa", "yahoo.com"]),
    ]
}
