import DiffableStore

/// Where the slices of one data source are in its latest snapshot, and how they follow its edits.
///
/// A value, so that a batch of slice edits can work on a copy and drop it when it fails. Each live
/// slice has bounds `lower..<upper` in its section; the slices of a section are kept in position order
/// in `order`. Slices never overlap, so that order is by `lower`, except that empty slices at a position
/// come before a non-empty slice that starts there (and keep their order among themselves).
///
/// Two rules move the bounds:
/// - An edit a slice makes (``grow(_:by:)``): the slice's upper bound moves, every later slice of the
///   section shifts. The slice that made an edit at its own edge keeps the items.
/// - An edit the parent makes (``follow(_:from:)``): for each batch, removals (deletes and move sources,
///   old coordinates) are taken out, then insertions (inserts and move destinations, new coordinates)
///   are put in from the lowest position up. An insertion at a slice's lower bound shifts it, one at its
///   upper bound leaves it as it is, one strictly inside grows it; a moved item that lands inside or at
///   an edge of the slice it came from stays in that slice.
struct SliceState<SectionIdentifier: Hashable> {
    /// A live slice's place.
    struct Bounds: Hashable {
        var section: SectionIdentifier
        var lower: Int
        var upper: Int
    }

    /// The live slices, by id.
    private(set) var bounds: [Int: Bounds] = [:]
    /// The live slices of each section, in position order.
    private(set) var order: [SectionIdentifier: [Int]] = [:]
    /// The detached slices, by id, with the reason.
    private(set) var detached: [Int: SliceError.DetachReason] = [:]
    /// How many bounds the rules have looked at, in all (tests count it).
    private(set) var work = 0

    /// Whether no slice is live.
    var isEmpty: Bool { bounds.isEmpty }

    // MARK: - Slices coming and going

    /// The range of the live slice that a new slice at `range` in `section` would overlap, if any.
    /// Empty slices overlap nothing but a slice they would sit strictly inside.
    ///
    /// - Complexity: O(k) for *k* slices in the section.
    func overlap(of range: Range<Int>, in section: SectionIdentifier) -> Range<Int>? {
        for id in order[section] ?? [] {
            guard let other = bounds[id] else { continue }
            if range.lowerBound < other.upper && other.lower < range.upperBound { return other.lower..<other.upper }
        }
        return nil
    }

    /// Adds a live slice; the caller checked that it overlaps nothing. Among empty slices at one
    /// position, the new one comes last.
    ///
    /// - Complexity: O(k) for *k* slices in the section.
    mutating func add(_ id: Int, section: SectionIdentifier, range: Range<Int>) {
        var ids = order[section] ?? []
        let p = range.lowerBound
        let index =
            ids.firstIndex { id in
                let other = bounds[id]!
                return !(other.lower < p || (other.lower == p && other.upper == p))
            } ?? ids.count
        ids.insert(id, at: index)
        order[section] = ids
        bounds[id] = Bounds(section: section, lower: range.lowerBound, upper: range.upperBound)
        detached[id] = nil
    }

    /// Detaches a live slice (or marks an unknown id detached).
    mutating func detach(_ id: Int, _ reason: SliceError.DetachReason) {
        if let place = bounds.removeValue(forKey: id) {
            order[place.section]?.removeAll { $0 == id }
            if order[place.section]?.isEmpty == true { order[place.section] = nil }
        }
        detached[id] = reason
    }

    /// Forgets a slice that was released.
    mutating func forget(_ id: Int) {
        detach(id, .dataSourceReleased)
        detached[id] = nil
    }

    /// Detaches every live slice of `section`.
    mutating func detachAll(in section: SectionIdentifier, _ reason: SliceError.DetachReason) {
        for id in order[section] ?? [] {
            bounds[id] = nil
            detached[id] = reason
        }
        order[section] = nil
    }

    // MARK: - Edits a slice makes

    /// An edit by slice `id` that changed its count by `delta` (an insert, a delete, a new content): its
    /// upper bound moves by `delta`, and every later slice of its section shifts by `delta`.
    ///
    /// - Complexity: O(k) for *k* slices in the section.
    mutating func grow(_ id: Int, by delta: Int) {
        guard delta != 0, let place = bounds[id], let ids = order[place.section],
            let index = ids.firstIndex(of: id)
        else { return }
        bounds[id]!.upper += delta
        for later in ids[(index + 1)...] {
            bounds[later]!.lower += delta
            bounds[later]!.upper += delta
        }
        work += ids.count - index
    }

    // MARK: - Edits the parent makes

    /// Follows a changeset from `before`: stage by stage, in each stage's coordinates.
    ///
    /// - Complexity: O(b + k log b + i·k) per stage, for *b* changes, *k* live slices and *i* insertions
    ///   into sections that have slices; nothing when no slice is live.
    mutating func follow(
        _ changeset: Changeset<SectionIdentifier, AnyHashable>, from before: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        var previous = before
        for stage in changeset.stages {
            guard !isEmpty else { return }
            follow(stage.batch, from: previous, to: stage.snapshot)
            previous = stage.snapshot
        }
    }

    /// Detaches the slices of the sections a snapshot marks as reloaded.
    mutating func detachSlices(inReloaded sections: Set<SectionIdentifier>) {
        guard !isEmpty else { return }
        for section in sections where order[section] != nil {
            detachAll(in: section, .sectionReloaded(section: String(reflecting: section)))
        }
    }

