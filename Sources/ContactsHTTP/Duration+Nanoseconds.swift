extension Duration {
    /// This duration in whole nanoseconds, for a duration checked by
    /// `HTTPServerConfiguration.validate()` (positive, at most a day).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
