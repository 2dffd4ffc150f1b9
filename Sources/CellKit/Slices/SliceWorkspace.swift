import DiffableStore

/// A snapshot and the slices' places in it, edited together through slices: what one batch of slice
/// edits works on before the data source applies it.
///
/// Every edit checks the slice and its local indexes first and changes nothing when it throws.
struct SliceWorkspace<SectionIdentifier: Hashable> {
    typealias Bounds = SliceState<SectionIdentifier>.Bounds

    /// The snapshot being edited. A workspace made to edit has the marks of earlier applies cleared, so
    /// that its apply does not perform them again.
    var snapshot: Snapshot<SectionIdentifier, AnyHashable>
    /// Where the slices are in `snapshot`.
    var state: SliceState<SectionIdentifier>
    /// Whether an edit changed `snapshot` (or marked an item).
    var edited = false

    init(snapshot: Snapshot<SectionIdentifier, AnyHashable>, state: SliceState<SectionIdentifier>) {
        self.snapshot = snapshot
        self.state = state
    }

    // MARK: - Reading

    /// A live slice's bounds and where its section is in `snapshot`.
    struct Place {
        var bounds: Bounds
        var section: Int
        var lower: Int { bounds.lower }
        var upper: Int { bounds.upper }
        var count: Int { bounds.upper - bounds.lower }
    }

    /// The slice's place, or why it has none.
    func place(of id: Int) throws(SliceError) -> Place {
        guard let bounds = state.bounds[id] else {
            // A slice in neither table was made in edits that were dropped: a batch whose body threw, or
            // an apply the host rejected.
            throw .detached(state.detached[id] ?? .creationUndone)
        }
        guard let section = snapshot.indexOfSection(bounds.section) else {
            // Slices follow every apply, so a live slice's section is always in the snapshot.
            assertionFailure("a live slice is in section \(bounds.section), which is not in the snapshot")
            throw .detached(.sectionDeleted(section: String(reflecting: bounds.section)))
        }
        return Place(bounds: bounds, section: section)
    }

    /// The item at a position of a live slice's section.
    func item(at position: Int, of place: Place) -> AnyHashable {
        snapshot.itemIdentifier(at: ListIndexPath(item: position, section: place.section))!
    }

    /// The slice's items, in order.
    ///
    /// - Complexity: O(m log s) for *m* items in the slice and *s* sections.
    func items(of place: Place) -> [AnyHashable] {
        (place.lower..<place.upper).map { item(at: $0, of: place) }
    }

    /// Throws unless `local` is in `valid`.
    private func check(_ local: Int, in valid: Range<Int>) throws(SliceError) {
        guard valid.contains(local) else { throw .indexOutOfRange(index: local, valid: valid) }
    }

    /// Runs a snapshot mutation on a copy and keeps it if it succeeds.
    private mutating func change(_ body: (inout Snapshot<SectionIdentifier, AnyHashable>) throws(SnapshotError) -> Void)
        throws(SliceError)
    {
        var copy = snapshot
        do {
            try body(&copy)
        } catch {
            throw .snapshot(error)
        }
        snapshot = copy
        edited = true
    }

    /// Inserts `items` in `section` of `snapshot` before `next`, or at the section's end when `next` is
    /// `nil`.
    ///
    /// An item already in the snapshot is a duplicate, named as ``Snapshot/appendItems(_:toSection:)``
    /// names it, even when it is `next` itself (inserting before `next` would call that "relative to
    /// itself").
    private static func insert(
        _ items: [AnyHashable], before next: AnyHashable?, in section: SectionIdentifier,
        of snapshot: inout Snapshot<SectionIdentifier, AnyHashable>
    ) throws(SnapshotError) {
        if let next, !items.contains(next) {
            try snapshot.insertItems(items, beforeItem: next)
        } else {
            // With `next` listed, it is in the snapshot: the append throws the first duplicate, changing nothing.
            try snapshot.appendItems(items, toSection: section)
        }
    }

    // MARK: - Edits

    /// Inserts items at local index `local` (`0...count`).
    mutating func insert(_ items: [AnyHashable], at local: Int, in id: Int) throws(SliceError) {
        let place = try place(of: id)
        try check(local, in: 0..<(place.count + 1))
        guard !items.isEmpty else { return }
        let position = place.lower + local
        let count = snapshot.numberOfItems(inSectionAt: place.section)
        let next = position < count ? item(at: position, of: place) : nil
        try change { snapshot throws(SnapshotError) in
            try Self.insert(items, before: next, in: place.bounds.section, of: &snapshot)
        }
        state.grow(id, by: items.count)
    }

    /// Deletes the items at local indexes `range` (within `0..<count`).
    mutating func delete(_ range: Range<Int>, in id: Int) throws(SliceError) {
        let place = try place(of: id)
        let valid = 0..<place.count
        guard !range.isEmpty else { return }
        try check(range.lowerBound, in: valid)
        try check(range.upperBound - 1, in: valid)
        let doomed = range.map { item(at: place.lower + $0, of: place) }
        try change { snapshot throws(SnapshotError) in try snapshot.deleteItems(doomed) }
        state.grow(id, by: -range.count)
    }

    /// Puts `item` in place of the item at `local`.
    mutating func replace(at local: Int, with item: AnyHashable, in id: Int) throws(SliceError) {
        let place = try place(of: id)
        try check(local, in: 0..<place.count)
        let old = self.item(at: place.lower + local, of: place)
        guard old != item else { return }
        try change { snapshot throws(SnapshotError) in
            try snapshot.insertItems([item], beforeItem: old)
            try snapshot.deleteItems([old])
        }
    }

    /// Marks the item at `local` to be configured again in place.
    mutating func reconfigure(at local: Int, in id: Int) throws(SliceError) {
        let place = try place(of: id)
        try check(local, in: 0..<place.count)
        let item = self.item(at: place.lower + local, of: place)
        try change { snapshot throws(SnapshotError) in try snapshot.reconfigureItems([item]) }
    }

    /// Moves the item at `source` so that it ends at `destination` (both in `0..<count`).
    mutating func move(from source: Int, to destination: Int, in id: Int) throws(SliceError) {
        let place = try place(of: id)
        let valid = 0..<place.count
        try check(source, in: valid)
        try check(destination, in: valid)
        guard source != destination else { return }
        let item = self.item(at: place.lower + source, of: place)
        let target = self.item(at: place.lower + destination, of: place)
        try change { snapshot throws(SnapshotError) in
            if destination > source {
                try snapshot.moveItem(item, afterItem: target)
            } else {
                try snapshot.moveItem(item, beforeItem: target)
            }
        }
    }

    /// Replaces the slice's whole content with `items`.
    mutating func setItems(_ items: [AnyHashable], in id: Int) throws(SliceError) {
        let place = try place(of: id)
        let old = self.items(of: place)
        guard old != items else { return }
        let count = snapshot.numberOfItems(inSectionAt: place.section)
        let next = place.upper < count ? item(at: place.upper, of: place) : nil
        try change { snapshot throws(SnapshotError) in
            try snapshot.deleteItems(old)
            guard !items.isEmpty else { return }
            try Self.insert(items, before: next, in: place.bounds.section, of: &snapshot)
        }
        state.grow(id, by: items.count - old.count)
    }
}
