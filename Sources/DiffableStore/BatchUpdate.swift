/// A move from a position before a batch of updates to a position after it.
public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
    /// The position before the batch (old coordinates).
    public var source: Position
    /// The position after the batch (new coordinates).
    public var destination: Position

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - source: The position before the batch.
    ///   - destination: The position after the batch.
    @inlinable
    public init(_ source: Position, _ destination: Position) {
        self.source = source
        self.destination = destination
    }
}

/// One batch of updates a list view performs at once, in the coordinates UIKit's
/// `performBatchUpdates` requires.
///
/// Deletes, reloads, reconfigures and the source of every move are in the coordinates *before* the
/// batch; inserts and the destination of every move are in the coordinates *after* it. Items that are
/// neither deleted, inserted nor moved keep their relative order and fill the remaining slots.
/// Every array is sorted ascending (moves by source).
public struct BatchUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Sections deleted, in old coordinates.
    public var deletedSections: [Int]
    /// Sections inserted, in new coordinates.
    public var insertedSections: [Int]
    /// Sections moved, from old to new coordinates.
    public var movedSections: [Move<Int>]
    /// Sections reloaded (their items are taken anew from the data source), in old coordinates.
    public var reloadedSections: [Int]
    /// Items deleted, in old coordinates.
    public var deletedItems: [ListIndexPath]
    /// Items inserted, in new coordinates.
    public var insertedItems: [ListIndexPath]
    /// Items moved, from old to new coordinates.
    public var movedItems: [Move<ListIndexPath>]
    /// Items reloaded (a new cell is dequeued), in old coordinates.
    public var reloadedItems: [ListIndexPath]
    /// Items reconfigured (the visible cell is configured again in place), in old coordinates.
    public var reconfiguredItems: [ListIndexPath]

    /// Creates a batch; every argument defaults to empty.
    public init(
        deletedSections: [Int] = [],
        insertedSections: [Int] = [],
        movedSections: [Move<Int>] = [],
        reloadedSections: [Int] = [],
        deletedItems: [ListIndexPath] = [],
        insertedItems: [ListIndexPath] = [],
        movedItems: [Move<ListIndexPath>] = [],
        reloadedItems: [ListIndexPath] = [],
        reconfiguredItems: [ListIndexPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.reloadedSections = reloadedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && reloadedSections.isEmpty && deletedItems.isEmpty && insertedItems.isEmpty
            && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
    }

    /// A readable log line: `"delete 0.3; insert 0.0, 0.1; move 1.2 -> 0.5; reconfigure 0.4"`.
    ///
    /// Section operations are written with a `section` prefix (`"delete section 2"`); an empty batch
    /// reads `"no changes"`.
    public var description: String {
        var parts: [String] = []
        func add<T>(_ name: String, _ values: [T], _ show: (T) -> String) {
            guard !values.isEmpty else { return }
            parts.append(name + " " + values.map(show).joined(separator: ", "))
        }
        add("delete section", deletedSections) { "\($0)" }
        add("insert section", insertedSections) { "\($0)" }
        add("move section", movedSections) { "\($0.source) -> \($0.destination)" }
        add("reload section", reloadedSections) { "\($0)" }
        add("delete", deletedItems) { $0.description }
        add("insert", insertedItems) { $0.description }
        add("move", movedItems) { "\($0.source) -> \($0.destination)" }
        add("reload", reloadedItems) { $0.description }
        add("reconfigure", reconfiguredItems) { $0.description }
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }
}
