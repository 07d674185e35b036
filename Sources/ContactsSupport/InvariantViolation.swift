/// A broken internal invariant of a structure, found by its `_checkInvariants()` method: tests
/// call them after mutations, and debug builds after each change of a structure's memory
/// (release builds never do).
package struct InvariantViolation: Error, CustomStringConvertible {
    /// What is wrong, naming the structure and the offending part.
    package let description: String

    /// A violation described by `description`.
    package init(_ description: String) {
        self.description = description
    }
}
