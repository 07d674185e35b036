extension DomainTable {
    /// Writes the segments and their slots.
    func write(to writer: inout BinaryWriter) {
        dictionary.write(to: &writer)
        postings.write(to: &writer)
    }

    /// Reads the table over `slotCount` slots and checks it: segments distinct, each starting
    /// with `@`, slots listed only under existing segments.
    static func read(from reader: inout BinaryReader, slotCount: Int) throws(SearchIndexFileError) -> DomainTable {
        let dictionary = try ValueDictionary.read(from: &reader)
        let postings = try TrigramIndex.read(from: &reader, slotCount: slotCount)
        var ordinals: [[UInt8]: UInt32] = [:]
        let distinct = dictionary.withValues { view in
            (0..<dictionary.count).allSatisfy { ordinal in
                let value = Array(view.value(ordinal))
                return value.first == GramKey.at && ordinals.updateValue(UInt32(ordinal), forKey: value) == nil
            }
        }
        guard distinct, postings.keys.allSatisfy({ $0 >= 1 && $0 <= UInt64(dictionary.count) }) else {
            throw .corrupt("inconsistent email domains in \(reader.section)")
        }
        return DomainTable(dictionary: dictionary, postings: postings, ordinals: ordinals)
    }
}
