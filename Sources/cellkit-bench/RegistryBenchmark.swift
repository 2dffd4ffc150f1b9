import CellKit
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
    static let reuseIdentifier = "TitleCell"
    var text = ""
    var checksum = 0
    func configure(with model: TitleModel) { text = model.title; checksum &+= model.id }
}

/// Shows a ``ToggleModel``.
final class ToggleCell: ConfigurableView, ReusableView {
    static let reuseIdentifier = "ToggleCell"
    var text = ""
    var isOn = false
    var checksum = 0
    func configure(with model: ToggleModel) { text = model.label; isOn = model.isOn; checksum &+= model.id }
}

/// Shows an ``ImageModel``.
final class ImageCell: ConfigurableView, ReusableView {
    static let reuseIdentifier = "ImageCell"
    var name = ""
    var width = 0
    var checksum = 0
    func configure(with model: ImageModel) { name = model.name; width = model.width; checksum &+= model.id }
}

/// Shows a ``NoteModel``.
final class NoteCell: ConfigurableView, ReusableView {
    static let reuseIdentifier = "NoteCell"
    var text = ""
    var checksum = 0
    func configure(with model: NoteModel) { text = model.text; checksum &+= model.id }
}

// MARK: - The host both data sources dequeue from

/// A minimal list host: cell factories and one recycled cell per reuse identifier, found by a
/// dictionary probe on the identifier, as `UICollectionView` finds its reuse queue. It does no
/// layout or rendering, so the comparison measures the data sources and nothing else.
final class RecyclingHost: ListHost {
    weak var dataSource: (any ListHostDataSource)?
    weak var delegate: (any ListHostDelegate)?
    private var factories: [String: @MainActor () -> AnyObject] = [:]
    private var pool: [String: AnyObject] = [:]

    func registerCell(reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject) {
        factories[reuseIdentifier] = factory
    }

    func registerSupplementaryView(
        ofKind kind: SupplementaryKind, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject
    ) {}

    func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for indexPath: ListIndexPath) -> AnyObject {
        if let cell = pool[reuseIdentifier] { return cell }
        guard let factory = factories[reuseIdentifier] else {
            preconditionFailure("No cell registered for reuse identifier \(reuseIdentifier)")
        }
        let cell = factory()
        pool[reuseIdentifier] = cell
        return cell
    }

    func dequeueReusableSupplementaryView(
        ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String, for indexPath: ListIndexPath
    ) -> AnyObject {
        preconditionFailure("The registry benchmark registers no supplementary views")
    }

    func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) { updateData() }
    func reloadData() {}
    func reconfigureItems(at indexPaths: [ListIndexPath]) {}
    var indexPathsForVisibleItems: [ListIndexPath] { [] }
}

// MARK: - The boilerplate CellKit replaces

/// The hand-written `cellForItemAt`: switch over the item's base type, cast, dequeue by a string
/// identifier, force-cast the cell, configure. It reads items from a snapshot exactly as
/// `UniversalDataSource` does, and answers the host through the same protocol.
final class SwitchDataSource: ListHostDataSource {
    let snapshot: Snapshot<Int, AnyHashable>

    init(snapshot: Snapshot<Int, AnyHashable>) {
        self.snapshot = snapshot
    }

    func numberOfSections(in host: any ListHost) -> Int { snapshot.numberOfSections }
    func numberOfItems(inSection section: Int, in host: any ListHost) -> Int {
        snapshot.numberOfItems(inSectionAt: section)
    }
    func supplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath, in host: any ListHost)
        -> AnyObject?
    { nil }
    func supplementaryKinds(in host: any ListHost) -> [SupplementaryKind] { [] }
    func itemIdentifier(at indexPath: ListIndexPath, in host: any ListHost) -> AnyHashable? {
        snapshot.itemIdentifier(at: indexPath)
    }
    func sectionIdentifier(at index: Int, in host: any ListHost) -> AnyHashable? {
        snapshot.sectionIdentifier(at: index)
    }

    func cell(at indexPath: ListIndexPath, in host: any ListHost) -> AnyObject {
        guard let item = snapshot.itemIdentifier(at: indexPath) else {
            preconditionFailure("The host asked for a cell at \(indexPath), outside the snapshot")
        }
        switch item.base {
        case let model as TitleModel:
            let cell =
                host.dequeueReusableCell(withReuseIdentifier: TitleCell.reuseIdentifier, for: indexPath) as! TitleCell
            cell.configure(with: model)
            return cell
        case let model as ToggleModel:
            let cell =
                host.dequeueReusableCell(withReuseIdentifier: ToggleCell.reuseIdentifier, for: indexPath) as! ToggleCell
            cell.configure(with: model)
            return cell
        case let model as ImageModel:
            let cell =
                host.dequeueReusableCell(withReuseIdentifier: ImageCell.reuseIdentifier, for: indexPath) as! ImageCell
            cell.configure(with: model)
            return cell
        case let model as NoteModel:
            let cell =
                host.dequeueReusableCell(withReuseIdentifier: NoteCell.reuseIdentifier, for: indexPath) as! NoteCell
            cell.configure(with: model)
            return cell
        default:
            preconditionFailure("No cell for \(type(of: item.base))")
        }
    }
}

// MARK: - The workload

extension Benchmark {
    /// Workload 6: 1,000,000 cells through `UniversalDataSource` against the hand-written switch.
    static let registry = Benchmark(
        name: "registry", summary: "dequeue + configure 1,000,000 cells: UniversalDataSource vs a hand-written switch"
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
        switchHost.registerCell(reuseIdentifier: TitleCell.reuseIdentifier) { TitleCell() }
        switchHost.registerCell(reuseIdentifier: ToggleCell.reuseIdentifier) { ToggleCell() }
        switchHost.registerCell(reuseIdentifier: ImageCell.reuseIdentifier) { ImageCell() }
        switchHost.registerCell(reuseIdentifier: NoteCell.reuseIdentifier) { NoteCell() }
        let handWritten = SwitchDataSource(snapshot: snapshot)
        switchHost.dataSource = handWritten

        /// Asks `host`'s data source for every cell, as a host filling its rows would.
        @MainActor func dequeueAll(_ host: RecyclingHost) -> Int {
            guard let source = host.dataSource else { preconditionFailure("The host has a data source") }
            var configured = 0
            for item in 0..<count {
                let cell = source.cell(at: ListIndexPath(item: item, section: 0), in: host)
                configured &+= ObjectIdentifier(cell).hashValue & 1
            }
            return configured
        }

        let plan = context.options.plan(full: 9, quick: 3)
        let jobs = [
            Job("UniversalDataSource.cell(at:in:) ×1M") { dequeueAll(universalHost) },
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
