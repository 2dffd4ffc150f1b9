import CellKit
import DiffableStore

/// A list view that renders to text: the `ListHost` CellKit ships for tests, snippets and the demo.
///
/// It behaves like `UICollectionView` with a vertical list layout, as far as a data source can tell:
/// views are registered under reuse identifiers, dequeued, and recycled through reuse pools when they
/// leave the viewport; only visible rows are configured; batch updates are checked with the rules UIKit
/// enforces and rejected, state unchanged, when they break one; reconfigured items keep their cell.
///
/// ```swift
/// let list = TextListView(width: 20, height: 3)
/// let dataSource = UniversalDataSource<String>(host: list)
/// // register cells, apply a snapshot ...
/// print(list.render())
/// ```
///
/// Each section shows, top to bottom: a row for each supplementary kind other than
/// ``SupplementaryKind/footer`` (the ``SupplementaryKind/header`` first, then other kinds in the order
/// the data source lists them), the items, and a footer row. Supplementary views are asked for with
/// the index path `section.0`; a kind the data source answers `nil` for takes no lines. The kinds are
/// read when the list loads and on ``reloadData()``.
///
/// Every view is a ``TextCell``; its height is the number of lines it renders (at least one), measured
/// when it is configured and kept until its item is reloaded or reconfigured. Rows not measured yet
/// count as ``estimatedRowHeight`` lines.
///
/// # Performance
/// Row heights are kept in a Fenwick tree (prefix sums), so finding the row at a line and scrolling
/// anywhere cost O(log n) plus the work of configuring the rows that come into view; ``render()`` costs
/// O(v log n) for *v* visible rows (plus rendering them). Loading, ``reloadData()`` and
/// ``performBatchUpdates(_:updateData:)`` cost O(n + s) for *n* rows and *s* sections, plus the views
/// configured. A list of 1,000,000 items scrolls to its end at once.
@MainActor
public final class TextListView: ListHost {
    /// Counts of what the list did with its views, for tests and benchmarks.
    public struct Statistics: Hashable, Sendable, CustomStringConvertible {
        /// Views made by a registered factory because the reuse pool was empty.
        public var viewsCreated = 0
        /// Calls to the dequeue methods (cells and supplementary views).
        public var dequeued = 0
        /// Dequeues answered from a reuse pool (each one called `prepareForReuse()`).
        public var reused = 0
        /// Views put back in a reuse pool because their row left the viewport or went away.
        public var recycled = 0
        /// Views the data source was asked to configure (`cell(at:)` and `supplementaryView`).
        public var configured = 0
        /// Dequeues answered with the cell already showing the item, during a reconfigure.
        public var reconfiguredInPlace = 0
        /// Rows whose height was measured by rendering their view.
        public var measured = 0
        /// Batch updates performed (rejected ones are not counted: they change nothing).
        public var batchUpdates = 0
        /// Calls to ``TextListView/reloadData()``.
        public var reloads = 0

        /// Creates zeroed statistics.
        public init() {}

        /// `"created 8, dequeued 20, reused 12, recycled 12, configured 20, in place 0, measured 20, batches 1, reloads 0"`.
        public var description: String {
            "created \(viewsCreated), dequeued \(dequeued), reused \(reused), recycled \(recycled), "
                + "configured \(configured), in place \(reconfiguredInPlace), measured \(measured), "
                + "batches \(batchUpdates), reloads \(reloads)"
        }
    }

    /// The viewport's width in columns; every rendered line is exactly this wide.
    public let width: Int
    /// The viewport's height in lines; ``render()`` returns exactly this many lines.
    public let height: Int

    /// The object that provides counts and views. Held weakly; setting it unloads the list, which
    /// loads again from the new data source when next used.
    public weak var dataSource: (any ListHostDataSource)? {
        didSet { transaction { unload() } }
    }

    /// The object told about rows shown and hidden, selection and scrolling. Held weakly.
    public weak var delegate: (any ListHostDelegate)?

    /// The number of lines a row counts as until it is measured (at least 1; default 1).
    ///
    /// - Complexity: Setting it is O(n).
    public var estimatedRowHeight: Int {
        didSet {
            estimatedRowHeight = max(1, estimatedRowHeight)
            guard isLoaded else { return }
            transaction {
                tree = FenwickTree(rows.lazy.map { self.effectiveHeight($0) })
                layout()
            }
        }
    }

    /// One line per batch performed (``BatchUpdate/description``), `"reload data"` per reload, and
    /// `"reconfigure ..."` per ``reconfigureItems(at:)``.
    public private(set) var updateLog: [String] = []

    /// Counts of views created, dequeued, reused and configured. Assign `.init()` to reset.
    public var statistics = Statistics()

    /// The content line shown at the top of the viewport.
    public private(set) var firstVisibleLine = 0

