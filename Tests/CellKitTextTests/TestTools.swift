import CellKit
import CellKitText
import DiffableStore
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

    init(_ sections: [[String]], kinds: [SupplementaryKind] = [], host: TextListView) {
        self.sections = sections
        self.kinds = kinds
        host.registerCell(reuseIdentifier: "item") { ItemCell() }
        for kind in kinds {
            host.registerSupplementaryView(ofKind: kind, reuseIdentifier: "label") { LabelView() }
        }
        host.dataSource = self
    }

    func numberOfSections(in host: any ListHost) -> Int { sections.count }

    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    func cell(at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject {
        cellRequests += 1
        let cell = host.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        (cell as? TextCell)?.text = sections[indexPath.section][indexPath.item]
        return cell
    }

    func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject? {
        supplementaryRequests += 1
        guard !missingKinds.contains(kind) else { return nil }
        let view = host.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "label", for: indexPath)
        (view as? TextCell)?.text = "[\(kind) \(indexPath.section)]"
        return view
    }

    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { kinds }

    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Sections are named by their index.
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        sections.indices.contains(index) ? index : nil
    }
}

/// A data source of generated items, one section: item *i* shows `"item i"` and `i % 3` more lines.
@MainActor
final class GeneratedDataSource: ListHostDataSource {
    var count: Int
    var cellRequests = 0

    init(count: Int, host: TextListView) {
        self.count = count
        host.registerCell(reuseIdentifier: "item") { ItemCell() }
        host.dataSource = self
    }

    static func text(_ item: Int) -> String {
        (["item \(item)"] + Array(repeating: "  more", count: item % 3)).joined(separator: "\n")
    }

    func numberOfSections(in host: any ListHost) -> Int { 1 }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int { count }

    func cell(at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject {
        cellRequests += 1
        let cell = host.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        (cell as? TextCell)?.text = Self.text(indexPath.item)
        return cell
    }

    func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject? { nil }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }
    /// Items are named by their index.
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        indexPath.section == 0 && (0..<count).contains(indexPath.item) ? indexPath.item : nil
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? { index == 0 ? 0 : nil }
}

/// A delegate that records every event.
@MainActor
final class EventRecorder: ListHostDelegate {
    var events: [ListHostEvent] = []
    /// How many deliveries there were.
    var deliveries = 0
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) {
        deliveries += 1
        self.events += events
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
