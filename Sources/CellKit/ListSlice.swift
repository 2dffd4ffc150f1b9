import DiffableStore

/// A run of item positions in one section of a data source's snapshot, owned by a child component that
/// reads and edits it with local indexes.
///
/// Make one with ``UniversalDataSource/makeSlice(in:range:)``. A slice is the half-open range
/// `lower..<upper` of positions in its ``section``; local index `l` is position `lower + l`. Every edit
/// through a slice stays inside it, and goes to the data source as an apply (animated once the host shows
/// the data source). An empty slice is valid: it marks where its items will go.
///
/// ```swift
/// let pockets = try dataSource.makeSlice(in: .main, range: 1..<1)   // after the header at 0
/// try pockets.append([Pocket(name: "Travel"), Pocket(name: "Rent")])
/// print(try pockets.range)
/// // Prints "1..<3"
/// ```
///
/// # Who owns the edges
/// Slices of a section never overlap, and the positions between them belong to the parent (the code
/// that applies whole snapshots). An edit made *through a slice* at its own edge stays in it: an insert
/// at local `count` grows this slice, and a slice that starts right there shifts. An edit the *parent*
/// makes is followed item by item, batch by batch, from the diff of its apply (removals first, then
/// insertions from the lowest position up):
/// - an item inserted before a slice, or exactly at its lower bound, shifts it; one strictly inside
///   grows it; one at its upper bound stays outside;
/// - an item deleted inside a slice shrinks it (down to empty, where it stays); one deleted before it
///   shifts it;
/// - an item of the slice that survives stays in it; one the diff moves stays in it when it lands
///   inside or at an edge of the slice, and leaves it otherwise.
///
/// # Detaching
/// A slice is detached when an apply deletes or reloads its section, or when its data source is
/// released. Every later read or edit then throws ``SliceError/detached(_:)`` (``isDetached`` says so
/// without throwing); the slice never attaches again. The data source holds slices weakly: release a
/// slice to hand its positions back to the parent.
///
/// # Readiness
/// A slice is *ready* (``isReady``) once its data source's first apply was performed on the host. Edits
/// before that change the snapshot only, without animation; ``onReady`` is called once when the data
/// source first shows it.
///
/// # Performance
/// Reading `range` or `count`, or an item, is O(log s) (*s* sections); `items` is O(m log s) for *m*
/// items in the slice. An edit costs the snapshot's mutation plus O(k) for the *k* slices of the
/// section, plus the apply.
@MainActor
public final class ListSlice<SectionIdentifier: Hashable> {
    /// The data source the slice belongs to.
    weak var dataSource: UniversalDataSource<SectionIdentifier>?
    /// The slice's key in its data source's table.
    let id: Int

    /// The section the slice's positions are in.
    public let section: SectionIdentifier

    /// Called once, when the data source first shows a snapshot on its host, if the slice is still
    /// attached then. A slice made on a data source that shows one already is ready from the start
    /// (``isReady``), and this is never called.
    ///
    /// An edit made from here is queued and performed after the apply that made the data source ready.
    public var onReady: (@MainActor () -> Void)?

    init(dataSource: UniversalDataSource<SectionIdentifier>, id: Int, section: SectionIdentifier) {
        self.dataSource = dataSource
        self.id = id
        self.section = section
    }

    // MARK: - Reading

    /// Whether the data source shows a snapshot on its host (and the slice's edits are animated).
    public var isReady: Bool { dataSource?.isAttachedToHost ?? false }

    /// Whether the slice is detached: every read and edit through it throws ``SliceError/detached(_:)``.
    public var isDetached: Bool {
        guard let dataSource else { return true }
        return dataSource.sliceTable.readState.bounds[id] == nil
    }

    /// What the slice reads (the data source's batch of slice edits, or its latest snapshot and places),
    /// and the slice's place in it, or why the slice has none.
    func resolve() throws(SliceError) -> (
        SliceWorkspace<SectionIdentifier>, SliceWorkspace<SectionIdentifier>.Place
    ) {
        guard let dataSource else { throw .detached(.dataSourceReleased) }
        let workspace = dataSource.sliceTable.readWorkspace(latest: dataSource.transaction.latestSnapshot)
        return (workspace, try workspace.place(of: id))
    }

    /// The slice's positions in its section of the data source's latest snapshot (the one the host
    /// shows, or the last one queued).
    ///
    /// - Throws: ``SliceError/detached(_:)``.
    /// - Complexity: Expected O(1).
    public var range: Range<Int> {
        get throws(SliceError) {
            let place = try resolve().1
            return place.lower..<place.upper
        }
    }

    /// The slice's items, in order.
    ///
    /// - Throws: ``SliceError/detached(_:)``.
    /// - Complexity: O(m log s) for *m* items in the slice and *s* sections.
    public var items: [AnyHashable] {
        get throws(SliceError) {
            let (workspace, place) = try resolve()
            return workspace.items(of: place)
        }
    }

    /// The item at a local index, or `nil` when the index is outside `0..<count` or the slice is
    /// detached. It never reads a neighbour's item.
    ///
    /// - Parameter local: A local index.
    /// - Complexity: O(log s) for *s* sections.
    public subscript(local: Int) -> AnyHashable? {
        guard let (workspace, place) = try? resolve(), local >= 0, local < place.count else { return nil }
        return workspace.item(at: place.lower + local, of: place)
    }

    /// The local index of a position in the section: `global - lower`.
    ///
    /// - Parameter global: A position in the slice's section.
    /// - Returns: The local index, or `nil` when the position is outside `lower..<upper`.
    /// - Throws: ``SliceError/detached(_:)``.
    func localIndex(forGlobal global: Int) throws(SliceError) -> Int? {
        let place = try resolve().1
        return global >= place.lower && global < place.upper ? global - place.lower : nil
    }

