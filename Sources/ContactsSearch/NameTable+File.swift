import ContactsSupport

extension NameTable {
    /// Writes the base (the table must have no delta).
    package func write(to writer: inout BinaryWriter) {
        dictionary.write(to: &writer)
        writer.write(runStarts.map(UInt64.init))
        wordPrefixes.write(to: &writer)
        denseGrams.write(to: &writer)
    }

    /// Reads the table of the base slots of `store` and checks it against them: names
    /// distinct and ascending, runs covering every slot in order, each slot's folded name the
    /// name of its run.
    package static func read(from reader: inout BinaryReader, store: FoldedTextStore) throws(BinaryFormatError)
        -> NameTable
    {
        let dictionary = try ValueDictionary.read(from: &reader)
        let runStarts = try reader.readOffsets(limit: store.count)
        let wordPrefixes = try TrigramIndex.read(from: &reader, slotCount: dictionary.count)
        let denseGrams = try TrigramIndex.read(from: &reader, slotCount: store.count)
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
            deltaGrams: TrigramIndex(baseSlotCount: store.count), denseGrams: denseGrams)
    }
}
