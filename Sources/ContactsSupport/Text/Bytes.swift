/// Substring and prefix tests on UTF-8 bytes. On valid UTF-8 these are the code point tests
/// PROTOCOL §2 asks for: a needle that starts with a lead byte can only match at a code point
/// boundary.
package enum Bytes {
    /// True when `needle` occurs in `haystack` (an empty needle always does).
    ///
    /// - Complexity: O(n·m) at worst, O(n) for ordinary text.
    @inline(__always)
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { contains(haystack, $0) }
    }

    /// True when `needle` occurs in `haystack` (an empty needle always does).
    ///
    /// - Complexity: O(n·m) at worst, O(n) for ordinary text.
    @inline(__always)
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    /// True when `text` starts with `prefix`.
    @inline(__always)
    package static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard text.count >= prefix.count else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            for index in 0..<prefix.count where text[index] != prefix[index] { return false }
            return true
        }
    }
}
