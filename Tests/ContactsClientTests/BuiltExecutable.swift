import Foundation

/// Finds an executable product of this package in the build products directory, where the
/// tests' own bundle is: the test target depends on `contacts` and `ContactsClientExample`, so
/// `swift build --build-tests` puts both there.
enum BuiltExecutable {
    /// The executable `name`: the path in the environment variable `override` when set, else
    /// the first of the products directories (beside the test bundle, beside the test runner,
    /// the package's `.build/debug`) that holds it; an error naming where it looked otherwise.
    static func locate(_ name: String, override: String) -> Result<URL, ContactsServerProcess.Failure> {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment[override], !explicit.isEmpty {
            return fileManager.isExecutableFile(atPath: explicit)
                ? .success(URL(fileURLWithPath: explicit))
                : .failure(.init(description: "\(override)=\(explicit) is not an executable file"))
        }
        var directories: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        var searched: [String] = []
        for directory in directories {
            let candidate = directory.appendingPathComponent(name).standardizedFileURL
            if searched.contains(candidate.path) { continue }
            searched.append(candidate.path)
            if fileManager.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
        }
        return .failure(.init(description: "\(name) not found in " + searched.joined(separator: ", ")))
    }
}