    /// The selected item, if any. Selection follows its item through moves and is cleared when the item
    /// is deleted or the list reloads.
    public private(set) var selectedIndexPath: ListIndexPath?

    // MARK: State

    /// A row: a supplementary view or an item.
    struct Slot {
        /// Measured lines; `-1` until measured. `0` only for a supplementary view the data source has not.
        var height: Int32 = -1
        var isSelected = false
        /// The view showing the row; only rows in the viewport have one.
        var view: TextCell?
    }

    /// Where a row is: an item, or a section's supplementary view of a kind.
    public enum RowLocation: Hashable, Sendable, CustomStringConvertible {
        /// The row of the item at an index path.
        case item(ListIndexPath)
        /// The row of a section's supplementary view of a kind.
        case supplementary(SupplementaryKind, section: Int)

        /// `"0.3"` for an item, `"header 1"` for a supplementary view.
        public var description: String {
            switch self {
            case .item(let path): path.description
            case .supplementary(let kind, let section): "\(kind) \(section)"
            }
        }
    }

    /// A scroll position that does not depend on the heights of the rows above it: the row at the top
    /// of the viewport and how many of its lines are scrolled past.
    public struct ScrollAnchor: Hashable, Sendable, CustomStringConvertible {
        /// The row at the top of the viewport.
        public var row: RowLocation
        /// How many of the row's lines are above the viewport (0 when the row starts at the top).
        public var lineOffset: Int

        /// Creates an anchor.
        ///
        /// - Parameters:
        ///   - row: The row at the top of the viewport.
        ///   - lineOffset: How many of its lines are above the viewport.
        public init(row: RowLocation, lineOffset: Int) {
            self.row = row
            self.lineOffset = lineOffset
        }

        /// `"0.3 +1"`.
        public var description: String { "\(row) +\(lineOffset)" }
    }

    private var cellFactories: [String: @MainActor () -> AnyObject] = [:]
    private var supplementaryFactories: [PoolKey: @MainActor () -> AnyObject] = [:]
    private var pools: [PoolKey: [TextCell]] = [:]
    /// Views used by ``renderAll()`` for rows off screen, kept apart so they never touch the statistics.
    private var scratchPools: [PoolKey: [TextCell]] = [:]
    private var isRenderingOffscreen = false
    /// The item being reconfigured in place and its cell, which a dequeue for it returns.
    private var inPlace: (indexPath: ListIndexPath, view: TextCell)?

    private var isLoaded = false
    private var kindsAbove: [SupplementaryKind] = []
    private var kindsBelow: [SupplementaryKind] = []
    /// Every row, section after section: the kinds above, the items, the kinds below.
    private var rows: [Slot] = []
    /// `sectionStarts[s]..<sectionStarts[s + 1]` are section `s`'s rows.
    private var sectionStarts: [Int] = [0]
    /// Heights of `rows` (measured or estimated).
    private var tree = FenwickTree([Int]())
    /// The rows holding a view, ascending; all of them are in the viewport after a layout.
    private var displayed: [Int] = []

    private var transactionDepth = 0
    private var lineBeforeTransaction = 0
    private var pendingEvents: [ListHostEvent] = []

    /// Creates an empty list view with a viewport of `width` columns and `height` lines.
    ///
    /// - Parameters:
    ///   - width: Columns per line; at least 1.
    ///   - height: Lines in the viewport; at least 1.
    ///   - estimatedRowHeight: Lines a row counts as until measured; at least 1.
    /// - Precondition: `width` and `height` are at least 1.
    public init(width: Int, height: Int, estimatedRowHeight: Int = 1) {
        precondition(width >= 1 && height >= 1, "TextListView needs a viewport of at least 1×1, not \(width)×\(height)")
        self.width = width
        self.height = height
        self.estimatedRowHeight = max(1, estimatedRowHeight)
    }

    // MARK: Registration and dequeue

    /// Registers how to make a new cell for a reuse identifier; a later registration replaces it.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: The identifier cells are dequeued by.
    ///   - factory: Makes a new cell when the reuse pool is empty; it must make a ``TextCell``.
    public func registerCell(reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject) {
        cellFactories[reuseIdentifier] = factory
    }

    /// Registers how to make a new supplementary view of a kind for a reuse identifier.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: The identifier views are dequeued by.
    ///   - factory: Makes a new view when the reuse pool is empty; it must make a ``TextCell``.
    public func registerSupplementaryView(ofKind kind: SupplementaryKind, reuseIdentifier: String, factory: @escaping @MainActor () -> AnyObject) {
        supplementaryFactories[PoolKey(kind: kind, reuseIdentifier: reuseIdentifier)] = factory
    }