    /// Follows one batch of updates from `before` to `after`.
    mutating func follow(
        _ batch: BatchUpdate, from before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        // Where the sections with slices are before and after the batch; a section that is gone takes
        // its slices with it.
        var oldSections: [Int: SectionIdentifier] = [:]
        var newSections: [Int: SectionIdentifier] = [:]
        for section in Array(order.keys) {
            guard let old = before.indexOfSection(section), let new = after.indexOfSection(section) else {
                detachAll(in: section, .sectionDeleted(section: String(reflecting: section)))
                continue
            }
            oldSections[old] = section
            newSections[new] = section
        }
        guard !oldSections.isEmpty,
            !(batch.deletedItems.isEmpty && batch.insertedItems.isEmpty && batch.movedItems.isEmpty)
        else { return }

        var removals: [SectionIdentifier: [Int]] = [:]
        var insertions: [SectionIdentifier: [(position: Int, origin: Int?)]] = [:]
        for path in batch.deletedItems {
            if let section = oldSections[path.section] { removals[section, default: []].append(path.item) }
        }
        for path in batch.insertedItems {
            if let section = newSections[path.section] { insertions[section, default: []].append((path.item, nil)) }
        }
        for move in batch.movedItems {
            var origin: Int?
            if let section = oldSections[move.source.section] {
                removals[section, default: []].append(move.source.item)
                origin = slice(containing: move.source.item, in: section)
            }
            if let section = newSections[move.destination.section] {
                insertions[section, default: []].append((move.destination.item, origin))
            }
        }
        for (section, positions) in removals {
            remove(positions.sorted(), from: section)
        }
        for (section, entries) in insertions {
            insert(entries.sorted { $0.position < $1.position }, into: section)
        }
    }

    /// The live slice of `section` whose range holds `position`.
    ///
    /// - Complexity: O(log k).
    private func slice(containing position: Int, in section: SectionIdentifier) -> Int? {
        guard let ids = order[section] else { return nil }
        // The last slice that starts at or before `position`.
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if bounds[ids[middle]]!.lower <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = bounds[ids[low - 1]]!
        return candidate.lower <= position && position < candidate.upper ? ids[low - 1] : nil
    }

    /// Takes out items at `positions` (old coordinates, ascending): a slice loses those in its range
    /// and shifts down by those before it.
    ///
    /// - Complexity: O(k log r) for *r* positions.
    private mutating func remove(_ positions: [Int], from section: SectionIdentifier) {
        for id in order[section] ?? [] {
            let place = bounds[id]!
            bounds[id]!.lower -= positions.countOfElements(lessThan: place.lower)
            bounds[id]!.upper -= positions.countOfElements(lessThan: place.upper)
            work += 1
        }
    }

    /// Puts in items at `entries` (new coordinates, ascending), one at a time.
    ///
    /// - Complexity: O(i·k) for *i* entries.
    private mutating func insert(_ entries: [(position: Int, origin: Int?)], into section: SectionIdentifier) {
        guard let ids = order[section] else { return }
        for (position, origin) in entries {
            if let origin, let index = ids.firstIndex(of: origin),
                bounds[origin]!.lower <= position, position <= bounds[origin]!.upper
            {
                // A moved item lands inside or at an edge of the slice it came from: it stays there.
                bounds[origin]!.upper += 1
                for later in ids[(index + 1)...] {
                    bounds[later]!.lower += 1
                    bounds[later]!.upper += 1
                }
                work += ids.count - index
                continue
            }
            for id in ids {
                let place = bounds[id]!
                if place.lower >= position {
                    bounds[id]!.lower += 1
                    bounds[id]!.upper += 1
                } else if position < place.upper {
                    bounds[id]!.upper += 1
                }
            }
            work += ids.count
        }
    }

    // MARK: - Invariants

    /// Checks that every live slice lies in its section of `snapshot`, that the slices of a section are
    /// in order and do not overlap, and that the tables agree.
    func _checkInvariants(against snapshot: Snapshot<SectionIdentifier, AnyHashable>) -> String? {
        var seen = 0
        for (section, ids) in order {
            guard !ids.isEmpty else { return "section \(section) has an empty order" }
            guard let count = snapshot.numberOfItems(inSection: section) else {
                return "slices \(ids) are in section \(section), which is not in the snapshot"
            }
            var previous: Bounds?
            for id in ids {
                guard let place = bounds[id], place.section == section else {
                    return "slice \(id) is ordered in \(section) but placed elsewhere"
                }
                guard 0 <= place.lower, place.lower <= place.upper, place.upper <= count else {
                    return
                        "slice \(id) at \(place.lower)..<\(place.upper) is outside section \(section) of \(count) items"
                }
                if let previous,
                    previous.upper > place.lower || (previous.lower == place.lower && previous.upper > place.upper)
                {
                    return
                        "slice \(id) at \(place.lower)..<\(place.upper) overlaps or precedes \(previous.lower)..<\(previous.upper)"
                }
                guard detached[id] == nil else { return "slice \(id) is both live and detached" }
                previous = place
                seen += 1
            }
        }
        return seen == bounds.count ? nil : "\(bounds.count) slices are placed but \(seen) are ordered"
    }
}

extension Array where Element == Int {
    /// How many elements of this ascending array are less than `value`.
    ///
    /// - Complexity: O(log n).
    func countOfElements(lessThan value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
