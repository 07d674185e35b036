/// The version of this package.
public enum ContactsCoreVersion {
    /// The version string reported by `getServerInfo` and `contacts --version`.
    public static let current = "0.1.0"
}
