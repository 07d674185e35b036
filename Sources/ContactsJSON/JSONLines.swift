/// JSON Lines (one JSON value a line), as fixture files and the stdio service use it.
public enum JSONLines {
    /// The longest line, in bytes without its newline: 16 MiB (PROTOCOL §6).
    public static let maximumLineBytes = 16 * 1024 * 1024
}
