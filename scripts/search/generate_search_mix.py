#!/usr/bin/env python3
"""A contact fixture and a query mix for the search benchmark, from a generator that is not the
project's own (`contacts generate`), so that the benchmark's figures are not tuned to one
generator's data.

    python3 scripts/search/generate_search_mix.py --contacts 1000000 --queries 1000 --seed 27 --out DIR

writes DIR/contacts.jsonl (PROTOCOL §1, one contact a line, one address book) and
DIR/queries.txt (one query a line). The same arguments give the same bytes (Python's
`random.Random` seeded with --seed; no other source of randomness). Standard library only.

Contacts: people of twenty cultures (names with their diacritics, the Latin letters without a
decomposition — Ł, Ø, Đ, Æ, Œ, Þ, Ð, Ħ —, Cyrillic, Greek, CJK, Hangul, Arabic, Devanagari),
display names in several conventions (given family, "Family, Given", given only, a title, all
capitals, a nickname, an emoji), an organization on a quarter, 0–3 phones written the way
each country writes them (international, national, IDD, dots, slashes, full-width digits),
0–2 emails (free-mail and company domains), notes on a sixth, an address on a tenth. Ids are
hexadecimal, 16 digits, in no particular order.

Queries, drawn from the contacts the way people type into a search box: a name's first letters
(often without its diacritics, lowercase or in capitals), whole names in either order, single
and double letters, phone fragments (the last digits, an area code written with spaces, a whole
number in another format than stored), email fragments and domains, organization words,
non-Latin fragments, and misses (typos, strings nobody has).
"""
import argparse
import json
import os
import random
import unicodedata

