import ContactsSupport

extension ValueTable {
    /// Writes the values and their slots.
    package func write(to writer: inout BinaryWriter) {
        dictionary.write(to: &writer)
        postings.write(to: &writer)
        denseGrams.write(to: &writer)
    }

    /// Reads the table over `slotCount` slots and checks it: values distinct, slots listed only
    /// under existing values.
    package static func read(from reader: inout BinaryReader, slotCount: Int) throws(BinaryFormatError) -> ValueTable {
        let dictionary = try ValueDictionary.read(from: &reader)
        let postings = try TrigramIndex.read(from: &reader, slotCount: slotCount)
        let denseGrams = try TrigramIndex.read(from: &reader, slotCount: slotCount)
        var ordinals: [[UInt8]: UInt32] = [:]
        let distinct = dictionary.withValues { view in
            (0..<dictionary.count).allSatisfy { ordinal in
                let value = Array(view.value(ordinal))
                return ordinals.updateValue(UInt32(ordinal), forKey: value) == nil
            }
        }
        guard distinct, postings.keys.allSatisfy({ $0 >= 1 && $0 <= UInt64(dictionary.count) }) else {
            throw .corrupt("inconsistent values in \(reader.section)")
        }
        return ValueTable(dictionary: dictionary, postings: postings, ordinals: ordinals, denseGrams: denseGrams)
    }
}
