import SeededRandom
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitText
@_spi(CellKitInternals) import DiffableStore
import Testing

// Shared helpers for CellKitTextTests: a small data source over arrays of strings, a generated one for
// huge lists, and a delegate that records events.

/// `section.item`, short for tests.
func at(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: section) }

/// A cell showing its text; `"\n"` makes more lines.
final class ItemCell: TextCell {}

/// A header or footer showing its text.
final class LabelView: TextCell {}

/// A data source over sections of strings, with optional headers and footers, that counts its calls.
///
/// `updateData` closures in tests assign ``sections``; on a rejected batch the test restores it, as a
/// real data source must.
@MainActor
final class ArrayDataSource: ListHostDataSource {
    var sections: [[String]]
    var kinds: [SupplementaryKind]
    var cellRequests = 0
    var supplementaryRequests = 0
    /// Kinds the data source answers `nil` for.
    var missingKinds: Set<SupplementaryKind> = []
    /// A section's supplementary text in place of `"[kind section]"`.
    var sectionTitles: [Int: String] = [:]
    /// Each section's layout, by its index (``SectionLayout/list`` when absent).
    var layouts: [Int: SectionLayout] = [:]

    init(_ sections: [[String]], kinds: [SupplementaryKind] = [], host: TextListView) {
        self.sections = sections
        self.kinds = kinds
        host.registerCell(ItemCell.self, reuseIdentifier: "item") { ItemCell() }
        for kind in kinds {
            host.registerSupplementaryView(LabelView.self, ofKind: kind, reuseIdentifier: "label") { LabelView() }
        }
        host.dataSource = self
    }

    func numberOfSections(in host: any ListHost) -> Int { sections.count }

    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        switch element {
        case .cell:
            cellRequests += 1
            return ViewReuse(reuseIdentifier: "item", viewClass: ItemCell.self)
        case .supplementary(let kind, _):
            supplementaryRequests += 1
            return missingKinds.contains(kind) ? nil : ViewReuse(reuseIdentifier: "label", viewClass: LabelView.self)
        case .decoration:
            return nil
        }
    }

    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        switch element {
        case .cell(let indexPath):
            (view as? TextCell)?.text = sections[indexPath.section][indexPath.item]
        case .supplementary(let kind, let indexPath):
            (view as? TextCell)?.text =
                sectionTitles[indexPath.section].map { "[\(kind) \($0)]" } ?? "[\(kind) \(indexPath.section)]"
        case .decoration:
            break
        }
    }

    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { kinds }

    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Sections are named by their index.
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        sections.indices.contains(index) ? index : nil
    }

    func layout(ofSection section: Int, in host: any ListHost) -> SectionLayout { layouts[section] ?? .list }
}

/// A data source of generated items, one section: item *i* shows `"item i"` and `i % 3` more lines.
@MainActor
final class GeneratedDataSource: ListHostDataSource {
    var count: Int
    var cellRequests = 0
    /// The layout of the one section (``SectionLayout/list`` by default).
    var layout = SectionLayout.list

    init(count: Int, host: TextListView) {
        self.count = count
        host.registerCell(ItemCell.self, reuseIdentifier: "item") { ItemCell() }
        host.dataSource = self
    }

    static func text(_ item: Int) -> String {
        (["item \(item)"] + Array(repeating: "  more", count: item % 3)).joined(separator: "\n")
    }

    func numberOfSections(in host: any ListHost) -> Int { 1 }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int { count }

    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        guard case .cell = element else { return nil }
        cellRequests += 1
        return ViewReuse(reuseIdentifier: "item", viewClass: ItemCell.self)
    }

    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        guard case .cell(let indexPath) = element else { return }
        (view as? TextCell)?.text = Self.text(indexPath.item)
    }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }
    /// Items are named by their index.
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        indexPath.section == 0 && (0..<count).contains(indexPath.item) ? indexPath.item : nil
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? { index == 0 ? 0 : nil }
    func layout(ofSection section: Int, in host: any ListHost) -> SectionLayout { layout }
}

