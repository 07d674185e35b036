extension ValueDictionary {
    /// Writes the values and their gram index.
    func write(to writer: inout BinaryWriter) {
        writer.write(starts)
        writer.write(bytes)
        grams.write(to: &writer)
    }

    /// Reads a dictionary and checks it: offsets in order and in bounds, every value valid
    /// UTF-8, the gram index over exactly its ordinals.
    static func read(from reader: inout BinaryReader) throws(SearchIndexFileError) -> ValueDictionary {
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

extension NameTable {
    /// Writes the base (the table must have no delta).
    func write(to writer: inout BinaryWriter) {
        dictionary.write(to: &writer)
        writer.write(runStarts.map(UInt64.init))
        wordPrefixes.write(to: &writer)
    }

    /// Reads the table of the base slots of `store` and checks it against them: names
    /// distinct and ascending, runs covering every slot in order, each slot's folded name the
    /// name of its run.
    static func read(from reader: inout BinaryReader, store: FoldedTextStore) throws(SearchIndexFileError) -> NameTable
    {
        let dictionary = try ValueDictionary.read(from: &reader)
        let runStarts = try reader.readOffsets(limit: store.count)
        let wordPrefixes = try TrigramIndex.read(from: &reader, slotCount: dictionary.count)
        let section = reader.section
        guard runStarts.count == dictionary.count + 1, runStarts.first == 0, runStarts.last == store.count,
            zip(runStarts, runStarts.dropFirst()).allSatisfy({ $0 < $1 })
        else { throw .corrupt("name runs that do not cover the contacts in \(section)") }
        let consistent = dictionary.withValues { names in
            store.withView { texts in
                (0..<dictionary.count).allSatisfy { ordinal in
                    (ordinal == 0 || names.value(ordinal - 1).lexicographicallyPrecedes(names.value(ordinal)))
                        && (runStarts[ordinal]..<runStarts[ordinal + 1]).allSatisfy {
                            texts.text(of: $0).name.elementsEqual(names.value(ordinal))
                        }
                }
            }
        }
        guard consistent else { throw .corrupt("names that do not match the contacts in \(section)") }
        return NameTable(
            dictionary: dictionary, runStarts: runStarts.map { UInt32($0) }, wordPrefixes: wordPrefixes,
            deltaGrams: TrigramIndex(baseSlotCount: store.count))
    }
}

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
