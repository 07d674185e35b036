/// A page of a longer ordered list with the list's total.
public struct Page<Item: Hashable & Sendable>: Hashable, Sendable {
    /// The items of the page.
    public var items: [Item]
    /// How many items the whole list has.
    public var total: Int
    /// The effective skip.
    public var skip: Int
    /// The effective limit.
    public var limit: Int
}
