@_spi(ListHost) import CellKit
import CellKitText
import DiffableStore

/// A row of the fuzzed list: an identity, a version that changes when it is reloaded or reconfigured,
/// and a height of one to three lines.
struct Row: Hashable {
    var id: Int
    var version: Int
    var lines: Int

    var text: String {
        (["r\(id).\(version)"] + (1..<max(lines, 1)).map { "  \(id) line \($0 + 1)" }).joined(separator: "\n")
    }
}

/// A section of the fuzzed list: an identity (shown in its header and footer) and its rows.
struct Section {
    var id: Int
    var rows: [Row]
}

final class RowCell: TextCell {}
final class LabelCell: TextCell {}

/// A data source over plain arrays, as an app would write one against `UICollectionView`; the fuzz
/// case switches ``sections`` in each batch's `updateData` and restores it when the batch is refused.
@MainActor
final class RowsDataSource: ListHostDataSource {
    var sections: [Section]
    let kinds: [SupplementaryKind]

    init(_ sections: [Section], kinds: [SupplementaryKind], host: TextListView) {
        self.sections = sections
        self.kinds = kinds
        host.registerCell(RowCell.self, reuseIdentifier: "row") { RowCell() }
        for kind in kinds {
            host.registerSupplementaryView(LabelCell.self, ofKind: kind, reuseIdentifier: "label") { LabelCell() }
        }
        host.dataSource = self
    }

    func numberOfSections(in host: any ListHost) -> Int { sections.count }

    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        sections.indices.contains(section) ? sections[section].rows.count : 0
    }

    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        switch element {
        case .cell: ViewReuse(reuseIdentifier: "row", viewClass: RowCell.self)
        case .supplementary: ViewReuse(reuseIdentifier: "label", viewClass: LabelCell.self)
        case .decoration: nil
        }
    }

    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        switch element {
        case .cell(let indexPath):
            (view as? TextCell)?.text = sections[indexPath.section].rows[indexPath.item].text
        case .supplementary(let kind, let indexPath):
            (view as? TextCell)?.text = "[\(kind) S\(sections[indexPath.section].id)]"
        case .decoration:
            break
        }
    }

    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { kinds }

    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].rows.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].rows[indexPath.item].id
    }

    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        sections.indices.contains(index) ? sections[index].id : nil
    }
}

/// Records what the list tells its delegate.
@MainActor
final class EventRecorder: ListHostDelegate {
    var events: [ListHostEvent] = []
    func host(_ host: any ListHost, didReceive events: [ListHostEvent]) { self.events += events }
}
