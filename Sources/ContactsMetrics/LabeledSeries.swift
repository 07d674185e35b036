internal import ContactsSupport

/// The series of one metric family, one per distinct set of label values, made on first use.
///
/// Lookups of an existing series share a reader lock; only the first use of a new set of
/// values takes the writer lock, and keeps the list ordered and the series' label text
/// rendered then, so a scrape neither sorts nor escapes. Scrapes copy the list under the
/// reader lock and read the values after releasing it: a scrape never holds a lock that an
/// increment waits on (increments take no lock at all).
final class LabeledSeries<Child: AnyObject & Sendable>: Sendable {
    /// One series: its label values, their text (`a="x",b="y"`, escaped), and its values.
    struct Series: Sendable {
        let labelValues: LabelValues
        let renderedLabels: [UInt8]
        let child: Child
    }

    private struct State {
        var index: [LabelValues: Child] = [:]
        /// Ordered by label values (bytes).
        var ordered: [Series] = []
    }

    /// The label names, in order.
    let labelNames: [String]

    private let makeChild: @Sendable () -> Child
    private let state = ReadWriteLocked(State())

    init(labelNames: [String], makeChild: @escaping @Sendable () -> Child) {
        self.labelNames = labelNames
        self.makeChild = makeChild
    }

    /// The series for `values` (one per label name), made when first asked for.
    ///
    /// - Complexity: O(n) in the bytes of the values (a hash), under a shared lock; the first
    ///   use of a set of values adds O(s) in the number of series.
    func child(_ values: [String]) -> Child {
        precondition(
            values.count == labelNames.count,
            "metric with labels \(labelNames) given \(values.count) label values")
        let key = LabelValues(values: values)
        if let child = state.read({ $0.index[key] }) { return child }
        return state.write { state in
            if let child = state.index[key] { return child }
            let child = makeChild()
            state.index[key] = child
            let position = state.ordered.firstIndex { key.precedes($0.labelValues) } ?? state.ordered.endIndex
            let rendered = PrometheusTextWriter.renderLabels(names: labelNames, values: values)
            state.ordered.insert(Series(labelValues: key, renderedLabels: rendered, child: child), at: position)
            return child
        }
    }

    /// Every series, ordered by label values (bytes).
    ///
    /// - Complexity: O(s) in the number of series (a copy of the list).
    func orderedSeries() -> [Series] {
        state.read { $0.ordered }
    }
}
