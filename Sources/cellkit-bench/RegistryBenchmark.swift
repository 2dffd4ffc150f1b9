@_spi(ListHost) import CellKit
import DiffableStore

// MARK: - View models and cells, shared by both data sources

/// A title row.
struct TitleModel: Hashable { let id: Int; let title: String }
/// A switch row.
struct ToggleModel: Hashable { let id: Int; let label: String; let isOn: Bool }
/// An image row.
struct ImageModel: Hashable { let id: Int; let name: String; let width: Int }
/// A small-print row.
struct NoteModel: Hashable { let id: Int; let text: String }

/// Shows a ``TitleModel``.
final class TitleCell: ConfigurableView, ReusableView {
    /// The identifier CellKit registers the class under, so both data sources probe the same strings.
    static let reuseIdentifier = String(reflecting: TitleCell.self)
    var text = ""
    var checksum = 0
    func configure(with model: TitleModel) { text = model.title; checksum &+= model.id }
}

/// Shows a ``ToggleModel``.
final class ToggleCell: ConfigurableView, ReusableView {
    /// The identifier CellKit registers the class under, so both data sources probe the same strings.
    static let reuseIdentifier = String(reflecting: ToggleCell.self)
    var text = ""
    var isOn = false
    var checksum = 0
    func configure(with model: ToggleModel) { text = model.label; isOn = model.isOn; checksum &+= model.id }
}

/// Shows an ``ImageModel``.
final class ImageCell: ConfigurableView, ReusableView {
    /// The identifier CellKit registers the class under, so both data sources probe the same strings.
    static let reuseIdentifier = String(reflecting: ImageCell.self)
    var name = ""
    var width = 0
    var checksum = 0
    func configure(with model: ImageModel) { name = model.name; width = model.width; checksum &+= model.id }
}

/// Shows a ``NoteModel``.
final class NoteCell: ConfigurableView, ReusableView {
    /// The identifier CellKit registers the class under, so both data sources probe the same strings.
    static let reuseIdentifier = String(reflecting: NoteCell.self)
    var text = ""
    var checksum = 0
    func configure(with model: NoteModel) { text = model.text; checksum &+= model.id }
}

// MARK: - The host both data sources answer

/// A minimal list host: cell factories and one recycled cell per reuse identifier, found by a
/// dictionary probe on the identifier, as `UICollectionView` finds its reuse queue. It asks its data
/// source for an item's reuse, takes the cell, and has the data source configure it, as every host
/// does; it does no layout or rendering, so the comparison measures the data sources and nothing else.
final class RecyclingHost: ListHost {
    weak var dataSource: (any ListHostDataSource)?
    weak var delegate: (any ListHostDelegate)?
    private var factories: [String: @MainActor () -> AnyObject] = [:]
    private var pool: [String: AnyObject] = [:]

    func registerCell(
        _ cellClass: AnyObject.Type, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {
        factories[reuseIdentifier] = factory
    }

    func registerSupplementaryView(
        _ viewClass: AnyObject.Type, ofKind kind: SupplementaryKind, reuseIdentifier: String,
        factory: @escaping @MainActor () -> AnyObject
    ) {}

    /// The configured cell for an item: its reuse asked of the data source, the cell taken from the pool
    /// (made the first time), configured by the data source.
    func cell(at indexPath: ListIndexPath, from source: any ListHostDataSource) -> AnyObject {
        let element = ListElement.cell(indexPath)
        guard let reuse = source.reuse(for: element, in: self) else {
            preconditionFailure("The data source has no cell for \(indexPath)")
        }
        let cell: AnyObject
        if let recycled = pool[reuse.reuseIdentifier] {
            cell = recycled
        } else {
            guard let factory = factories[reuse.reuseIdentifier] else {
                preconditionFailure("No cell registered for reuse identifier \(reuse.reuseIdentifier)")
            }
            cell = factory()
            pool[reuse.reuseIdentifier] = cell
        }
        source.configure(cell, for: element, in: self)
        return cell
    }

    func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) { updateData() }
    func reloadData() {}
    func reconfigureItems(at indexPaths: [ListIndexPath]) {}
    var indexPathsForVisibleItems: [ListIndexPath] { [] }
}

// MARK: - The boilerplate CellKit replaces

/// The hand-written data source: switch over the item's base type for its reuse identifier, then
/// again to cast the item and force-cast the cell the host picked, and configure. It reads items from
/// a snapshot exactly as `UniversalDataSource` does, and answers the host through the same protocol.
final class SwitchDataSource: ListHostDataSource {
    let snapshot: Snapshot<Int, AnyHashable>

    init(snapshot: Snapshot<Int, AnyHashable>) {
        self.snapshot = snapshot
    }

