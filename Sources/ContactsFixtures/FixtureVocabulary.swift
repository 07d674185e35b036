/// The words of fixture contacts and events besides people's names: made-up organizations,
/// job titles, notes, event titles and places, and the address conventions of each region.
package enum FixtureVocabulary {
    /// A made-up organization and its mail domain.
    package struct Organization: Sendable {
        /// The name as the organization writes it.
        package let name: String
        /// Its mail domain (ASCII).
        package let domain: String
    }

    /// How addresses of a region are written.
    package struct AddressStyle: Sendable {
        /// Cities with their state or province (`""` where addresses leave it out) and a
        /// postal-code template (`#` is a random digit).
        package let cities: [(city: String, state: String, postalCode: String)]
        /// Street names.
        package let streets: [String]
        /// True where the house number precedes the street (`12 Main Street`).
        package let numberFirst: Bool
    }

    /// Organizations of many countries (all made up), for contacts' `organizationName`.
    static let organizations: [Organization] = [
        ("Northwind Traders", "northwind.com"), ("Blue Harbor Consulting", "blueharbor.co"),
        ("Pinecrest Dental", "pinecrestdental.com"), ("Riverside Elementary School", "riverside.k12.us"),
        ("Greenleaf Landscaping", "greenleaf.co.uk"), ("Acme", "acme.example"),
        ("Construcciones Peñalver S.L.", "penalver.es"), ("Clínica Dental Sonrisa", "clinicasonrisa.mx"),
        ("Padaria Pão de Açúcar", "paodeacucar.com.br"), ("Gonçalves & Filhos Lda.", "goncalvesfilhos.pt"),
        ("Boulangerie Lefèvre", "boulangerie-lefevre.fr"), ("Cabinet d'Avocats Bélanger", "belanger-avocats.fr"),
        ("Müller & Söhne GmbH", "mueller-soehne.de"), ("Bäckerei Groß", "baeckerei-gross.de"),
        ("Trattoria Da Niccolò", "trattoriadaniccolo.it"), ("Studio Legale Rinaldi", "studiorinaldi.it"),
        ("Łódzka Drukarnia Sp. z o.o.", "drukarnia-lodz.pl"), ("Zámečnictví Dvořák s.r.o.", "zamecnictvi-dvorak.cz"),
        ("Yıldız Tekstil A.Ş.", "yildiztekstil.com.tr"), ("Công ty TNHH Minh Phát", "minhphat.vn"),
        ("Öresund Logistik AB", "oresundlogistik.se"), ("Fjord Bygg AS", "fjordbygg.no"),
        ("ООО «Ромашка»", "romashka.ru"), ("Ελληνική Ναυτιλιακή Α.Ε.", "naftiliaki.gr"),
        ("华信科技有限公司", "huaxin-tech.cn"), ("株式会社さくら商事", "sakura-shoji.co.jp"),
        ("한결전자", "hangyeol.co.kr"), ("شركة النخيل للتجارة", "alnakheel.sa"),
        ("City Hospital", "cityhospital.org"), ("Fitness Club Élan", "elan-fitness.com"),
    ].map { Organization(name: $0.0, domain: $0.1) }

    /// Job titles in several languages.
    static let jobTitles = [
        "Engineer", "Software Engineer", "Product Manager", "Director", "CEO", "Accountant", "Dentist", "Teacher",
        "Nurse", "Sales Manager", "Designer", "Lawyer", "Architect", "Consultant", "Ingeniera", "Directora Comercial",
        "Gerente", "Chef de projet", "Geschäftsführer", "Projektleiterin", "Responsabile Marketing", "Kierownik",
        "Inženýr", "Müdür", "Giám đốc", "Säljare", "Daglig leder", "Менеджер", "Λογιστής", "经理", "部長", "팀장", "مدير",
    ]

    /// Notes as people write them in address books.
    static let notes = [
        "Met at the conference", "Plumber — call before 6pm", "Gym buddy", "Vecina del 3º B", "Ancien collègue de Lyon",
        "Call about the invoice", "Birthday: 12 March", "Tennis club", "Zahnärztin, Praxis am Markt", "Nachbarin",
        "Babysitter (Tue/Thu)", "Mecânico do carro", "Spotkanie w Krakowie", "Tesař — dělal nám střechu", "Ev sahibi",
        "Bạn học cũ", "Hyresvärd", "Hytta på fjellet", "Сосед по даче", "Φίλος από το πανεπιστήμιο", "大学同学", "取引先",
        "회사 동료", "زميل العمل", "Allergic to nuts", "Owes me €20", "Referred by Anna", "Emergency contact",
        "Do not call after 9pm", "Kid's football coach", "Landlord", "Wedding photographer",
    ]

    /// Event titles in several languages.
    static let eventTitles = [
        "Birthday party", "Team dinner", "Book club", "Running group", "Concert", "Barbecue", "Housewarming",
        "Game night", "Hackathon", "Wedding", "Fiesta de cumpleaños", "Geburtstagsfeier", "Soirée jeux", "Apéro",
        "Churrasco", "Aperitivo", "Grillowanie", "Kino", "Piknik", "Kahvaltı", "Tiệc sinh nhật", "Fika", "Dugnad",
        "Шашлыки", "Γιορτή", "聚餐", "花見", "회식", "إفطار جماعي",
    ]

    /// Event descriptions.
    static let eventDescriptions = [
        "Bring something to share.", "Dress code: casual.", "RSVP by Friday.", "Kids welcome!",
        "Tickets at the door.", "Trae tu bebida favorita.", "Bitte pünktlich sein.", "On commence à 19h.",
        "Zapraszam wszystkich!", "Vi ses där!", "Приходите с друзьями.", "歓迎します！",
    ]

    /// Places an event's location names before the city.
    static let venues = [
        "Café Central", "Community hall", "Rooftop bar", "City park", "Office", "Stadium", "Old town square",
        "Library", "Beach", "Jazz club",
    ]

    /// Labels of phone numbers.
    static let phoneLabels = ["mobile", "home", "work", "main", "iPhone", "other"]
    /// Relative weights of ``phoneLabels``.
    static let phoneLabelWeights = [600, 150, 150, 40, 30, 30]

    /// Services of social profiles (the label of a profile).
    static let socialServices = ["twitter", "instagram", "linkedin", "facebook"]

    /// Address styles by region; every region of ``FixturePhoneCountry/all`` has one.
    package static let addressStyles: [String: AddressStyle] = [
        "US": AddressStyle(
            cities: [
                ("New York", "NY", "100##"), ("San Francisco", "CA", "941##"), ("Chicago", "IL", "606##"),
                ("Austin", "TX", "787##"),
            ],
            streets: ["Main Street", "Oak Avenue", "Maple Drive", "Park Place", "Sunset Boulevard"], numberFirst: true),
        "GB": AddressStyle(
            cities: [("London", "", "SW1A #AA"), ("Manchester", "", "M# #LT"), ("Edinburgh", "", "EH# #QP")],
            streets: ["High Street", "Station Road", "Church Lane", "Victoria Road"], numberFirst: true),
        "DE": AddressStyle(
            cities: [
                ("Berlin", "", "10###"), ("München", "Bayern", "80###"), ("Köln", "", "50###"),
                ("Düsseldorf", "", "40###"),
            ],
            streets: ["Hauptstraße", "Schillerstraße", "Goethestraße", "Bahnhofstraße", "Lindenallee"],
            numberFirst: false),
        "FR": AddressStyle(
            cities: [
                ("Paris", "", "750##"), ("Lyon", "", "6900#"), ("Marseille", "", "130##"),
                ("Besançon", "", "25000"),
            ],
            streets: [
                "rue de la République", "avenue des Champs-Élysées", "rue Victor Hugo", "boulevard Saint-Germain",
            ],
            numberFirst: true),
        "ES": AddressStyle(
            cities: [
                ("Madrid", "Madrid", "280##"), ("Barcelona", "Barcelona", "080##"), ("Sevilla", "Sevilla", "410##"),
                ("Málaga", "Málaga", "290##"),
            ],
            streets: ["Calle Mayor", "Avenida de la Constitución", "Calle de Alcalá", "Paseo de Gracia"],
            numberFirst: false),
        "MX": AddressStyle(
            cities: [
                ("Ciudad de México", "CDMX", "06###"), ("Guadalajara", "Jalisco", "44###"),
                ("Monterrey", "Nuevo León", "64###"),
            ],
            streets: ["Avenida Insurgentes Sur", "Calle Juárez", "Paseo de la Reforma"], numberFirst: false),
        "PT": AddressStyle(
            cities: [("Lisboa", "", "1###-###"), ("Porto", "", "4###-###"), ("Coimbra", "", "3000-###")],
            streets: ["Rua Augusta", "Avenida da Liberdade", "Rua de São Bento"], numberFirst: false),
        "BR": AddressStyle(
            cities: [
                ("São Paulo", "SP", "0####-###"), ("Rio de Janeiro", "RJ", "2####-###"),
                ("Belo Horizonte", "MG", "3####-###"), ("Brasília", "DF", "70###-###"),
            ],
            streets: ["Avenida Paulista", "Rua Augusta", "Rua das Flores", "Avenida Atlântica"], numberFirst: false),
        "IT": AddressStyle(
            cities: [
                ("Roma", "RM", "001##"), ("Milano", "MI", "201##"), ("Napoli", "NA", "801##"),
                ("Torino", "TO", "101##"),
            ],
            streets: ["Via Roma", "Via Giuseppe Garibaldi", "Corso Vittorio Emanuele II", "Piazza del Popolo"],
            numberFirst: false),
        "PL": AddressStyle(
            cities: [
                ("Warszawa", "mazowieckie", "00-###"), ("Kraków", "małopolskie", "30-###"),
                ("Łódź", "łódzkie", "90-###"), ("Gdańsk", "pomorskie", "80-###"),
            ],
            streets: ["ul. Marszałkowska", "ul. Długa", "ul. Piotrkowska", "al. Jerozolimskie"], numberFirst: false),
        "CZ": AddressStyle(
            cities: [("Praha", "", "1## 00"), ("Brno", "", "6## 00"), ("Plzeň", "", "30# 00")],
            streets: ["Václavské náměstí", "Národní třída", "Masarykova", "Husova"], numberFirst: false),
        "TR": AddressStyle(
            cities: [("İstanbul", "", "34###"), ("Ankara", "", "06###"), ("İzmir", "", "35###")],
            streets: ["İstiklal Caddesi", "Atatürk Bulvarı", "Bağdat Caddesi"], numberFirst: false),
        "VN": AddressStyle(
            cities: [("Hà Nội", "", "100000"), ("Thành phố Hồ Chí Minh", "", "700000"), ("Đà Nẵng", "", "550000")],
            streets: ["Đường Lê Lợi", "Phố Hàng Bạc", "Đường Nguyễn Huệ"], numberFirst: true),
        "SE": AddressStyle(
            cities: [("Stockholm", "", "11# ##"), ("Göteborg", "", "41# ##"), ("Malmö", "", "21# ##")],
            streets: ["Drottninggatan", "Storgatan", "Kungsgatan", "Sveavägen"], numberFirst: false),
        "NO": AddressStyle(
            cities: [("Oslo", "", "0###"), ("Bergen", "", "50##"), ("Trondheim", "", "70##"), ("Tromsø", "", "90##")],
            streets: ["Karl Johans gate", "Storgata", "Kirkegata", "Bryggen"], numberFirst: false),
        "RU": AddressStyle(
            cities: [("Москва", "", "1#####"), ("Санкт-Петербург", "", "19####"), ("Новосибирск", "", "630###")],
            streets: ["ул. Тверская", "Невский проспект", "ул. Ленина", "ул. Арбат"], numberFirst: false),
        "GR": AddressStyle(
            cities: [("Αθήνα", "", "10# ##"), ("Θεσσαλονίκη", "", "54# ##"), ("Πάτρα", "", "26# ##")],
            streets: ["Οδός Ερμού", "Λεωφόρος Συγγρού", "Οδός Αιόλου"], numberFirst: false),
        "CN": AddressStyle(
            cities: [
                ("北京市", "北京", "100###"), ("上海市", "上海", "200###"), ("广州市", "广东省", "510###"),
                ("深圳市", "广东省", "518###"),
            ],
            streets: ["长安街", "南京路", "中山路", "人民路"], numberFirst: false),
        "JP": AddressStyle(
            cities: [("千代田区", "東京都", "10#-####"), ("大阪市", "大阪府", "53#-####"), ("京都市", "京都府", "60#-####")],
            streets: ["丸の内1丁目", "梅田2丁目", "四条通"], numberFirst: false),
        "KR": AddressStyle(
            cities: [("서울특별시", "", "0####"), ("부산광역시", "", "4####"), ("인천광역시", "", "2####")],
            streets: ["세종대로", "테헤란로", "강남대로"], numberFirst: false),
        "SA": AddressStyle(
            cities: [("الرياض", "", "1####"), ("جدة", "", "2####"), ("الدمام", "", "3####")],
            streets: ["طريق الملك فهد", "شارع التحلية", "طريق الملك عبدالعزيز"], numberFirst: false),
    ]
}
