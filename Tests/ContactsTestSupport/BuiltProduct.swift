import Foundation

/// Finds an executable product of this package where SwiftPM built it beside the tests: a
/// test target that depends on an executable target gets it in the same products directory
/// as its own bundle. The one way every test finds `contacts` or `ContactsClientExample`.
public enum BuiltProduct {
    /// Why an executable could not be found.
    public struct NotFound: Error, CustomStringConvertible {
        /// The executable looked for.
        public let name: String
        /// The environment variable that overrides the search.
        public let override: String
        /// Every path tried, in order.
        public let searched: [String]

        /// Names the executable, each path tried and how to build it or point at it.
        public var description: String {
            "the `\(name)` executable was not found (build it with `swift build --build-tests`, or set "
                + "\(override)); looked in: " + searched.joined(separator: ", ")
        }
    }

    /// The executable `name`: the path in the environment variable `override` when it is set
    /// (an error when that is not an executable file), else the first of the products
    /// directories (beside the test bundle, beside the test runner, the package's
    /// `.build/debug`) that holds it.
    public static func locate(_ name: String, override: String) -> Result<URL, NotFound> {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment[override], !explicit.isEmpty {
            return fileManager.isExecutableFile(atPath: explicit)
                ? .success(URL(fileURLWithPath: explicit))
                : .failure(NotFound(name: name, override: override, searched: [explicit]))
        }
        var directories: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true)
            directories.append(URL(fileURLWithPath: first, relativeTo: cwd).deletingLastPathComponent())
        }
        // Last resort: the package's own build directory, found from this source file.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(packageRoot.appendingPathComponent(".build/debug", isDirectory: true))

        var searched: [String] = []
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).standardizedFileURL
            if searched.contains(candidate.path) { continue }
            searched.append(candidate.path)
            if fileManager.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
        }
        return .failure(NotFound(name: name, override: override, searched: searched))
    }
}
