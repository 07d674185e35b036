/// A broken internal invariant of a social structure, found by a `_checkInvariants()` method
/// (tests call them after mutations; the library never does on its own).
package struct InvariantViolation: Error, CustomStringConvertible {
    /// What is wrong, naming the structure and the offending part.
    package let description: String

    /// A violation described by `description`.
    package init(_ description: String) {
        self.description = description
    }
}
