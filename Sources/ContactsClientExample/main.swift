import ContactsClient
import Foundation

// The ContactsManager SDK's samples as a program: see ExampleOptions.usage.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(ExampleOptions.usage)
    exit(0)
}
do {
    let options = try ExampleOptions(arguments: arguments, environment: ProcessInfo.processInfo.environment)
    try await ExampleScenario(options: options).run()
} catch let error as ExampleOptions.Failure {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
