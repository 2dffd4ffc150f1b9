import DiffableStore
import FuzzSupport

/// A snapshot as plain arrays, searched with `==` from the front: what the store's answers are checked
/// against. Marks are kept as lists with no two `==` values, as sets keep them.
struct SnapshotModel {
    var sections: [AnyHashable] = []
    var items: [[AnyHashable]] = []
    var reloaded: [AnyHashable] = []
    var reconfigured: [AnyHashable] = []
    var reloadedSections: [AnyHashable] = []

    var allItems: [AnyHashable] { items.flatMap { $0 } }

    func sectionIndex(of section: AnyHashable) -> Int? { sections.firstIndex { $0 == section } }

    func place(of item: AnyHashable) -> ListIndexPath? {
        for (section, list) in items.enumerated() {
            if let index = list.firstIndex(where: { $0 == item }) {
                return ListIndexPath(item: index, section: section)
            }
        }
        return nil
    }

    func contains(_ item: AnyHashable) -> Bool { place(of: item) != nil }

    /// The first of `new` that is `==` to one of `present` or to an earlier one of `new`.
    static func firstDuplicate(_ new: [AnyHashable], in present: [AnyHashable]) -> AnyHashable? {
        var seen = present
        for value in new {
            if seen.contains(where: { $0 == value }) { return value }
            seen.append(value)
        }
        return nil
    }

    static func adding(_ new: [AnyHashable], to marks: [AnyHashable]) -> [AnyHashable] {
        var result = marks
        for value in new where !result.contains(where: { $0 == value }) { result.append(value) }
        return result
    }

    /// Drops the marks of items and sections that are gone.
    mutating func dropMissingMarks() {
        reloaded = reloaded.filter(contains)
        reconfigured = reconfigured.filter(contains)
        reloadedSections = reloadedSections.filter { sectionIndex(of: $0) != nil }
    }

    /// A snapshot built from the model with appends only.
    func build() -> Snapshot<AnyHashable, AnyHashable> {
        var snapshot = Snapshot<AnyHashable, AnyHashable>()
        do {
            try snapshot.appendSections(sections)
            for (section, list) in zip(sections, items) { try snapshot.appendItems(list, toSection: section) }
        } catch {
            fuzzFailure("the model's own contents are refused by a new snapshot: \(error)\n\(sections) \(items)")
        }
        return snapshot
    }
}
