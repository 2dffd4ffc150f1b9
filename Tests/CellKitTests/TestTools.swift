@_spi(ListHost) import CellKit
import DiffableStore
import Testing

// Shared test helpers for CellKitTests: view models, cells, and a host that records what it is asked.

// MARK: - View models

struct Tile: Hashable, Identifiable {
    var id: Int
    var title: String
}

struct Alert: Hashable {
    var text: String
}

struct Plain: Hashable {
    var name: String
}

protocol Message {
    var body: String { get }
}

struct TextMessage: Hashable, Message {
    var body: String
}

struct PhotoMessage: Hashable, Message {
    var body: String
}

/// A superclass item; subclasses have no registration of their own.
class Shape: Hashable, CustomStringConvertible {
    let name: String
    init(name: String) { self.name = name }
    static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.name == rhs.name && type(of: lhs) == type(of: rhs) }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
    var description: String { "\(type(of: self))(\(name))" }
}

final class Circle: Shape {}
final class Square: Shape {}

enum Section: Hashable {
    case main
    case more
    case last
}

// MARK: - Views

/// A cell or supplementary view that shows one line of text and counts its instances and configurations.
@MainActor
class LabelView: ReusableView {
    var text = ""
    var configurations = 0
    required init() {}
}

@MainActor final class TileCell: LabelView, ConfigurableView {
    func configure(with viewModel: Tile) {
        text = "tile \(viewModel.title)"
        configurations += 1
    }
}

@MainActor final class AlertCell: LabelView {}

@MainActor final class PlainCell: LabelView, ConfigurableView {
    func configure(with viewModel: Plain) {
        text = "plain \(viewModel.name)"
        configurations += 1
    }
}

@MainActor final class MessageCell: LabelView, ConfigurableView {
    func configure(with viewModel: any Message) {
        text = "message \(viewModel.body)"
        configurations += 1
    }
}

@MainActor final class ShapeCell: LabelView {}
@MainActor final class AnyCell: LabelView {}
@MainActor final class HeaderView: LabelView {}

@MainActor final class SectionTitleView: LabelView, ConfigurableView {
    func configure(with viewModel: Section) {
        text = "title \(viewModel)"
        configurations += 1
    }
}

// MARK: - Recording host

/// A ``ListHost`` that keeps every row "visible", places rows with `BatchUpdate.apply`, reuses views,
/// counts the views it makes, and can be told to reject a batch.
@MainActor
final class RecordingHost: ListHost {
    weak var dataSource: (any ListHostDataSource)?
    weak var delegate: (any ListHostDelegate)?

    /// The cells on screen, by section.
    private(set) var rows: [[AnyObject]] = []
    /// The supplementary views on screen, by kind and section.
    private(set) var supplementary: [SupplementaryKind: [AnyObject]] = [:]
    /// `"batch <description>"`, `"reload"`, `"reconfigure <paths>"` in order.
    private(set) var events: [String] = []
    /// Views made by a factory (not recycled).
    private(set) var viewsCreated = 0
    /// Rejects the batch at this position among the batches performed from now (0: the next one).
    var rejectBatch: Int?
    /// Called inside every batch, after the data source switched to the new state.
    var duringBatch: (() -> Void)?

    private var cellFactories: [String: () -> AnyObject] = [:]
    private var supplementaryFactories: [String: () -> AnyObject] = [:]
    private var pool: [String: [AnyObject]] = [:]