    func numberOfSections(in host: any ListHost) -> Int { snapshot.numberOfSections }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        snapshot.numberOfItems(inSectionAt: section)
    }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        snapshot.itemIdentifier(at: indexPath)
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        snapshot.sectionIdentifier(at: index)
    }

    private static let title = ViewReuse(reuseIdentifier: TitleCell.reuseIdentifier, viewClass: TitleCell.self)
    private static let toggle = ViewReuse(reuseIdentifier: ToggleCell.reuseIdentifier, viewClass: ToggleCell.self)
    private static let image = ViewReuse(reuseIdentifier: ImageCell.reuseIdentifier, viewClass: ImageCell.self)
    private static let note = ViewReuse(reuseIdentifier: NoteCell.reuseIdentifier, viewClass: NoteCell.self)

    func reuse(for element: ListElement, in host: any ListHost) -> ViewReuse? {
        guard case .cell(let indexPath) = element else { return nil }
        guard let item = snapshot.itemIdentifier(at: indexPath) else {
            preconditionFailure("The host asked for a cell at \(indexPath), outside the snapshot")
        }
        switch item.base {
        case is TitleModel: return Self.title
        case is ToggleModel: return Self.toggle
        case is ImageModel: return Self.image
        case is NoteModel: return Self.note
        default: preconditionFailure("No cell for \(type(of: item.base))")
        }
    }

    func configure(_ view: AnyObject, for element: ListElement, in host: any ListHost) {
        guard case .cell(let indexPath) = element, let item = snapshot.itemIdentifier(at: indexPath) else {
            preconditionFailure("The host asked to configure \(element), outside the snapshot")
        }
        switch item.base {
        case let model as TitleModel: (view as! TitleCell).configure(with: model)
        case let model as ToggleModel: (view as! ToggleCell).configure(with: model)
        case let model as ImageModel: (view as! ImageCell).configure(with: model)
        case let model as NoteModel: (view as! NoteCell).configure(with: model)
        default: preconditionFailure("No cell for \(type(of: item.base))")
        }
    }
}

// MARK: - The workload

extension Benchmark {
    /// Workload 6: 1,000,000 cells through `UniversalDataSource` against the hand-written switch.
    static let registry = Benchmark(
        name: "registry", summary: "reuse + configure 1,000,000 cells: UniversalDataSource vs a hand-written switch"
    ) { context in
        let count = 1_000_000
        var generator = SeededGenerator(seed: 10)
        var items: [AnyHashable] = []
        items.reserveCapacity(count)
        for id in 0..<count {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: items.append(TitleModel(id: id, title: "Title \(id % 1_000)"))
            case 1: items.append(ToggleModel(id: id, label: "Toggle \(id % 1_000)", isOn: id % 2 == 0))
            case 2: items.append(ImageModel(id: id, name: "image-\(id % 1_000)", width: id % 320))
            default: items.append(NoteModel(id: id, text: "Note \(id % 1_000)"))
            }
        }
        let snapshot = makeSnapshot(items)

        let universalHost = RecyclingHost()
        let universal = UniversalDataSource<Int>(host: universalHost)
        universal.registerCellType(TitleCell.self)
        universal.registerCellType(ToggleCell.self)
        universal.registerCellType(ImageCell.self)
        universal.registerCellType(NoteCell.self)
        do {
            try universal.apply(snapshot, animatingDifferences: false)
        } catch {
            preconditionFailure("Every benchmark item type is registered: \(error)")
        }

        let switchHost = RecyclingHost()
        switchHost.registerCell(TitleCell.self, reuseIdentifier: TitleCell.reuseIdentifier) { TitleCell() }
        switchHost.registerCell(ToggleCell.self, reuseIdentifier: ToggleCell.reuseIdentifier) { ToggleCell() }
        switchHost.registerCell(ImageCell.self, reuseIdentifier: ImageCell.reuseIdentifier) { ImageCell() }
        switchHost.registerCell(NoteCell.self, reuseIdentifier: NoteCell.reuseIdentifier) { NoteCell() }
        let handWritten = SwitchDataSource(snapshot: snapshot)
        switchHost.dataSource = handWritten

        /// Asks `host`'s data source for every cell, as a host filling its rows would.
        @MainActor func dequeueAll(_ host: RecyclingHost) -> Int {
            guard let source = host.dataSource else { preconditionFailure("The host has a data source") }
            var configured = 0
            for item in 0..<count {
                let cell = host.cell(at: ListIndexPath(item: item, section: 0), from: source)
                configured &+= ObjectIdentifier(cell).hashValue & 1
            }
            return configured
        }

        let plan = context.options.plan(full: 9, quick: 3)
        let jobs = [
            Job("UniversalDataSource reuse + configure ×1M") { dequeueAll(universalHost) },
            Job("hand-written switch-and-cast ×1M") { dequeueAll(switchHost) },
        ]
        let timings = measure(jobs, plan: plan)
        context.reporter.report(
            Row(
                workload: "registry", measured: jobs[0].label, value: .time(timings[0].median),
                baseline: jobs[1].label, baselineValue: .time(timings[1].median), repetitions: plan.repetitions,
                target: .ratioAtMost(1.2),
                details: [
                    "4 view model types in random order, 1 section; both answer the same kind of host (a recycling host, one cell per identifier)",
                    "through the ListHostDataSource protocol; same cells, same configure(with:); items read from the same snapshot.",
                    String(
                        format: "%.1f ns per cell vs %.1f ns", timings[0].median.nanoseconds / Double(count),
                        timings[1].median.nanoseconds / Double(count)),
                ]))
    }
}