/// A delegate that records every event, and may rewrite where a drag comes to rest.
@MainActor
final class EventRecorder: ListHostDelegate {
    var events: [ListHostEvent] = []
    /// How many deliveries there were.
    var deliveries = 0
    /// Each delivery's events as their descriptions, and `"target? <proposed> velocity <v>"` for each
    /// question about a drag's target, in the order they came.
    var log: [[String]] = []
    /// Answers the question about a drag's target (proposed line, velocity); `nil` keeps the default.
    var targetLine: ((_ proposed: Int, _ velocity: Int) -> Int)?

    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) {
        deliveries += 1
        self.events += events
        log.append(events.map(\.description))
    }

    func host(_ host: any ListHost, targetContentOffsetForDragEndingAt proposedContentOffset: Int, velocity: Int) -> Int
    {
        log.append(["target? \(proposedContentOffset) velocity \(velocity)"])
        return targetLine?(proposedContentOffset, velocity) ?? proposedContentOffset
    }

    /// Forgets what was recorded.
    func clear() {
        events = []
        log = []
    }
}

/// Everything observable about a list view, to prove an operation changed nothing.
@MainActor
struct ObservedState: Equatable {
    var render: String
    var renderAll: String
    var statistics: TextListView.Statistics
    var updateLog: [String]
    var visible: [ListIndexPath]
    var contentHeight: Int
    var firstVisibleLine: Int

    init(_ host: TextListView) {
        // renderAll first: it changes nothing, so the statistics read after it are the list's own.
        renderAll = host.renderAll()
        render = host.render()
        statistics = host.statistics
        updateLog = host.updateLog
        visible = host.indexPathsForVisibleItems
        contentHeight = host.contentHeight
        firstVisibleLine = host.firstVisibleLine
    }
}

/// The lines of a rendering with trailing spaces removed.
func trimmed(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        String(line.reversed().drop { $0 == " " }.reversed())
    }
}

/// A seeded generator (SplitMix64), so every random case can be replayed from its seed.
typealias SplitMix = SplitMix64

/// An item of the randomized tests: the same row (`id`) whatever its text, which may take 1 to 3 lines.
struct TextRow: Hashable, Identifiable, CustomStringConvertible {
    var id: Int
    var text: String
    var description: String { "#\(id)" }
}

/// Random snapshots of `TextRow`s, and random changes to them, for diffing with `Changeset(from:to:)`.
struct SnapshotMaker {
    var random: SplitMix
    var nextID = 0

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func newID() -> Int {
        nextID += 1
        return nextID
    }

