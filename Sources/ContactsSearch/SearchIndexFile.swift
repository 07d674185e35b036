import ContactsModel

/// The saved form of a ``ContactSearchIndex`` (version 3: the folding of amended PROTOCOL §2), all integers little-endian.
///
/// ```
/// header (32 bytes)  magic "CCSRCHIX" · version UInt32 · reserved UInt32 (0)
///                    · payload length UInt64 · XXH3-64 of the payload (seed 0) UInt64
/// payload            contacts   · count, then each contact as `ContactCodec.write(_:to:)` writes
///                                 it: id, ownerId, then the body the stores keep
///                    folded text · bytes, record starts, flags (FoldedTextStore)
///                    5 tables   · name, email, notes, digits, word prefixes: slot count, keys,
///                                 list starts, list bytes, bitmap words (TrigramIndex)
/// ```
/// Arrays are a UInt64 count then the elements. Only compacted indexes are saved (every slot
/// live and in ranking order), so reopening is copying arrays plus one validating pass: every
/// offset, list and text record is checked, so a damaged or crafted file gives an error,
/// never a crash or an out-of-bounds read.
package enum SearchIndexFile {
    /// The first eight bytes of every index file.
    package static let magic: [UInt8] = Array("CCSRCHIX".utf8)
    /// The format version this build writes and reads.
    package static let version: UInt32 = 3
    /// The header's size in bytes.
    package static let headerSize = 32
}
