/// Why the embedded metadata table (or one of its patterns) could not be loaded.
///
/// The table is generated and committed, so this error means the generated file is corrupt or
/// uses a pattern feature the engine does not implement; a unit test loads the table to catch
/// that before release.
package struct PhoneMetadataError: Error, CustomStringConvertible {
    /// What is wrong, naming the record or pattern.
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
