import Foundation

/// Reading whole input files with an error that names the file.
enum InputFile {
    /// The bytes of the file at `path`.
    static func bytes(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandLineError("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandLineError("\(path): is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandLineError("\(path): cannot be read")
        }
        return [UInt8](data)
    }
}
