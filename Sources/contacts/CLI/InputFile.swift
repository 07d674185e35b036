import ContactsSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reading whole input files with an error that names the file; `-` names standard input
/// (for inputs read once).
enum InputFile {
    /// The path that stands for standard input.
    static let standardInput = "-"

    /// The bytes read from standard input at a time.
    static let chunkBytes = 1 << 20

    /// How messages name the input `path`: `standard input` for `-`, else the path.
    static func displayName(_ path: String) -> String {
        path == standardInput ? "standard input" : path
    }

    /// The bytes of the file at `path`, or all of standard input when `path` is `-`; at most
    /// `maximumBytes` of them (a longer input is an error saying so).
    ///
    /// - Throws: ``CommandLineError`` naming the input: missing, a directory, unreadable or
    ///   too large.
    /// - Complexity: O(n) in the size of the input.
    static func bytes(_ path: String, maximumBytes: Int = Int.max) throws -> [UInt8] {
        let bytes: [UInt8]
        if path == standardInput {
            bytes = try standardInputBytes(upTo: maximumBytes)
        } else {
            switch FileSystem.kind(of: path) {
            case .missing: throw CommandLineError("\(path): no such file")
            case .directory: throw CommandLineError("\(path): is a directory")
            case .file: break
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandLineError("\(path): cannot be read")
            }
            bytes = [UInt8](data)
        }
        guard bytes.count <= maximumBytes else {
            throw CommandLineError("\(displayName(path)): larger than \(maximumBytes) bytes")
        }
        return bytes
    }

    /// Throws unless `path` names a regular file, for an input that is read more than once
    /// (so `-`, standard input, cannot stand for it); `option` names where it was given.
    static func requireFile(_ path: String, option: String) throws {
        guard path != standardInput else {
            throw CommandLineError("\(option) -: standard input cannot stand for a file that is read more than once")
        }
        switch FileSystem.kind(of: path) {
        case .missing: throw CommandLineError("\(path): no such file")
        case .directory: throw CommandLineError("\(path): is a directory")
        case .file: break
        }
    }

    /// Standard input to its end, or its first `maximumBytes + 1` bytes when it is longer.
    private static func standardInputBytes(upTo maximumBytes: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandLineError("standard input cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