    func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        cellFactories[reuseIdentifier] = factory
    }

    func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {
        supplementaryFactories[kind.rawValue + "/" + reuseIdentifier] = factory
    }

    /// The configured cell for an item: `inPlace` when it is of the class the data source names (the
    /// item is configured again in place), a recycled cell, or a new one.
    private func makeCell(
        at path: ListIndexPath, _ dataSource: any ListHostDataSource, inPlace: AnyObject? = nil
    ) -> AnyObject {
        guard let reuse = dataSource.reuse(for: .cell(path), in: self) else {
            preconditionFailure("no cell at \(path)")
        }
        let cell: AnyObject
        if let inPlace, ObjectIdentifier(type(of: inPlace)) == ObjectIdentifier(reuse.viewClass) {
            cell = inPlace
        } else if let recycled = pool[reuse.reuseIdentifier]?.popLast() {
            cell = recycled
        } else {
            guard let factory = cellFactories[reuse.reuseIdentifier] else {
                preconditionFailure("unregistered \(reuse.reuseIdentifier)")
            }
            viewsCreated += 1
            cell = factory()
        }
        dataSource.configure(cell, for: .cell(path), in: self)
        return cell
    }

    /// A new supplementary view for a section, configured; `nil` when the data source has none.
    private func makeSupplementaryView(
        ofKind kind: SupplementaryKind, section: Int, _ dataSource: any ListHostDataSource
    ) -> AnyObject? {
        let element = ListElement.supplementary(kind, ListIndexPath(item: 0, section: section))
        guard let reuse = dataSource.reuse(for: element, in: self) else { return nil }
        guard let factory = supplementaryFactories[kind.rawValue + "/" + reuse.reuseIdentifier] else {
            preconditionFailure("unregistered \(reuse.reuseIdentifier)")
        }
        viewsCreated += 1
        let view = factory()
        dataSource.configure(view, for: element, in: self)
        return view
    }

    func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) {
        if let reject = rejectBatch {
            rejectBatch = reject - 1
            if reject == 0 {
                updateData()
                events.append("rejected \(batch)")
                throw BatchUpdateError(.invalidNumberOfItems, "rejected by the test")
            }
        }
        guard let dataSource else { return }
        events.append("batch \(batch)")
        let old = rows.map { (section: 0, rows: $0) }
        updateData()
        duringBatch?()
        let new = try batch.apply(
            to: old,
            newSection: { section in (section: 0, rows: self.makeRows(section: section, dataSource)) },
            newRow: { path in self.makeCell(at: path, dataSource) },
            updatedRow: { row, path, update in
                switch update {
                case .reconfigure: return self.makeCell(at: path, dataSource, inPlace: row)
                case .reload: return self.makeCell(at: path, dataSource)
                }
            })
        rows = new.map(\.rows)
        makeSupplementaryViews(dataSource)
    }

    /// How many batches came with the items to configure again after them, as one operation
    /// (`performBatchUpdates(_:updateData:thenReconfigure:)`).
    private(set) var batchesWithReconfigure = 0

    func performBatchUpdates(
        _ batch: BatchUpdate, updateData: () -> Void, thenReconfigure afterBatch: () -> [ListIndexPath]
    ) throws(BatchUpdateError) {
        batchesWithReconfigure += 1
        try performBatchUpdates(batch, updateData: updateData)
        let paths = afterBatch()
        if !paths.isEmpty { events.append("then reconfigure \(paths.map(\.description).joined(separator: ", "))") }
        reconfigureInPlace(paths)
    }

    func reloadData() {
        events.append("reload")
        for row in rows.joined() {
            pool[String(reflecting: type(of: row)), default: []].append(row)
        }
        rows = []
        guard let dataSource else { return }
        rows = (0..<dataSource.numberOfSections(in: self)).map { makeRows(section: $0, dataSource) }
        makeSupplementaryViews(dataSource)
    }

    func reconfigureItems(at indexPaths: [ListIndexPath]) {
        events.append("reconfigure \(indexPaths.map(\.description).joined(separator: ", "))")
        reconfigureInPlace(indexPaths)
    }

    private func reconfigureInPlace(_ indexPaths: [ListIndexPath]) {
        guard let dataSource else { return }
        for path in indexPaths
        where rows.indices.contains(path.section) && rows[path.section].indices.contains(path.item) {
            rows[path.section][path.item] = makeCell(at: path, dataSource, inPlace: rows[path.section][path.item])
        }
    }

    var indexPathsForVisibleItems: [ListIndexPath] {
        rows.enumerated().flatMap { section, cells in cells.indices.map { ListIndexPath(item: $0, section: section) } }
    }

    /// The text of every cell, section by section.
    var texts: [[String]] { rows.map { $0.map { ($0 as? LabelView)?.text ?? "?" } } }

    /// The text of every supplementary view of a kind, by section.
    func texts(ofKind kind: SupplementaryKind) -> [String] {
        (supplementary[kind] ?? []).map { ($0 as? LabelView)?.text ?? "?" }
    }

    /// The cell at an index path.
    func cell(at path: ListIndexPath) -> LabelView? { rows[path.section][path.item] as? LabelView }

    private func makeRows(section: Int, _ dataSource: any ListHostDataSource) -> [AnyObject] {
        (0..<dataSource.numberOfItems(inSection: section, in: self)).map {
            makeCell(at: ListIndexPath(item: $0, section: section), dataSource)
        }
    }

    private func makeSupplementaryViews(_ dataSource: any ListHostDataSource) {
        supplementary = [:]
        for kind in dataSource.supplementaryKinds(in: self) {
            supplementary[kind] = (0..<dataSource.numberOfSections(in: self)).compactMap {
                makeSupplementaryView(ofKind: kind, section: $0, dataSource)
            }
        }
    }
}

// MARK: - Values

/// A mutable value a configuration closure reads, changed by the test after registering.
@MainActor
final class Ref<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

// MARK: - Snapshots

/// A snapshot with sections and their items.
func makeSnapshot(_ sections: [(Section, [AnyHashable])]) throws -> Snapshot<Section, AnyHashable> {
    var snapshot = Snapshot<Section, AnyHashable>()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// A snapshot with one `.main` section.
func makeSnapshot(_ items: [AnyHashable]) throws -> Snapshot<Section, AnyHashable> {
    try makeSnapshot([(.main, items)])
}

// MARK: - Text host

/// How a card cell draws its edge: `/\` first, `||` middle, `\/` last, `()` only.
func cardEdge(_ position: PositionInSection) -> String {
    switch position {
    case .only: "()"
    case .first: "/\\"
    case .middle: "||"
    case .last: "\\/"
    }
}

/// `TextListView` output with trailing padding removed, one element per line.
@MainActor
func renderedLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
}
