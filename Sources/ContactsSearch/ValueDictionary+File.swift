import ContactsSupport

extension ValueDictionary {
    /// Writes the values and their gram index.
    package func write(to writer: inout BinaryWriter) {
        writer.write(starts)
        writer.write(bytes)
        grams.write(to: &writer)
    }

    /// Reads a dictionary and checks it: offsets in order and in bounds, every value valid
    /// UTF-8, the gram index over exactly its ordinals.
    package static func read(from reader: inout BinaryReader) throws(BinaryFormatError) -> ValueDictionary {
        let (starts, bytes) = try reader.readBytesAfterOffsets()
        guard starts.first == 0, starts.last == bytes.count, zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw .corrupt("value offsets out of order in \(reader.section)") }
        let grams = try TrigramIndex.read(from: &reader, slotCount: starts.count - 1)
        let dictionary = ValueDictionary(bytes: bytes, starts: starts, grams: grams)
        let valid = dictionary.withValues { view in
            (0..<dictionary.count).allSatisfy { UTF8Scalars.isValid(view.value($0)) }
        }
        guard valid else { throw .corrupt("a value that is not valid UTF-8 in \(reader.section)") }
        return dictionary
    }
}
