/// Labels of phones, emails, addresses and social profiles (PROTOCOL §1), in this order:
///
/// 1. the `X-ABLabel` of the property's group (`item1.TEL` + `item1.X-ABLabel`, Apple's and
///    Google's export): Apple's built-in `_$!<Mobile>!$_` form unwrapped and lowercased
///    (`mobile`), a custom label as written (`Work Cell`);
/// 2. the first TYPE that says which (not how), lowercased, an `x-` prefix removed
///    (Android writes a custom label `Foo` as `X-Foo`), with `cell` → `mobile`;
/// 3. `other`.
///
/// Social profiles put the service first: the `X-SERVICE-TYPE` parameter (Apple), else for
/// IMPP the scheme of the URI (`skype:` → `skype`), lowercased; then the rules above.
extension VCardProperty {
    /// TYPEs that never name a phone's or an email's label (PROTOCOL §1).
    package static let nonLabelTypes: Set<String> = ["pref", "voice", "internet", "text", "video"]

    /// TYPEs that never name an address's label: the above and the delivery kinds of
    /// vCard 2.1/3.0 (`dom`, `intl`, `postal`, `parcel`).
    package static let nonLabelAddressTypes: Set<String> = nonLabelTypes.union(["dom", "intl", "postal", "parcel"])

    /// The label of this property, given the `X-ABLabel` text of its group (nil when none).
    package func label(groupLabel: String?, ignoring nonLabels: Set<String>) -> String {
        if let groupLabel, !groupLabel.isEmpty { return Self.unwrappingAppleLabel(groupLabel) }
        let label = firstType { type -> String? in
            let label = type.hasPrefix("x-") ? String(type.utf8.dropFirst(2)) ?? "" : type
            return label.isEmpty || nonLabels.contains(label) ? nil : label
        }
        return label == "cell" ? "mobile" : label ?? "other"
    }

    /// The label of a social profile (IMPP or X-SOCIALPROFILE) with value `value`.
    package func socialLabel(value: String, groupLabel: String?) -> String {
        if let service = parameterValues("X-SERVICE-TYPE").first?.trimmingASCIIWhitespace(), !service.isEmpty {
            return service.lowercased()
        }
        if name == "IMPP", let scheme = Self.uriScheme(of: value) {
            return scheme.lowercased()
        }
        return label(groupLabel: groupLabel, ignoring: Self.nonLabelTypes)
    }

    /// `_$!<Name>!$_` → `name`; any other label unchanged.
    private static func unwrappingAppleLabel(_ label: String) -> String {
        guard label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.count > 8 else { return label }
        let name = label.dropFirst(4).dropLast(4).lowercased()
        return name == "cell" ? "mobile" : name
    }

    /// The scheme of a URI (`skype` in `skype:joe`): a letter, then letters, digits, `+`,
    /// `-` or `.`, before the first `:`; nil when the value does not start with one.
    private static func uriScheme(of value: String) -> String? {
        guard let colon = value.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = value.utf8[..<colon]
        let isSchemeByte: (UInt8) -> Bool = {
            $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        guard let first = scheme.first, first.isASCIILetter, scheme.allSatisfy(isSchemeByte) else { return nil }
        return String(decoding: scheme, as: UTF8.self)
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII letter.
    fileprivate var isASCIILetter: Bool {
        (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
    }
}