    mutating func text(_ id: Int) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map {
            $0 == 0 ? "r\(id) v\(Int.random(in: 0...9, using: &random))" : "  +\($0)"
        }
        .joined(separator: "\n")
    }

    mutating func row() -> TextRow {
        let id = newID()
        return TextRow(id: id, text: text(id))
    }

    mutating func snapshot(sections: Int, items: ClosedRange<Int>) throws -> Snapshot<Int, TextRow> {
        var snapshot = Snapshot<Int, TextRow>()
        for _ in 0..<sections {
            let section = newID()
            try snapshot.appendSections([section])
            try snapshot.appendItems((0..<Int.random(in: items, using: &random)).map { _ in row() }, toSection: section)
        }
        return snapshot
    }

    /// Applies `count` random changes: item inserts, deletes, moves (across sections too) and content
    /// changes, and, when `sections` is true, section inserts, deletes and moves; then marks some items
    /// that stay for reload or reconfigure (and, with `sections`, a section for reload).
    mutating func change(_ snapshot: Snapshot<Int, TextRow>, count: Int, sections: Bool) throws -> Snapshot<
        Int, TextRow
    > {
        var next = snapshot
        next.clearReloadMarks()
        for _ in 0..<count {
            let items = next.itemIdentifiers
            let sectionIDs = next.sectionIdentifiers
            switch Int.random(in: 0..<(sections ? 10 : 7), using: &random) {
            case 0, 1:
                guard let section = sectionIDs.randomElement(using: &random) else { continue }
                let inSection = next.itemIdentifiers(inSection: section) ?? []
                if let anchor = inSection.randomElement(using: &random), Bool.random(using: &random) {
                    try next.insertItems([row()], beforeItem: anchor)
                } else {
                    try next.appendItems([row()], toSection: section)
                }
            case 2:
                guard let item = items.randomElement(using: &random) else { continue }
                try next.deleteItems([item])
            case 3, 4:
                guard let item = items.randomElement(using: &random), let other = items.randomElement(using: &random),
                    item != other
                else { continue }
                if Bool.random(using: &random) {
                    try next.moveItem(item, beforeItem: other)
                } else {
                    try next.moveItem(item, afterItem: other)
                }
            case 5, 6:
                guard let item = items.randomElement(using: &random) else { continue }
                let changed = TextRow(id: item.id, text: text(item.id))
                guard changed != item else { continue }
                try next.insertItems([changed], beforeItem: item)
                try next.deleteItems([item])
            case 7:
                let section = newID()
                if let before = sectionIDs.randomElement(using: &random), Bool.random(using: &random) {
                    try next.insertSections([section], beforeSection: before)
                } else {
                    try next.appendSections([section])
                }
                try next.appendItems((0..<Int.random(in: 0...3, using: &random)).map { _ in row() }, toSection: section)
            case 8:
                guard sectionIDs.count > 1, let section = sectionIDs.randomElement(using: &random) else { continue }
                try next.deleteSections([section])
            default:
                guard let section = sectionIDs.randomElement(using: &random),
                    let other = sectionIDs.randomElement(using: &random),
                    section != other
                else { continue }
                try next.moveSection(section, afterSection: other)
            }
        }
        let staying = next.itemIdentifiers.filter { snapshot.contains($0) }
        if let item = staying.randomElement(using: &random), Int.random(in: 0..<3, using: &random) == 0 {
            try next.reloadItems([item])
        }
        if let item = staying.randomElement(using: &random), Int.random(in: 0..<3, using: &random) == 0,
            !next.reloadedItemIdentifiers.contains(item)
        {
            try next.reconfigureItems([item])
        }
        if sections,
            let section = next.sectionIdentifiers.filter({ snapshot.indexOfSection($0) != nil }).randomElement(
                using: &random),
            Int.random(in: 0..<8, using: &random) == 0
        {
            try next.reloadSections([section])
        }
        return next
    }
}

/// A data source over a snapshot of `TextRow`s; headers read `[S id]`, footers `-- S id`.
@MainActor
final class SnapshotDataSource: ListHostDataSource {
    var snapshot: Snapshot<Int, TextRow>
    let kinds: [SupplementaryKind]
    /// Each section's layout, by its identifier (`nil`: every section is a list).
    var layouts: ((Int) -> SectionLayout)?

    init(_ snapshot: Snapshot<Int, TextRow>, kinds: [SupplementaryKind], host: TextListView) {
        self.snapshot = snapshot
        self.kinds = kinds
        host.registerCell(ItemCell.self, reuseIdentifier: "item") { ItemCell() }
        for kind in kinds {
            host.registerSupplementaryView(LabelView.self, ofKind: kind, reuseIdentifier: "label") { LabelView() }
        }
        host.dataSource = self
    }

    func numberOfSections(in host: any ListHost) -> Int { snapshot.numberOfSections }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        snapshot.numberOfItems(inSectionAt: section)
    }

    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        switch element {
        case .cell: ViewReuse(reuseIdentifier: "item", viewClass: ItemCell.self)
        case .supplementary: ViewReuse(reuseIdentifier: "label", viewClass: LabelView.self)
        case .decoration: nil
        }
    }

    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        switch element {
        case .cell(let indexPath):
            (view as? TextCell)?.text = snapshot.itemIdentifier(at: indexPath)?.text ?? "?"
        case .supplementary(let kind, let indexPath):
            let section = snapshot.sectionIdentifier(at: indexPath.section) ?? -1
            (view as? TextCell)?.text = kind == .footer ? "-- S\(section)" : "[S\(section)]"
        case .decoration:
            break
        }
    }

    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { kinds }
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        snapshot.itemIdentifier(at: indexPath).map { AnyHashable($0.id) }
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        snapshot.sectionIdentifier(at: index).map(AnyHashable.init)
    }
    func layout(ofSection section: Int, in host: any ListHost) -> SectionLayout {
        guard let layouts, let identifier = snapshot.sectionIdentifier(at: section) else { return .list }
        return layouts(identifier)
    }
}
