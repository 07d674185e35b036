extension FixturePhoneCountry {
    /// The countries fixtures write numbers for.
    ///
    /// Calling codes, IDD and national prefixes and the number ranges follow Google's
    /// libphonenumber metadata (PhoneNumberMetadata.xml, as shipped in the PyPI package
    /// `phonenumbers` 9.0.43); the written forms follow common national conventions (national
    /// prefix, spaces, dashes, dots, slashes, parentheses, `(0)` after the calling code).
    /// The ranges avoid numbers that libphonenumber assigns to another region of the same
    /// calling code (Jersey, Guernsey and the Isle of Man in +44 7, the Vatican in +39 06698),
    /// so a user's region is always the region of their number.
    /// Brazil and South Korea have no IDD here: their international prefixes carry a carrier
    /// code, so people there store foreign numbers with `+`.
    package static let all: [FixturePhoneCountry] = [
        FixturePhoneCountry(
            region: "US", callingCode: "1", internationalPrefix: "011",
            plans: [
                Plan(
                    ["212", "206", "305", "310", "312", "404", "415", "512", "617", "646", "702", "713"],
                    length: 10, firstFreeDigitMinimum: 2,
                    national: [
                        "(###) ###-####", "###-###-####", "###.###.####", "##########", "1-###-###-####",
                        "1 (###) ###-####", "### ### ####",
                    ],
                    international: ["###-###-####", "(###) ###-####", "### ### ####", "##########", "###.###.####"])
            ]),
        FixturePhoneCountry(
            region: "GB", callingCode: "44", internationalPrefix: "00",
            plans: [
                Plan(
                    ["71", "72", "73", "740", "748", "749"], length: 10,
                    national: ["0#### ######", "0####-######", "0##########", "0#### ### ###"],
                    international: ["#### ######", "(0)#### ######", "##########"]),
                Plan(
                    ["203", "207", "208"], length: 10,
                    national: ["0## #### ####", "(0##) #### ####", "0##-####-####"],
                    international: ["## #### ####", "(0)## #### ####"]),
            ]),
        FixturePhoneCountry(
            region: "DE", callingCode: "49", internationalPrefix: "00",
            plans: [
                Plan(
                    [
                        "151", "152", "157", "160", "170", "171", "172", "173", "174", "175", "176", "177", "178",
                        "179",
                    ],
                    length: 11,
                    national: ["0### ########", "0###/########", "0###-########", "(0###) ########", "0### #### ####"],
                    international: ["### ########", "(0)### ########", "### #### ####"]),
                Plan(
                    ["30", "89"], length: 10,
                    national: ["0## ########", "0##/########", "(0##) ########", "0##-####-####"],
                    international: ["## ########", "(0)## ########"]),
            ]),
        FixturePhoneCountry(
            region: "FR", callingCode: "33", internationalPrefix: "00",
            plans: [
                Plan(
                    ["60", "61", "62", "64", "65", "66", "67", "68", "73", "74", "75", "76", "77", "78", "1"],
                    length: 9,
                    national: ["0# ## ## ## ##", "0#.##.##.##.##", "0#-##-##-##-##", "0#########"],
                    international: ["# ## ## ## ##", "(0)# ## ## ## ##", "#########"])
            ]),
        FixturePhoneCountry(
            region: "ES", callingCode: "34", internationalPrefix: "00",
            plans: [
                Plan(
                    ["6", "91", "93"], length: 9,
                    national: ["### ## ## ##", "### ### ###", "#########", "###-##-##-##"],
                    international: ["### ## ## ##", "### ### ###", "#########"])
            ]),
        FixturePhoneCountry(
            region: "MX", callingCode: "52", internationalPrefix: "00",
            plans: [
                Plan(
                    ["55", "33", "81"], length: 10,
                    national: ["## #### ####", "(##) ####-####", "##########", "##-####-####"],
                    international: ["## #### ####", "##########"])
            ]),
        FixturePhoneCountry(
            region: "PT", callingCode: "351", internationalPrefix: "00",
            plans: [
                Plan(
                    ["91", "92", "93", "96"], length: 9,
                    national: ["### ### ###", "#########", "###-###-###"],
                    international: ["### ### ###", "#########"])
            ]),
        FixturePhoneCountry(
            region: "BR", callingCode: "55", internationalPrefix: nil,
            plans: [
                Plan(
                    ["119", "219", "319", "419", "519", "619", "719", "819", "859"], length: 11,
                    national: [
                        "(##) #####-####", "## #####-####", "## ##### ####", "###########", "0## #####-####",
                        "(0##) #####-####",
                    ],
                    international: ["## #####-####", "## ##### ####", "(##) #####-####"])
            ]),
        FixturePhoneCountry(
            region: "IT", callingCode: "39", internationalPrefix: "00",
            plans: [
                Plan(
                    ["31", "32", "33", "34", "35", "36", "37", "38", "39"], length: 10,
                    national: ["### ### ####", "### #######", "###-#######", "##########", "###.###.####"],
                    international: ["### ### ####", "### #######", "##########"]),
                // Italian landlines keep their leading 0 in the international form too. Rome
                // without 066, whose 06698 is the Vatican's.
                Plan(
                    ["02", "060", "061", "062", "063", "064", "065", "067", "068", "069"], length: 10,
                    national: ["## #### ####", "##-########", "(##) ########"],
                    international: ["## #### ####", "##########"]),
            ]),
        FixturePhoneCountry(
            region: "PL", callingCode: "48", internationalPrefix: "00",
            plans: [
                Plan(
                    ["50", "51", "53", "57", "60", "66", "69", "72", "73", "78", "79", "88"], length: 9,
                    national: ["### ### ###", "###-###-###", "#########"],
                    international: ["### ### ###", "###-###-###", "#########"])
            ]),
        FixturePhoneCountry(
            region: "CZ", callingCode: "420", internationalPrefix: "00",
            plans: [
                Plan(
                    ["601", "602", "603", "604", "605", "606", "607", "608", "72", "73", "77", "79"], length: 9,
                    national: ["### ### ###", "#########", "###-###-###"],
                    international: ["### ### ###", "#########"])
            ]),
        FixturePhoneCountry(
            region: "TR", callingCode: "90", internationalPrefix: "00",
            plans: [
                Plan(
                    [
                        "505", "506", "507", "530", "531", "532", "533", "534", "535", "536", "537", "538", "539",
                        "541", "542", "543", "544", "545", "546",
                    ],
                    length: 10,
                    national: [
                        "0### ### ## ##", "0 (###) ### ## ##", "0###-###-####", "0##########", "(0###) ### ## ##",
                    ],
                    international: ["### ### ## ##", "(###) ### ## ##", "##########"])
            ]),
        FixturePhoneCountry(
            region: "VN", callingCode: "84", internationalPrefix: "00",
            plans: [
                Plan(
                    [
                        "32", "33", "34", "35", "36", "37", "38", "39", "70", "76", "77", "78", "79", "81", "82", "83",
                        "84", "85", "86", "88", "90", "91", "93", "94", "96", "97", "98",
                    ],
                    length: 9,
                    national: ["0## ### ####", "0### ### ###", "0#########", "0##-###-####", "0##.###.####"],
                    international: ["## ### ####", "### ### ###", "#########"])
            ]),
        FixturePhoneCountry(
            region: "SE", callingCode: "46", internationalPrefix: "00",
            plans: [
                Plan(
                    ["70", "72", "73", "76"], length: 9,
                    national: ["0##-### ## ##", "0## ### ## ##", "0##-#######", "0#########"],
                    international: ["## ### ## ##", "(0)## ### ## ##", "#########"])
            ]),
        FixturePhoneCountry(
            region: "NO", callingCode: "47", internationalPrefix: "00",
            plans: [
                Plan(
                    ["40", "41", "46", "47", "48", "90", "91", "92", "93", "94", "95", "96", "97", "98", "99"],
                    length: 8,
                    national: ["### ## ###", "## ## ## ##", "########", "###-##-###"],
                    international: ["### ## ###", "## ## ## ##", "########"])
            ]),
        FixturePhoneCountry(
            region: "RU", callingCode: "7", internationalPrefix: "810",
            plans: [
                Plan(
                    ["90", "91", "92", "95", "96", "98", "931", "937"], length: 10,
                    national: [
                        "8 (###) ###-##-##", "8 ### ###-##-##", "8-###-###-##-##", "8##########", "8 ### ### ## ##",
                    ],
                    international: ["(###) ###-##-##", "### ###-##-##", "##########", "### ### ## ##"])
            ]),
        FixturePhoneCountry(
            region: "GR", callingCode: "30", internationalPrefix: "00",
            plans: [
                Plan(
                    ["69"], length: 10,
                    national: ["### ### ####", "###-#######", "##########", "### #######"],
                    international: ["### ### ####", "##########"])
            ]),
        FixturePhoneCountry(
            region: "CN", callingCode: "86", internationalPrefix: "00",
            plans: [
                Plan(
                    ["13", "18", "150", "151", "152", "153", "155", "156", "157", "158", "159"], length: 11,
                    national: ["### #### ####", "###-####-####", "###########"],
                    international: ["### #### ####", "###########", "###-####-####"])
            ]),
        FixturePhoneCountry(
            region: "JP", callingCode: "81", internationalPrefix: "010",
            plans: [
                Plan(
                    ["90", "80", "70"], length: 10, firstFreeDigitMinimum: 1,
                    national: ["0##-####-####", "0## #### ####", "0##########", "0##(####)####"],
                    international: ["##-####-####", "## #### ####", "##########"])
            ]),
        FixturePhoneCountry(
            region: "KR", callingCode: "82", internationalPrefix: nil,
            plans: [
                Plan(
                    ["102", "103", "104", "106", "107", "108", "109"], length: 10,
                    national: ["0##-####-####", "0## #### ####", "0##########", "0##.####.####"],
                    international: ["##-####-####", "## #### ####", "##########"])
            ]),
        FixturePhoneCountry(
            region: "SA", callingCode: "966", internationalPrefix: "00",
            plans: [
                Plan(
                    ["50", "53", "54", "55", "56", "58", "59"], length: 9,
                    national: ["0## ### ####", "0#########", "0##-###-####"],
                    international: ["## ### ####", "#########", "##-###-####"])
            ]),
    ]

    /// The index in ``all`` of `region`, or nil.
    package static func index(ofRegion region: String) -> Int? {
        all.firstIndex { $0.region == region }
    }
}
