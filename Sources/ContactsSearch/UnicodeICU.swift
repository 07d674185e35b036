internal import CUnicode
import ContactsSupport

/// The ICU services search folding needs (NFKD, full case folding, canonical combining class,
/// general category), over UTF-16 buffers, behind one small safe API. The only file that
/// imports CUnicode (the C target that calls ICU).
package enum UnicodeICU {
    /// NFKD of `source`.
    ///
    /// - Complexity: O(n) in the number of code units.
    package static func nfkd(_ source: UnsafeBufferPointer<UInt16>) -> [UInt16] {
        // NFKD expands a code unit to at most 18 (U+FDFA); 3× covers ordinary text in one call.
        transform(source, capacity: source.count * 3 + 8, operation: "NFKD") { src, length, dest, capacity, status in
            cunicode_nfkd(src, length, dest, capacity, status)
        }
    }

    /// Full default case folding (CaseFolding.txt statuses C and F) of `source`.
    ///
    /// - Complexity: O(n) in the number of code units.
    package static func foldCase(_ source: UnsafeBufferPointer<UInt16>) -> [UInt16] {
        transform(source, capacity: source.count + 8, operation: "case folding") {
            src, length, dest, capacity, status in
            cunicode_fold_case(src, length, dest, capacity, status)
        }
    }

    /// The canonical combining class of the code point `scalar`.
    package static func combiningClass(_ scalar: UInt32) -> UInt8 {
        cunicode_combining_class(Int32(bitPattern: scalar))
    }

    /// True when the general category of `scalar` is L, N or M.
    package static func isWordCharacter(_ scalar: UInt32) -> Bool {
        cunicode_is_word_character(Int32(bitPattern: scalar)) != 0
    }

    /// Runs an ICU "preflighting" string function, growing the output once when ICU reports
    /// the length it needs.
    private static func transform(
        _ source: UnsafeBufferPointer<UInt16>, capacity initialCapacity: Int, operation: String,
        _ call: (
            UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<CUnicodeStatus>
        ) -> Int32
    ) -> [UInt16] {
        guard let base = source.baseAddress, !source.isEmpty else { return [] }
        var capacity = initialCapacity
        while true {
            var status = CUNICODE_OK
            var needed: Int32 = 0
            let output = [UInt16](fillingCapacity: capacity) { buffer, initialized in
                // A non-empty request always has a base address.
                guard let destination = buffer.baseAddress else { return }
                needed = call(base, Int32(source.count), destination, Int32(capacity), &status)
                initialized = status == CUNICODE_OK ? Int(needed) : 0
            }
            if status == CUNICODE_BUFFER_TOO_SMALL {
                capacity = Int(needed)
                continue
            }
            // Other failures mean ICU itself is unusable (missing data), not bad input: every
            // Swift string is valid UTF-16.
            precondition(status == CUNICODE_OK, "ICU \(operation) failed")
            return output
        }
    }
}