    /// The local index of an item, found by identity.
    ///
    /// - Parameter item: An item.
    /// - Returns: Its local index, or `nil` when it is not in the slice.
    /// - Throws: ``SliceError/detached(_:)``.
    /// - Complexity: Expected O(1) to find the item, plus O(log s).
    public func localIndex(of item: AnyHashable) throws(SliceError) -> Int? {
        let (workspace, place) = try resolve()
        guard let path = workspace.snapshot.indexPath(of: item), path.section == place.section else {
            return nil
        }
        return try localIndex(forGlobal: path.item)
    }

    // MARK: - Editing

    /// Runs one edit on the data source's batch of slice edits (its own, or the open one).
    private func edit(_ body: (inout SliceWorkspace<SectionIdentifier>, Int) throws(SliceError) -> Void)
        throws(SliceError)
    {
        guard let dataSource else { throw .detached(.dataSourceReleased) }
        let id = id
        try dataSource.transaction.editSlices { workspace throws(SliceError) in try body(&workspace, id) }
    }

    /// Inserts items at a local index; the slice grows by their number, and the slices after it shift.
    ///
    /// - Parameters:
    ///   - items: The items; any `Hashable` values convert to `AnyHashable`.
    ///   - local: Where the first goes, in `0...count`; `count` appends.
    /// - Throws: ``SliceError/indexOutOfRange(index:valid:)``; ``SliceError/snapshot(_:)`` for an item
    ///   that is in the snapshot already; ``SliceError/dataSource(_:)`` for an item with no registration;
    ///   ``SliceError/detached(_:)``. Nothing changes then.
    /// - Complexity: The snapshot's insert, plus O(k) for *k* slices in the section, plus the apply.
    public func insert(_ items: [AnyHashable], at local: Int) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in try workspace.insert(items, at: local, in: id) }
    }

    /// Appends items at the end of the slice (before a slice that starts right after it).
    ///
    /// - Parameter items: The items.
    /// - Throws: As ``insert(_:at:)``.
    public func append(_ items: [AnyHashable]) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in
            try workspace.insert(items, at: workspace.place(of: id).count, in: id)
        }
    }

    /// Deletes the item at a local index; the slice shrinks by one.
    ///
    /// - Parameter local: A local index in `0..<count`.
    /// - Throws: ``SliceError/indexOutOfRange(index:valid:)``; ``SliceError/detached(_:)``.
    public func delete(at local: Int) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in try workspace.delete(local..<(local + 1), in: id) }
    }

    /// Deletes the items from a local index to the end of the slice, if that index is in the slice;
    /// otherwise does nothing.
    ///
    /// - Parameter local: A local index; outside `0..<count` the call is a no-op.
    /// - Throws: ``SliceError/detached(_:)``.
    public func deleteIfNeeded(from local: Int) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in
            let count = try workspace.place(of: id).count
            guard local >= 0, local < count else { return }
            try workspace.delete(local..<count, in: id)
        }
    }

    /// Puts a new item in place of the one at a local index. An `Identifiable` item with the same id
    /// and new content is configured again in place.
    ///
    /// - Parameters:
    ///   - local: A local index in `0..<count`.
    ///   - item: The new item.
    /// - Throws: As ``insert(_:at:)``, with `0..<count` as the valid indexes.
    public func replace(at local: Int, with item: AnyHashable) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in try workspace.replace(at: local, with: item, in: id) }
    }

    /// Configures the item at a local index again, in place.
    ///
    /// - Parameter local: A local index in `0..<count`.
    /// - Throws: ``SliceError/indexOutOfRange(index:valid:)``; ``SliceError/detached(_:)``.
    public func reconfigure(at local: Int) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in try workspace.reconfigure(at: local, in: id) }
    }

    /// Moves an item inside the slice: the item at `source` ends at `destination`.
    ///
    /// - Parameters:
    ///   - source: A local index in `0..<count`.
    ///   - destination: A local index in `0..<count`.
    /// - Throws: ``SliceError/indexOutOfRange(index:valid:)``; ``SliceError/detached(_:)``.
    public func move(from source: Int, to destination: Int) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in try workspace.move(from: source, to: destination, in: id) }
    }

    /// Replaces the slice's whole content in one apply: items that stay are kept (and moved if their
    /// order changed), the rest are deleted or inserted.
    ///
    /// - Parameter items: The new content.
    /// - Throws: ``SliceError/snapshot(_:)`` for an item that is elsewhere in the snapshot (or listed
    ///   twice); ``SliceError/dataSource(_:)``; ``SliceError/detached(_:)``. Nothing changes then.
    /// - Complexity: O(m) snapshot work for *m* items before and after, plus the apply.
    public func setItems(_ items: [AnyHashable]) throws(SliceError) {
        try edit { workspace, id throws(SliceError) in try workspace.setItems(items, in: id) }
    }

    /// Makes the edits in `body` (through this slice or any other slice of the data source) one apply,
    /// that the host performs as one batch; the same as ``UniversalDataSource/performSliceEdits(_:)``.
    ///
    /// - Parameter body: The edits. Reads inside it see the edits made so far.
    /// - Throws: The error `body` throws (nothing is applied then), or the apply's error as
    ///   ``SliceError/dataSource(_:)``.
    public func batch(_ body: () throws -> Void) throws {
        guard let dataSource else { throw SliceError.detached(.dataSourceReleased) }
        try dataSource.performSliceEdits(body)
    }
}
