#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system operations the library needs, on POSIX calls.
///
/// The library does not import Foundation: Foundation brings its own copy of ICU's C
/// headers, which clash with the system ICU the search folding uses (CICU) in one module.
package enum FileSystem {
    /// What is at a path.
    package enum Kind: Sendable {
        /// Nothing (or nothing we may look at).
        case missing
        /// A regular file (or anything that is not a directory).
        case file
        /// A directory.
        case directory
    }

    /// What is at `path`.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// The size in bytes of the file at `path`, or nil when it cannot be read.
    package static func size(of path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_size)
    }

    /// True when the current process may write `path`.
    package static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// Removes the file at `path`; false when it could not.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// The current working directory.
    package static var currentDirectory: String {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The directory part of `path` (`""` when it has none), as `dirname` without the dots.
    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` made absolute against the current directory.
    package static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// At most `maximumBytes` bytes from the start of the file at `path`.
    package static func contents(of path: String, upTo maximumBytes: Int) throws(SystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError.lastError("open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(maximumBytes, 1 << 20))
        while bytes.count < maximumBytes {
            let wanted = min(chunk.count, maximumBytes - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError.lastError("read \(path)")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
