import Foundation

/// Figures the Linux kernel reports in `/proc` text files.
enum ProcFile {
    /// The value of the `key: N kB` line of the file at `path` (`/proc/self/status`'s `VmHWM`,
    /// `/proc/meminfo`'s `MemAvailable`), in bytes; nil when the file or the line cannot be read.
    static func kilobyteField(_ key: String, inFile path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
            let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