CULTURES = {
    "en": (["James", "Mary", "Robert", "Patricia", "Michael", "Jennifer", "William", "Linda", "David", "Elizabeth",
            "Richard", "Barbara", "Joseph", "Susan", "Thomas", "Jessica", "Charles", "Sarah", "Daniel", "Karen",
            "Matthew", "Nancy", "Anthony", "Lisa", "Mark", "Betty", "Steven", "Sandra", "Paul", "Ashley", "Andrew",
            "Emily", "Joshua", "Donna", "Kenneth", "Michelle", "Kevin", "Carol", "Brian", "Amanda"],
           ["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
            "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis",
            "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams", "O'Neil",
            "McDonald", "Baker-Hughes"], "+1", ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "aol.com"]),
    "es": (["José", "María", "Jesús", "Lucía", "Ángel", "Sofía", "Martín", "Inés", "Álvaro", "Begoña", "Raúl",
            "Nuria", "Iñaki", "Maite", "Óscar", "Rocío", "Sergio", "Elena", "Pablo", "Carmen"],
           ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez",
            "Jiménez", "Muñoz", "Ibáñez", "Núñez", "Peña", "Castaño", "Ortiz", "de la Fuente", "Ruiz"], "+34",
           ["gmail.com", "hotmail.es", "telefonica.net", "yahoo.es"]),
    "de": (["Jürgen", "Jörg", "Günter", "Björn", "Uwe", "Sören", "Lena", "Anja", "Käthe", "Hans", "Petra", "Ute",
            "Matthias", "Sabine", "Klaus", "Monika", "Dieter", "Gisela", "Lukas", "Jana"],
           ["Müller", "Schmidt", "Schneider", "Fischer", "Weiß", "Schäfer", "Groß", "Köhler", "Hoffmann", "Bäcker",
            "Wagner", "Becker", "Schröder", "Krüger", "Fuß", "Zimmermann", "von Steuben", "Meyer"], "+49",
           ["web.de", "gmx.de", "t-online.de", "posteo.de", "gmail.com"]),
    "fr": (["François", "Hélène", "Jérôme", "Céline", "Benoît", "Loïc", "Zoé", "Gaëlle", "Noël", "Amélie", "Éric",
            "Cécile", "Léa", "Théo", "Maëlle"],
           ["Lefèvre", "Dupré", "Moreau", "Girard", "Bélanger", "Gauthier", "Rousseau", "Lemaître", "Côté",
            "Bouchard", "Lévesque", "Faure", "Chevalier"], "+33", ["orange.fr", "free.fr", "laposte.net", "sfr.fr"]),
    "pl": (["Łukasz", "Paweł", "Michał", "Wojciech", "Małgorzata", "Agnieszka", "Bożena", "Zofia", "Jędrzej",
            "Grażyna", "Przemysław", "Żaneta"],
           ["Łódzki", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński", "Szymański",
            "Woźniak", "Dąbrowski", "Kozłowski", "Jabłoński", "Król", "Górski"], "+48", ["wp.pl", "onet.pl", "o2.pl"]),
    "nordic": (["Søren", "Bjørn", "Jørgen", "Åse", "Øystein", "Mette", "Kåre", "Sigrún", "Ægir", "Frøya", "Lærke"],
               ["Sørensen", "Jørgensen", "Løvgren", "Østergaard", "Hansen", "Bækgaard", "Andersen", "Ødegård",
                "Kjær", "Nielsen"], "+45", ["mail.dk", "gmail.com", "hotmail.no"]),
    "is": (["Þór", "Þórunn", "Guðrún", "Sigurður", "Ólafur", "Hrafnhildur", "Ragnheiður", "Þorsteinn"],
           ["Þórsdóttir", "Guðmundsson", "Sigurðardóttir", "Ólafsson", "Ævarsson", "Björnsdóttir"], "+354",
           ["simnet.is", "gmail.com"]),
    "vi": (["Đức", "Thảo", "Hương", "Phương", "Tuấn", "Dũng", "Ngọc", "Hạnh", "Quỳnh", "Đạt", "Lệ"],
           ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Phan", "Vũ", "Đặng", "Bùi", "Đỗ", "Hồ", "Ngô"], "+84",
           ["gmail.com", "yahoo.com.vn"]),
    "tr": (["Işıl", "İlker", "Gülşen", "Çağrı", "Şükrü", "Özlem", "Ümit", "Ayşe", "Oğuz", "Ebru"],
           ["Yılmaz", "Öztürk", "Çelik", "Şahin", "Aydın", "Doğan", "Kılıç", "Arslan", "Güneş"], "+90",
           ["hotmail.com", "gmail.com", "yandex.com.tr"]),
    "cz": (["Jiří", "Tomáš", "Kateřina", "Lucie", "Vojtěch", "Zdeněk", "Bořivoj", "Markéta"],
           ["Dvořák", "Novák", "Černý", "Procházka", "Kučera", "Růžička", "Šťastný", "Veselý"], "+420",
           ["seznam.cz", "email.cz", "centrum.cz"]),
    "mt": (["Ħelena", "Ġorġ", "Ċensu", "Marija", "Pawlu"], ["Ħili", "Vella", "Borġ", "Camilleri", "Żammit"], "+356",
           ["maltanet.net", "gmail.com"]),
    "fr-oe": (["Œdipe", "Cœline", "Gaëtan"], ["Lœuvre", "Bœuf", "Sœurette"], "+33", ["free.fr"]),
    "ru": (["Алексей", "Наталья", "Дмитрий", "Ольга", "Сергей", "Ёлка", "Юлия", "Пётр", "Анна", "Игорь"],
           ["Иванов", "Смирнова", "Кузнецов", "Попова", "Васильев", "Соколова", "Михайлов", "Фёдорова"], "+7",
           ["mail.ru", "yandex.ru", "rambler.ru"]),
    "el": (["Γιώργος", "Μαρία", "Νίκος", "Ελένη", "Κώστας", "Σοφία", "Δημήτρης"],
           ["Παπαδόπουλος", "Οικονόμου", "Γεωργίου", "Νικολάου", "Δημητρίου", "Ιωάννου"], "+30",
           ["otenet.gr", "gmail.com"]),
    "zh": (["伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳"],
           ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"], "+86", ["qq.com", "163.com", "126.com"]),
    "ja": (["翔太", "陽菜", "蓮", "結衣", "さくら", "ハルト", "美咲", "大輔"],
           ["佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "山本", "中村"], "+81", ["docomo.ne.jp", "yahoo.co.jp"]),
    "ko": (["민준", "서연", "지훈", "하은", "도윤", "수빈", "예준"], ["김", "이", "박", "최", "정", "강", "조"], "+82",
           ["naver.com", "daum.net"]),
    "ar": (["محمد", "فاطمة", "أحمد", "مريم", "علي", "خديجة"], ["العلي", "الحسن", "منصور", "حداد", "خوري"], "+971",
           ["gmail.com", "hotmail.com"]),
    "hi": (["राहुल", "प्रिया", "अमित", "सुनीता", "Rahul", "Priya", "Aarav", "Ananya"],
           ["शर्मा", "वर्मा", "Sharma", "Patel", "Gupta", "Iyer"], "+91", ["gmail.com", "rediffmail.com"]),
    "pt": (["João", "Conceição", "Gonçalo", "Inês", "Luís", "Sebastião", "Ana", "Vitória"],
           ["Gonçalves", "Conceição", "Magalhães", "Simões", "Araújo", "Lourenço", "Brandão"], "+351",
           ["sapo.pt", "gmail.com"]),
}
WEIGHTS = {"en": 18, "es": 10, "de": 10, "fr": 7, "pl": 5, "nordic": 4, "is": 1, "vi": 5, "tr": 4, "cz": 3,
           "mt": 1, "fr-oe": 1, "ru": 7, "el": 3, "zh": 7, "ja": 4, "ko": 4, "ar": 3, "hi": 4, "pt": 4}
CULTURE_NAMES = sorted(CULTURES)
CULTURE_WEIGHTS = [WEIGHTS[name] for name in CULTURE_NAMES]

ORGANIZATIONS = ["Acme Corp", "Globex", "Initech", "Umbrella GmbH", "Stark Industries", "Wayne Enterprises",
                 "Société Générale", "Deutsche Bank AG", "Banco Santander", "Nordisk Fjærfabrik", "Łódź Kaffe",
                 "Université Laval", "Universidad de Sevilla", "ООО Ромашка", "株式会社サンプル", "삼성전자",
                 "Bäckerei Groß", "Café Flöß", "Đông Á Bank", "Øresund Logistics", "Hôpital Saint-Éloi",
                 "Ætna Consulting", "Þjóðleikhúsið", "City Council", "Tech Solutions Ltd", "Green Gardens"]
TITLES = ["Engineer", "Manager", "Dr.", "Nurse", "Teacher", "Director", "Sales", "CEO", "Architect", ""]
NOTES = ["Met at the conference in Berlin", "Friend of Anna", "Call after 6pm", "Wedding 2019",
         "Neighbour, flat 4B", "Kollege aus München", "Vecino del quinto", "Ami de la fac", "Gym buddy",
         "Dentist — Mondays only", "Coach du club", "Спортзал", "Kindergarten Elternrat", "birthday: March 3"]
EMOJI = ["🎉", "❤️", "⚽", "🌸", "👩‍💻"]
NICKNAMES = ["Mom", "Dad", "Oma", "Abuela", "Bro", "Boss", "Doc", "Nana", "Tío Pepe", "Little J"]


def strip_marks(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def ascii_local(text):
    table = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "æ": "ae", "Æ": "Ae",
                           "œ": "oe", "Œ": "Oe", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "ħ": "h", "Ħ": "H",
                           "ß": "ss", "ı": "i"})
    kept = strip_marks(text.translate(table)).lower()
    return "".join(c for c in kept if c.isascii() and c.isalnum())


def national_digits(rng, code):
    length = {"+1": 10, "+44": 10, "+49": rng.choice([10, 11]), "+33": 9, "+34": 9, "+86": 11, "+81": 10,
              "+82": 10, "+7": 10, "+354": 7, "+356": 8}.get(code, rng.choice([9, 10]))
    first = rng.choice("23456789")
    return first + "".join(rng.choice("0123456789") for _ in range(length - 1))


def written_phone(rng, code, digits):
    style = rng.randrange(12)
    cc = code[1:]
    if style == 0:
        return "%s %s %s %s" % (code, digits[:3], digits[3:6], digits[6:])
    if style == 1:
        return "%s%s" % (code, digits)
    if style == 2:
        return "00%s-%s-%s" % (cc, digits[:2], digits[2:])
    if style == 3:
        return "(0%s) %s" % (digits[:3], digits[3:])
    if style == 4:
        return "0%s/%s" % (digits[:3], digits[3:])
    if style == 5:
        return ".".join([digits[:3], digits[3:6], digits[6:]])
    if style == 6:
        return "%s (%s) %s-%s" % (code, digits[:3], digits[3:6], digits[6:])
    if style == 7:
        return "0" + " ".join(digits[i:i + 2] for i in range(0, len(digits), 2))
    if style == 8:
        full = "%s %s" % (code, digits)
        return "".join(chr(ord(c) + 0xFEE0) if "0" <= c <= "9" else c for c in full)
    if style == 9:
        return "%s-%s-%s" % (digits[:3], digits[3:6], digits[6:])
    if style == 10:
        return "+%s %s %s" % (cc, digits[:2], digits[2:])
    return digits


def make_contact(rng, number):
    culture = rng.choices(CULTURE_NAMES, CULTURE_WEIGHTS)[0]
    givens, families, code, domains = CULTURES[culture]
    given = rng.choice(givens)
    family = rng.choice(families)
    contact = {"id": "%016x" % rng.getrandbits(64), "givenName": given, "familyName": family}
    roll = rng.randrange(100)
    if roll < 55:
        display = "%s %s" % (given, family) if culture not in ("zh", "ja", "ko") else family + given
    elif roll < 65:
        display = "%s, %s" % (family, given)
    elif roll < 72:
        display = given
        contact["familyName"] = ""
    elif roll < 76:
        display = "%s %s" % (given.upper(), family.upper())
    elif roll < 79:
        display = "%s %s %s" % (rng.choice(["Dr.", "Prof.", "Mr", "Mme", "Sr."]), given, family)
    elif roll < 82:
        display = rng.choice(NICKNAMES)
    elif roll < 84:
        display = "%s %s" % (given, rng.choice(EMOJI))
    elif roll < 88:
        display = ""
    elif roll < 91:
        display = rng.choice(ORGANIZATIONS)
        contact["givenName"] = contact["familyName"] = ""
        contact["organizationName"] = display
    else:
        display = "%s %s" % (given, family)
    if display:
        contact["displayName"] = display
    if "organizationName" not in contact and rng.random() < 0.25:
        contact["organizationName"] = rng.choice(ORGANIZATIONS)
        contact["jobTitle"] = rng.choice(TITLES)
    phones = []
    for _ in range(rng.choices([0, 1, 2, 3], [12, 55, 25, 8])[0]):
        phone_code = code if rng.random() < 0.8 else rng.choice(["+1", "+44", "+49", "+33", "+86"])
        phones.append({"label": rng.choice(["mobile", "home", "work", "Mobil", "cell", "WhatsApp", ""]),
                       "value": written_phone(rng, phone_code, national_digits(rng, phone_code))})
    if phones:
        contact["phoneNumbers"] = phones
    emails = []
    local_given, local_family = ascii_local(given), ascii_local(family)
    for index in range(rng.choices([0, 1, 2], [40, 45, 15])[0]):
        if not local_given and not local_family:
            local = "user%d" % rng.randrange(100000)
        else:
            local = rng.choice([
                "%s.%s" % (local_given, local_family), "%s%s" % (local_given[:1], local_family),
                "%s%d" % (local_given or local_family, rng.randrange(1950, 2010)), "%s_%s" % (local_family, local_given),
            ])
        domain = rng.choice(domains) if index == 0 or rng.random() < 0.5 else "company%d.com" % rng.randrange(50)
        emails.append({"label": rng.choice(["home", "work", "other"]),
                       "value": (local.upper() if rng.random() < 0.03 else local) + "@" + domain})
    if emails:
        contact["emailAddresses"] = emails
    if rng.random() < 1 / 6:
        contact["notes"] = rng.choice(NOTES)
    if rng.random() < 0.1:
        contact["addresses"] = [{"label": "home", "street": "%d Main St" % rng.randrange(1, 999),
                                 "city": rng.choice(["Berlin", "Łódź", "Madrid", "Tromsø", "Hà Nội", "Reykjavík"]),
                                 "state": "", "postalCode": "%05d" % rng.randrange(100000), "country": ""}]
    return contact


def typed(rng, text):
    """`text` as someone types it: lowercase or capitals, often without its diacritics."""
    roll = rng.random()
    if roll < 0.4:
        text = ascii_local(text) or text.lower()
    elif roll < 0.8:
        text = text.lower()
    elif roll < 0.9:
        text = text.upper()
    return text


def digits_of(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if "0" <= c <= "9")


def make_query(rng, contacts):
    contact = rng.choice(contacts)
    given, family = contact.get("givenName", ""), contact.get("familyName", "")
    kind = rng.randrange(100)
    if kind < 22:
        name = rng.choice([n for n in (given, family, contact.get("displayName", "")) if n] or ["a"])
        word = typed(rng, name)
        return word[:rng.choice([1, 2, 3, 3, 4, 4, 5, 6, 8])] or "a"
    if kind < 32:
        if given and family:
            parts = [typed(rng, given), typed(rng, family)]
            if rng.random() < 0.3:
                parts.reverse()
            return " ".join(part[:rng.choice([2, 3, 4, 20])] for part in parts)
        return typed(rng, given or family or "ana")
    if kind < 40:
        return rng.choice(["a", "e", "o", "i", "m", "j", "s", "é", "ä", "an", "ma", "er", "el", "la", "ch"])
    if kind < 55:
        phones = contact.get("phoneNumbers") or [{"value": "+1 415 555 0100"}]
        digits = digits_of(rng.choice(phones)["value"])
        style = rng.randrange(5)
        if style == 0:
            return digits[-4:]
        if style == 1:
            return digits[-rng.choice([5, 6, 7]):]
        if style == 2:
            return "+%s %s" % (digits[:2], digits[2:4])
        if style == 3:
            return " ".join([digits[:3], digits[3:6], digits[6:9]]).strip()
        return digits[rng.randrange(max(1, len(digits) - 5)):][:rng.choice([3, 4, 5])]
    if kind < 65:
        emails = contact.get("emailAddresses") or [{"value": "someone@example.com"}]
        email = rng.choice(emails)["value"].lower()
        local, _, domain = email.partition("@")
        return rng.choice([local[:rng.choice([3, 4, 6])], "@" + domain, domain.split(".")[0], local, email[:8]])
    if kind < 73:
        organization = contact.get("organizationName") or rng.choice(ORGANIZATIONS)
        words = organization.split()
        return typed(rng, rng.choice(words))[:rng.choice([3, 4, 6, 20])]
    if kind < 80:
        return rng.choice(["김", "이민", "王", "李伟", "Моск", "Иван", "Ελέ", "Παπα", "محمد", "佐藤", "राहुल", "ハル"])
    if kind < 90:
        name = typed(rng, given or family or "ana")
        if len(name) > 3:
            position = rng.randrange(len(name))
            name = name[:position] + rng.choice("qxzkw") + name[position + 1:]
        return name
    return rng.choice(["zzqx", "qwerty", "xyzzy", "ñandú", "9z9z", "жжж", "@nowhere.invalid", "000000000",
                       "plumbus", "Q"]) + (str(rng.randrange(100)) if rng.random() < 0.5 else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--contacts", type=int, required=True)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    rng = random.Random(arguments.seed)
    # The queries are drawn from a sample of the contacts, kept while writing.
    sample, sample_size = [], 20000
    with open(os.path.join(arguments.out, "contacts.jsonl"), "w", encoding="utf-8") as output:
        for number in range(arguments.contacts):
            contact = make_contact(rng, number)
            output.write(json.dumps(contact, ensure_ascii=False, separators=(",", ":")) + "\n")
            if len(sample) < sample_size:
                sample.append(contact)
            elif rng.random() < sample_size / (number + 1):
                sample[rng.randrange(sample_size)] = contact
    query_rng = random.Random(arguments.seed + 1)
    with open(os.path.join(arguments.out, "queries.txt"), "w", encoding="utf-8") as output:
        for _ in range(arguments.queries):
            query = " ".join(make_query(query_rng, sample or [{}]).split())
            output.write((query or "a") + "\n")


if __name__ == "__main__":
    main()
