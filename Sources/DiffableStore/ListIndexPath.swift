import Foundation

/// The position of an item in a sectioned list: its section and its index within that section.
///
/// Foundation's `IndexPath` has no `section` or `item` on Linux; this small value type reads naturally
/// on every platform and converts to and from `IndexPath`.
///
/// ```swift
/// let path = ListIndexPath(item: 3, section: 0)
/// print(path)
/// // Prints "0.3"
/// ```
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index of the section.
    public var section: Int
    /// The index of the item within its section.
    public var item: Int

    /// Creates an index path.
    ///
    /// - Parameters:
    ///   - item: The index of the item within its section.
    ///   - section: The index of the section.
    @inlinable
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// Creates an index path from a two-element Foundation `IndexPath` (`[section, item]`).
    ///
    /// - Parameter indexPath: An index path of exactly two indices.
    /// - Returns: `nil` when `indexPath` does not hold exactly two indices.
    public init?(_ indexPath: IndexPath) {
        guard indexPath.count == 2 else { return nil }
        self.init(item: indexPath[1], section: indexPath[0])
    }

    /// The Foundation `IndexPath` `[section, item]` for this position.
    public var indexPath: IndexPath { IndexPath(indexes: [section, item]) }

    /// Orders by section, then by item.
    @inlinable
    public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `section.item`, as in batch-update logs: `"1.2"`.
    public var description: String { "\(section).\(item)" }
}
