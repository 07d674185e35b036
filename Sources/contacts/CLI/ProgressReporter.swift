import ContactsCore
import ContactsSupport

/// Progress of long work on stderr: a redrawn bar on a terminal, a plain line every few
/// seconds otherwise, nothing with `--quiet`. Nothing at all is shown for work that ends
/// within the first second.
final class ProgressReporter {
    /// How long work runs before progress is shown.
    static let quietPeriodNanoseconds: UInt64 = 1_000_000_000
    /// Between two redraws of the terminal bar.
    static let terminalIntervalNanoseconds: UInt64 = 100_000_000
    /// Between two lines when stderr is not a terminal.
    static let plainIntervalNanoseconds: UInt64 = 3_000_000_000

    private let label: String
    private let enabled: Bool
    private let terminal: Bool
    private let started = WallClock.monotonicNanoseconds()
    private var lastShown: UInt64 = 0
    private var shownAny = false

    /// A reporter for work called `label`; silent when `quiet`.
    init(_ label: String, quiet: Bool) {
        self.label = label
        enabled = !quiet
        terminal = StandardStreams.stderrIsTerminal
    }

    /// Reports that `done` of `total` units are finished.
    func update(done: Int, total: Int) {
        guard enabled else { return }
        let now = WallClock.monotonicNanoseconds()
        guard now - started >= Self.quietPeriodNanoseconds else { return }
        let interval = terminal ? Self.terminalIntervalNanoseconds : Self.plainIntervalNanoseconds
        guard !shownAny || now - lastShown >= interval else { return }
        lastShown = now
        shownAny = true
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let percent = Int(fraction * 100)
        if terminal {
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            StandardStreams.writeError("\r\(label) [\(bar)] \(percent)% \(done)/\(total)")
        } else {
            StandardStreams.writeError("\(label): \(percent)% (\(done)/\(total))\n")
        }
    }

    /// Ends the report (a final newline after a terminal bar).
    func finish() {
        guard enabled, shownAny else { return }
        if terminal { StandardStreams.writeError("\n") } else { StandardStreams.writeError("\(label): done\n") }
    }
}
