import ContactsTestSupport

/// Runs a Python 3 program (`python3 -c`) as an independent implementation to check ours
/// against: its standard input is given whole, its standard output returned.
enum PythonScript {
    /// Why the script did not produce an answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `source` with `input` on its standard input; its standard output, when it exits 0.
    static func run(_ source: String, input: [UInt8]) throws -> [UInt8] {
        let run: ChildProcess.Run
        do {
            run = try ChildProcess.run("/usr/bin/env", ["python3", "-c", source], stdin: input)
        } catch {
            throw Failure(description: "cannot start python3 (is it installed?): \(error)")
        }
        guard run.termination == ChildProcess.Termination(code: 0, exited: true) else {
            throw Failure(description: "python3 failed (\(run.termination)): \(run.errors)")
        }
        return run.output
    }
}