    /// A cell for an index path: the cell already showing it while it is reconfigured in place, a
    /// recycled one (after `prepareForReuse()`) if the pool has one, a new one otherwise.
    ///
    /// - Parameters:
    ///   - reuseIdentifier: A registered reuse identifier.
    ///   - indexPath: Where the cell will show.
    /// - Returns: A ``TextCell``.
    /// - Precondition: `reuseIdentifier` was registered, and its factory makes a ``TextCell``.
    public func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for indexPath: ListIndexPath) -> AnyObject {
        let key = PoolKey(kind: nil, reuseIdentifier: reuseIdentifier)
        if isRenderingOffscreen { return take(key, from: &scratchPools, counting: false) }
        statistics.dequeued += 1
        if let inPlace, inPlace.indexPath == indexPath, inPlace.view.poolKey == key {
            statistics.reconfiguredInPlace += 1
            return inPlace.view
        }
        let view = take(key, from: &pools, counting: true)
        view.indexPath = indexPath
        return view
    }

    /// A supplementary view of a kind for an index path, recycled when possible.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - reuseIdentifier: A reuse identifier registered for `kind`.
    ///   - indexPath: Where the view will show (`section.0`).
    /// - Returns: A ``TextCell``.
    /// - Precondition: `reuseIdentifier` was registered for `kind`, and its factory makes a ``TextCell``.
    public func dequeueReusableSupplementaryView(ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String, for indexPath: ListIndexPath) -> AnyObject {
        let key = PoolKey(kind: kind, reuseIdentifier: reuseIdentifier)
        if isRenderingOffscreen { return take(key, from: &scratchPools, counting: false) }
        statistics.dequeued += 1
        let view = take(key, from: &pools, counting: true)
        view.indexPath = indexPath
        return view
    }

    private func take(_ key: PoolKey, from pools: inout [PoolKey: [TextCell]], counting: Bool) -> TextCell {
        if let view = pools[key]?.popLast() {
            view.prepareForReuse()
            view.prepareForReuseCount += 1
            if counting { statistics.reused += 1 }
            return view
        }
        let factory = key.kind == nil ? cellFactories[key.reuseIdentifier] : supplementaryFactories[key]
        guard let factory else {
            let what = key.kind.map { "\($0) view" } ?? "cell"
            preconditionFailure("No \(what) is registered for reuse identifier \"\(key.reuseIdentifier)\"")
        }
        let object = factory()
        guard let view = object as? TextCell else {
            preconditionFailure("TextListView shows TextCell subclasses; the factory for \"\(key.reuseIdentifier)\" made a \(type(of: object))")
        }
        view.poolKey = key
        view.supplementaryKind = key.kind
        if counting { statistics.viewsCreated += 1 }
        return view
    }

    private func recycle(_ view: TextCell) {
        view.indexPath = nil
        view.isSelected = false
        statistics.recycled += 1
        if let key = view.poolKey { pools[key, default: []].append(view) }
    }

    // MARK: Reading

    /// The number of sections the list shows.
    ///
    /// - Complexity: O(1) once loaded.
    public var numberOfSections: Int {
        loadIfNeeded()
        return sectionStarts.count - 1
    }

    /// The number of items the list shows in a section.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The count, or `nil` when `section` is out of range.
    /// - Complexity: O(1) once loaded.
    public func numberOfItems(inSection section: Int) -> Int? {
        loadIfNeeded()
        guard (0..<sectionStarts.count - 1).contains(section) else { return nil }
        return itemCount(inSection: section)
    }

    /// The total number of lines of content: measured rows plus estimates for the others.
    ///
    /// - Complexity: O(log n) once loaded.
    public var contentHeight: Int {
        loadIfNeeded()
        return tree.total
    }

    /// The index paths of the items visible now, in order.
    ///
    /// - Complexity: O(v log s) for *v* visible rows and *s* sections.
    public var indexPathsForVisibleItems: [ListIndexPath] {
        loadIfNeeded()
        return displayed.compactMap {
            if case .item(let path) = location(ofRow: $0) { return path }
            return nil
        }
    }

    /// The cell showing an item, if the item is visible.
    ///
    /// - Parameter indexPath: An index path in the list's current state.
    /// - Returns: The cell, or `nil` when the item is not visible or not in the list.
    /// - Complexity: O(1).
    public func cellForItem(at indexPath: ListIndexPath) -> TextCell? {
        loadIfNeeded()
        return row(of: indexPath).flatMap { rows[$0].view }
    }

    /// The supplementary view of a kind showing for a section, if visible.
    ///
    /// - Parameters:
    ///   - kind: The kind of view.
    ///   - section: A section index.
    /// - Returns: The view, or `nil` when it is not visible, the section does not exist or has none.
    /// - Complexity: O(k) for *k* supplementary kinds.
    public func supplementaryView(ofKind kind: SupplementaryKind, inSection section: Int) -> TextCell? {
        loadIfNeeded()
        guard (0..<sectionStarts.count - 1).contains(section) else { return nil }
        if let offset = kindsAbove.firstIndex(of: kind) { return rows[sectionStarts[section] + offset].view }
        if let offset = kindsBelow.firstIndex(of: kind) {
            return rows[sectionStarts[section + 1] - kindsBelow.count + offset].view
        }
        return nil
    }

    // MARK: Rendering

    /// The viewport as text: exactly ``height`` lines, each exactly ``width`` display columns, joined by
    /// `"\n"`.
    ///
    /// Each visible row shows its view's ``TextCell/render(width:)`` lines, cut or padded to the row's
    /// measured height; lines are fitted to the width with ``TextWidth/fit(_:width:)``. Lines below the
    /// content are blank. Rendering does not ask the data source for anything once the list is loaded.
    ///
    /// - Complexity: O(v log n + c) for *v* visible rows and *c* characters shown.
    public func render() -> String {
        transaction {
            loadIfNeeded()
            var lines: [String] = []
            lines.reserveCapacity(height)
            let top = firstVisibleLine
            let bottom = top + height
            if var row = tree.index(containing: top) {
                var y = tree.prefixSum(row)
                while row < rows.count && y < bottom {
                    let rowHeight = effectiveHeight(rows[row])
                    let shown = rows[row].view?.render(width: width) ?? []
                    let first = max(y, top)
                    let last = min(y + rowHeight, bottom)
                    if first < last {
                        for line in first..<last {
                            let index = line - y
                            lines.append(TextWidth.fit(index < shown.count ? shown[index] : "", width: width))
                        }
                    }
                    y += rowHeight
                    row += 1
                }
            }
            let blank = String(repeating: " ", count: width)
            while lines.count < height { lines.append(blank) }
            return lines.joined(separator: "\n")
        }
    }

    /// Every row of the list as text, not just the viewport: for tests on small lists.
    ///
    /// Visible rows show as in ``render()``. Rows off screen are configured on views kept apart from the
    /// reuse pools and shown at their full rendered height; this asks the data source, but changes no
    /// state of the list: not the measured heights, the statistics, the reuse pools nor the events.
    ///
    /// - Returns: One line per line of content, each exactly ``width`` columns, joined by `"\n"`.
    /// - Complexity: O(n) views configured and rendered.
    public func renderAll() -> String {
        transaction {
            loadIfNeeded()
            var lines: [String] = []
            for row in rows.indices {
                if let view = rows[row].view {
                    let shown = view.render(width: width)
                    for index in 0..<effectiveHeight(rows[row]) {
                        lines.append(TextWidth.fit(index < shown.count ? shown[index] : "", width: width))
                    }
                    continue
                }
                guard let view = offscreenView(forRow: row) else { continue }
                let shown = view.render(width: width)
                for index in 0..<max(1, shown.count) {
                    lines.append(TextWidth.fit(index < shown.count ? shown[index] : "", width: width))
                }
                if let key = view.poolKey { scratchPools[key, default: []].append(view) }
            }
            return lines.joined(separator: "\n")
        }
    }

    private func offscreenView(forRow row: Int) -> TextCell? {
        guard let dataSource else { return nil }
        isRenderingOffscreen = true
        defer { isRenderingOffscreen = false }
        let object: AnyObject?
        switch location(ofRow: row) {
        case .item(let path):
            object = dataSource.cell(at: path, in: self)
        case .supplementary(let kind, let section):
            object = dataSource.supplementaryView(ofKind: kind, at: ListIndexPath(item: 0, section: section), in: self)
        }
        guard let object else { return nil }
        return textCell(object, at: location(ofRow: row))
    }

    // MARK: Scrolling

    /// Scrolls so that a content line is at the top, as far as the content allows.
    ///
    /// Rows that come into view are configured and measured; if they turn out shorter than estimated at
    /// the end of the content, the list settles so the viewport stays full.
    ///
    /// - Parameter line: A content line; clamped to `0...max(0, contentHeight - height)`.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    public func scroll(toLine line: Int) {
        transaction {
            loadIfNeeded()
            firstVisibleLine = line
            layout()
        }
    }

    /// The row at the top of the viewport and how far it is scrolled; `nil` when the list is empty.
    ///
    /// - Complexity: O(log n).
    public var scrollAnchor: ScrollAnchor? {
        transaction {
            loadIfNeeded()
            guard let row = tree.index(containing: firstVisibleLine) else { return nil }
            return ScrollAnchor(row: location(ofRow: row), lineOffset: firstVisibleLine - tree.prefixSum(row))
        }
    }

    /// Scrolls so that an anchor's row, scrolled by its offset, is at the top, as far as the content allows.
    ///
    /// - Parameter anchor: A row of the list and a line offset into it.
    /// - Returns: `false`, without scrolling, when the row is not in the list.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func scroll(to anchor: ScrollAnchor) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = row(at: anchor.row) else { return false }
            firstVisibleLine = tree.prefixSum(row) + max(0, anchor.lineOffset)
            layout()
            return true
        }
    }

    /// Scrolls so that an item is at the top of the viewport, as far as the content allows.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: `false`, without scrolling, when the item is not in the list.
    /// - Complexity: O(log n) per visible row, plus configuring the rows that come into view.
    @discardableResult
    public func scroll(to indexPath: ListIndexPath) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = row(of: indexPath) else { return false }
            firstVisibleLine = tree.prefixSum(row)
            layout()
            return true
        }
    }

    /// Scrolls by a number of lines: down when positive, up when negative.
    ///
    /// - Parameter lines: How far to scroll.
    public func scrollBy(lines: Int) {
        let (target, overflow) = firstVisibleLine.addingReportingOverflow(lines)
        scroll(toLine: overflow ? (lines > 0 ? Int.max : 0) : target)
    }

    /// Scrolls down by one viewport height.
    public func pageDown() { scrollBy(lines: height) }

    /// Scrolls up by one viewport height.
    public func pageUp() { scrollBy(lines: -height) }

    /// Scrolls to the end of the content.
    public func scrollToEnd() { scroll(toLine: Int.max) }

    // MARK: Selection

    /// Selects an item as a user's tap would: deselects the selected item (``ListHostEvent/didDeselect(_:)``)
    /// and tells the delegate ``ListHostEvent/didSelect(_:)``.
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: `false`, changing nothing, when the item is not in the list.
    @discardableResult
    public func select(_ indexPath: ListIndexPath) -> Bool {
        transaction {
            loadIfNeeded()
            guard let row = row(of: indexPath) else { return false }
            if let selected = selectedIndexPath, selected != indexPath { deselect() }
            rows[row].isSelected = true
            rows[row].view?.isSelected = true
            selectedIndexPath = indexPath
            if let item = dataSource?.itemIdentifier(at: indexPath, in: self) {
                pendingEvents.append(.didSelect(item, at: indexPath))
            }
            return true
        }
    }

    /// Deselects the selected item, if any, telling the delegate ``ListHostEvent/didDeselect(_:)``.
    public func deselect() {
        transaction {
            guard let selected = selectedIndexPath else { return }
            if let row = row(of: selected) {
                rows[row].isSelected = false
                rows[row].view?.isSelected = false
            }
            selectedIndexPath = nil
            if let item = dataSource?.itemIdentifier(at: selected, in: self) {
                pendingEvents.append(.didDeselect(item, at: selected))
            }
        }
    }

    // MARK: Updates

    /// Drops every row and asks the data source for everything again; the selection is cleared and the
    /// scroll position kept as far as the new content allows.
    ///
    /// - Complexity: O(n + s), plus configuring the visible rows.
    public func reloadData() {
        transaction {
            load()
            statistics.reloads += 1
            updateLog.append("reload data")
        }
    }

    /// Configures the visible cells at these index paths again, in place: the data source's dequeue
    /// returns the cell already showing the item, with no `prepareForReuse()`. Rows not visible are
    /// measured again when they next come into view.
    ///
    /// - Parameter indexPaths: Index paths in the current state; ones outside the list are ignored.
    /// - Complexity: O(k log n), plus configuring the visible ones.
    public func reconfigureItems(at indexPaths: [ListIndexPath]) {
        transaction {
            loadIfNeeded()
            var done: [ListIndexPath] = []
            for path in indexPaths {
                guard let row = row(of: path) else { continue }
                done.append(path)
                reconfigure(row: row)
            }
            guard !done.isEmpty else { return }
            updateLog.append(BatchUpdate(reconfiguredItems: done.sorted()).description)
            layout()
        }
    }

    /// Performs one batch of updates the way `UICollectionView` does.
    ///
    /// The list records its counts, calls `updateData`, reads the counts after from the data source and
    /// checks the batch with ``BatchUpdate/validate(itemCountsBefore:itemCountsAfter:)``. On a violation it
    /// throws and keeps its previous state exactly: rows, views, heights, scroll position, statistics and
    /// log; the caller restores its data. Otherwise it places rows with ``BatchUpdate/apply(to:newSection:newRow:updatedRow:)``:
    /// deleted and reloaded rows' views go back to the pool; reconfigured visible items are configured
    /// again in place; inserted, reloaded and newly visible rows are configured when in view.
    ///
    /// - Parameters:
    ///   - batch: The updates, in old and new coordinates.
    ///   - updateData: Switches the data source to the state after the batch.
    /// - Throws: ``BatchUpdateError`` naming the rule and the indices.
    /// - Complexity: O(n + s + b log b), plus configuring the rows that come into view.
    public func performBatchUpdates(_ batch: BatchUpdate, updateData: () -> Void) throws(BatchUpdateError) {
        try transaction { () throws(BatchUpdateError) in
            loadIfNeeded()
            let sectionCount = sectionStarts.count - 1
            let before = (0..<sectionCount).map { itemCount(inSection: $0) }
            updateData()
            let after = try countsFromDataSource()
            try batch.validate(itemCountsBefore: before, itemCountsAfter: after)
            try commit(batch, itemCountsAfter: after)
            statistics.batchUpdates += 1
            updateLog.append(batch.description)
        }
    }

    private func countsFromDataSource() throws(BatchUpdateError) -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else {
            throw BatchUpdateError(.invalidNumberOfSections,
                "invalid number of sections: the data source reported \(sections) sections after the update")
        }
        return (0..<sections).map { dataSource.numberOfItems(inSection: $0, in: self) }
    }

    /// Applies a validated batch; throws (changing nothing) only if `apply` disagrees with `validate`.
    private func commit(_ batch: BatchUpdate, itemCountsAfter after: [Int]) throws(BatchUpdateError) {
        let above = kindsAbove.count
        let below = kindsBelow.count
        var old: [(section: [Slot], rows: [Slot])] = []
        old.reserveCapacity(sectionStarts.count - 1)
        for section in 0..<(sectionStarts.count - 1) {
            let start = sectionStarts[section]
            let end = sectionStarts[section + 1]
            old.append((Array(rows[start..<start + above]) + Array(rows[end - below..<end]),
                        Array(rows[start + above..<end - below])))
        }
        var reconfigured: [ListIndexPath] = []
        let sections = try batch.apply(
            to: old,
            newSection: { (section: Int) -> (section: [Slot], rows: [Slot]) in
                (Array(repeating: Slot(), count: above + below), Array(repeating: Slot(), count: after[section]))
            },
            newRow: { _ in Slot() },
            updatedRow: { (slot: Slot, path: ListIndexPath, update: BatchUpdate.ItemUpdate) -> Slot in
                var slot = slot
                switch update {
                case .reload:
                    slot.view = nil
                    slot.height = -1
                case .reconfigure:
                    if slot.view == nil { slot.height = -1 } else { reconfigured.append(path) }
                }
                return slot
            })

        // Success: nothing below throws.
        let held = displayed.map { (view: rows[$0].view, location: location(ofRow: $0)) }
        var newRows: [Slot] = []
        newRows.reserveCapacity(rows.count + batch.insertedItems.count)
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for (supplementary, items) in sections {
            newRows.append(contentsOf: supplementary[..<above])
            newRows.append(contentsOf: items)
            newRows.append(contentsOf: supplementary[above...])
            starts.append(newRows.count)
        }
        rows = newRows
        sectionStarts = starts
        tree = FenwickTree(rows.lazy.map { self.effectiveHeight($0) })
        var present = Set<ObjectIdentifier>()
        displayed = []
        selectedIndexPath = nil
        for row in rows.indices where rows[row].view != nil || rows[row].isSelected {
            let location = location(ofRow: row)
            if rows[row].isSelected, case .item(let path) = location { selectedIndexPath = path }
            guard let view = rows[row].view else { continue }
            present.insert(ObjectIdentifier(view))
            displayed.append(row)
            view.indexPath = location.indexPath
        }
        for (view, location) in held {
            guard let view, !present.contains(ObjectIdentifier(view)) else { continue }
            endDisplaying(view, at: location)
        }
        for path in reconfigured {
            if let row = row(of: path) { reconfigure(row: row) }
        }
        layout()
    }

    /// Configures a visible item again in place, or forgets a hidden one's height.
    private func reconfigure(row: Int) {
        guard let view = rows[row].view, case .item(let path) = location(ofRow: row), let dataSource else {
            invalidateHeight(row: row)
            return
        }
        inPlace = (path, view)
        statistics.configured += 1
        let object = dataSource.cell(at: path, in: self)
        inPlace = nil
        let cell = textCell(object, at: .item(path))
        let identity = dataSource.itemIdentifier(at: path, in: self)
        if cell !== view {
            // The data source dequeued a different cell (the item's cell type changed).
            endDisplaying(view, at: .item(path))
            rows[row].view = cell
            cell.indexPath = path
            cell.isSelected = rows[row].isSelected
            cell.shownIdentity = identity
            if let identity { pendingEvents.append(.willDisplay(identity, at: path)) }
        } else {
            // Same item, maybe new content (an `Identifiable` item reconfigured): later events name it.
            cell.shownIdentity = identity
        }
        cell.configureCount += 1
        measure(row: row)
    }

    // MARK: Loading and layout

    private func loadIfNeeded() {
        if !isLoaded { load() }
    }

    private func unload() {
        for row in displayed {
            guard let view = rows[row].view else { continue }
            endDisplaying(view, at: location(ofRow: row))
        }
        displayed = []
        rows = []
        sectionStarts = [0]
        tree = FenwickTree([Int]())
        selectedIndexPath = nil
        isLoaded = false
    }

    /// Reads the kinds and counts from the data source, with every row unmeasured, then lays out.
    private func load() {
        unload()
        isLoaded = true
        guard let dataSource else { return }
        var seen = Set<SupplementaryKind>()
        let kinds = dataSource.supplementaryKinds(in: self).filter { seen.insert($0).inserted }
        kindsAbove = kinds.filter { $0 == .header } + kinds.filter { $0 != .header && $0 != .footer }
        kindsBelow = kinds.filter { $0 == .footer }
        let sections = max(0, dataSource.numberOfSections(in: self))
        var starts = [0]
        starts.reserveCapacity(sections + 1)
        for section in 0..<sections {
            let items = max(0, dataSource.numberOfItems(inSection: section, in: self))
            starts.append(starts[section] + kindsAbove.count + items + kindsBelow.count)
        }
        sectionStarts = starts
        rows = Array(repeating: Slot(), count: starts[sections])
        tree = FenwickTree(repeatElement(estimatedRowHeight, count: rows.count))
        layout()
    }

    private var maximumFirstLine: Int { max(0, tree.total - height) }

    /// Shows the rows in the viewport: recycles views that left it, configures rows that entered it.
    ///
    /// A viewport at or past the end of the content stays at the end: rows measured there change the
    /// content's height, so it settles until the last line of content is the last line of the viewport
    /// (or the content is shorter than the viewport). Each pass measures new rows, so it ends within
    /// `height + 2` passes.
    private func layout() {
        let pinnedToEnd = firstVisibleLine >= maximumFirstLine
        for _ in 0..<(height + 2) {
            firstVisibleLine = pinnedToEnd ? maximumFirstLine : min(max(0, firstVisibleLine), maximumFirstLine)
            placeVisibleRows()
            if pinnedToEnd ? firstVisibleLine == maximumFirstLine : firstVisibleLine <= maximumFirstLine { break }
        }
    }

    private func placeVisibleRows() {
        let top = firstVisibleLine
        let bottom = top + height
        // Recycle first what is already out of view, so the rows coming in can reuse its views.
        var kept: [Int] = []
        for row in displayed {
            let y = tree.prefixSum(row)
            if y >= bottom || y + effectiveHeight(rows[row]) <= top {
                hide(row: row)
            } else {
                kept.append(row)
            }
        }
        var shown: [Int] = []
        if var row = tree.index(containing: top) {
            var y = tree.prefixSum(row)
            while row < rows.count && y < bottom {
                if rows[row].view == nil && rows[row].height != 0 { show(row: row) }
                let rowHeight = effectiveHeight(rows[row])
                if rows[row].view != nil {
                    if y + rowHeight > top { shown.append(row) } else { hide(row: row) }
                }
                y += rowHeight
                row += 1
            }
        }
        // Rows kept at first but pushed out by rows measured above them.
        let shownSet = Set(shown)
        for row in kept where !shownSet.contains(row) { hide(row: row) }
        displayed = shown
    }

    private func show(row: Int) {
        guard let dataSource else {
            setHeight(row: row, 0)
            return
        }
        let location = location(ofRow: row)
        let object: AnyObject?
        statistics.configured += 1
        switch location {
        case .item(let path):
            object = dataSource.cell(at: path, in: self)
        case .supplementary(let kind, let section):
            object = dataSource.supplementaryView(ofKind: kind, at: ListIndexPath(item: 0, section: section), in: self)
        }
        guard let object else {
            setHeight(row: row, 0)
            return
        }
        let view = textCell(object, at: location)
        view.configureCount += 1
        view.indexPath = location.indexPath
        view.isSelected = rows[row].isSelected
        rows[row].view = view
        measure(row: row)
        view.shownIdentity = identity(at: location, from: dataSource)
        if let event = location.willDisplay(view.shownIdentity) { pendingEvents.append(event) }
    }

    private func hide(row: Int) {
        guard let view = rows[row].view else { return }
        rows[row].view = nil
        endDisplaying(view, at: location(ofRow: row))
    }

    /// Reports that a view stopped showing (naming what it was configured for, not what is at its
    /// location now) and puts it back in its pool.
    private func endDisplaying(_ view: TextCell, at location: RowLocation) {
        if let event = location.didEndDisplaying(view.shownIdentity) { pendingEvents.append(event) }
        view.shownIdentity = nil
        recycle(view)
    }

    /// The item or section at a location, as the data source names it now.
    private func identity(at location: RowLocation, from dataSource: any ListHostDataSource) -> AnyHashable? {
        switch location {
        case .item(let path): dataSource.itemIdentifier(at: path, in: self)
        case .supplementary(_, let section): dataSource.sectionIdentifier(at: section, in: self)
        }
    }

    private func textCell(_ object: AnyObject, at location: RowLocation) -> TextCell {
        guard let view = object as? TextCell else {
            preconditionFailure("TextListView shows TextCell subclasses; the data source gave a \(type(of: object)) for \(location)")
        }
        return view
    }

    // MARK: Heights

    private func effectiveHeight(_ slot: Slot) -> Int {
        slot.height >= 0 ? Int(slot.height) : estimatedRowHeight
    }

    private func measure(row: Int) {
        guard let view = rows[row].view else { return }
        statistics.measured += 1
        setHeight(row: row, max(1, view.render(width: width).count))
    }

    private func setHeight(row: Int, _ height: Int) {
        let old = effectiveHeight(rows[row])
        rows[row].height = Int32(clamping: height)
        tree.add(effectiveHeight(rows[row]) - old, at: row)
    }

    private func invalidateHeight(row: Int) {
        let old = effectiveHeight(rows[row])
        rows[row].height = -1
        tree.add(estimatedRowHeight - old, at: row)
    }

    // MARK: Positions

    private func itemCount(inSection section: Int) -> Int {
        sectionStarts[section + 1] - sectionStarts[section] - kindsAbove.count - kindsBelow.count
    }

    /// The row of an item, or `nil` when the index path is outside the list.
    private func row(of indexPath: ListIndexPath) -> Int? {
        guard (0..<sectionStarts.count - 1).contains(indexPath.section),
              (0..<itemCount(inSection: indexPath.section)).contains(indexPath.item) else { return nil }
        return sectionStarts[indexPath.section] + kindsAbove.count + indexPath.item
    }

    /// The row at a location, or `nil` when the location is outside the list.
    private func row(at location: RowLocation) -> Int? {
        switch location {
        case .item(let path):
            return row(of: path)
        case .supplementary(let kind, let section):
            guard (0..<sectionStarts.count - 1).contains(section) else { return nil }
            if let offset = kindsAbove.firstIndex(of: kind) { return sectionStarts[section] + offset }
            if let offset = kindsBelow.firstIndex(of: kind) { return sectionStarts[section + 1] - kindsBelow.count + offset }
            return nil
        }
    }

    /// The section a row belongs to: the last section starting at or before it (binary search).
    private func section(ofRow row: Int) -> Int {
        var low = 0
        var high = sectionStarts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if sectionStarts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func location(ofRow row: Int) -> RowLocation {
        let section = section(ofRow: row)
        let offset = row - sectionStarts[section]
        if offset < kindsAbove.count { return .supplementary(kindsAbove[offset], section: section) }
        let items = itemCount(inSection: section)
        if offset < kindsAbove.count + items {
            return .item(ListIndexPath(item: offset - kindsAbove.count, section: section))
        }
        return .supplementary(kindsBelow[offset - kindsAbove.count - items], section: section)
    }

    // MARK: Events

    /// Runs a public operation; when the outermost one ends, reports a scroll and delivers the events, so
    /// the delegate always sees a consistent list and may call back into it.
    private func transaction<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if transactionDepth == 0 { lineBeforeTransaction = firstVisibleLine }
        transactionDepth += 1
        defer {
            transactionDepth -= 1
            if transactionDepth == 0 { deliverEvents() }
        }
        return try body()
    }

    /// Hands the pending events to the delegate, oldest first. Events that happen while the delegate
    /// handles them (it may scroll or start a batch) end their own transaction and are delivered then,
    /// in a nested call: each event reaches the delegate once, in the order it happened.
    private func deliverEvents() {
        if firstVisibleLine != lineBeforeTransaction {
            pendingEvents.append(.didScroll(firstVisibleLine: firstVisibleLine))
            lineBeforeTransaction = firstVisibleLine
        }
        guard !pendingEvents.isEmpty else { return }
        let events = pendingEvents
        pendingEvents = []
        delegate?.host(self, didReceive: events)
    }
}

extension TextListView.RowLocation {
    var indexPath: ListIndexPath {
        switch self {
        case .item(let path): path
        case .supplementary(_, let section): ListIndexPath(item: 0, section: section)
        }
    }

    /// The event for a view that starts showing `identity` here; `nil` when the data source named nothing.
    func willDisplay(_ identity: AnyHashable?) -> ListHostEvent? {
        guard let identity else { return nil }
        return switch self {
        case .item(let path): .willDisplay(identity, at: path)
        case .supplementary(let kind, let section):
            .willDisplaySupplementaryView(kind, section: identity, at: ListIndexPath(item: 0, section: section))
        }
    }

    /// The event for a view that stops showing `identity`, last shown here.
    func didEndDisplaying(_ identity: AnyHashable?) -> ListHostEvent? {
        guard let identity else { return nil }
        return switch self {
        case .item(let path): .didEndDisplaying(identity, at: path)
        case .supplementary(let kind, let section):
            .didEndDisplayingSupplementaryView(kind, section: identity, at: ListIndexPath(item: 0, section: section))
        }
    }
}
