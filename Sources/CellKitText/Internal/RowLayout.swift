@_spi(ListHost) import CellKit
@_spi(ListHost) import DiffableStore

/// Where every row of a ``TextListView`` is: its sections, the supplementary rows around each section's
/// items, and the rows' heights, with the lookups between index paths, rows and lines.
///
/// Rows are numbered section after section: the kinds above (``kindsAbove``), the items, the kinds
/// below (``kindsBelow``). Heights live in a ``RowHeights`` tree; a row's raw height is the lines it
/// measured, `0` for a supplementary view the data source does not have, or `-1` until it is measured.
///
/// - Complexity: Position lookups between rows and index paths are O(1) one way and O(log s) the other,
///   for *s* sections; lookups by line and height changes are O(log n); ``apply(_:itemCountsAfter:)``
///   is O((b + r) log n + s) for *b* item changes and the *r* rows of the sections a batch changes.
struct RowLayout {
    /// The supplementary kinds shown above each section's items, top to bottom.
    private(set) var kindsAbove: [SupplementaryKind] = []
    /// The supplementary kinds shown below each section's items, top to bottom.
    private(set) var kindsBelow: [SupplementaryKind] = []
    /// `sectionStarts[s]..<sectionStarts[s + 1]` are section `s`'s rows.
    private(set) var sectionStarts: [Int] = [0]
    /// The rows' heights.
    private(set) var heights: RowHeights
    /// Per section: the grid its items are laid out in, or `nil` for one item per row.
    ///
    /// A grid's items share lines: the items of a grid row (a *slot*) are placed side by side, and the
    /// height tree keeps the slot's height on its first item's row (the *leader*, measured or `-1`) and
    /// `0` on the others, so that lines and rows still map to each other in O(log n).
    private(set) var grids: [TextGrid?] = []

    /// An empty layout.
    init(estimatedRowHeight: Int) {
        heights = RowHeights(estimate: estimatedRowHeight)
    }

    /// A layout of sections with these item counts, every row unmeasured. O(n + s).
    init(kindsAbove: [SupplementaryKind], kindsBelow: [SupplementaryKind], itemCounts: [Int], estimatedRowHeight: Int) {
        self.kindsAbove = kindsAbove
        self.kindsBelow = kindsBelow
        var starts = [0]
        starts.reserveCapacity(itemCounts.count + 1)
        for items in itemCounts {
            starts.append(starts[starts.count - 1] + kindsAbove.count + max(0, items) + kindsBelow.count)
        }
        sectionStarts = starts
        heights = RowHeights(repeatElement(-1, count: starts[starts.count - 1]), estimate: estimatedRowHeight)
        grids = Array(repeating: nil, count: itemCounts.count)
    }

    /// A layout of sections given as the raw heights of their rows (supplementary rows included). O(n + s).
    /// A grid section's rows must hold `-1` or a height on each slot's first item and `0` on the others.
    init(
        kindsAbove: [SupplementaryKind], kindsBelow: [SupplementaryKind], sections: [[Int32]],
        grids: [TextGrid?]? = nil,
        estimatedRowHeight: Int
    ) {
        assert(grids == nil || grids?.count == sections.count, "A grid (or nil) per section")
        self.grids = grids ?? Array(repeating: nil, count: sections.count)
        self.kindsAbove = kindsAbove
        self.kindsBelow = kindsBelow
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for rows in sections { starts.append(starts[starts.count - 1] + rows.count) }
        sectionStarts = starts
        heights = RowHeights(sections.joined(), estimate: estimatedRowHeight)
    }

    /// The lines a row counts as until it is measured.
    var estimatedRowHeight: Int {
        get { heights.estimate }
        set { heights.estimate = newValue }
    }

    // MARK: Counts

    /// The number of rows.
    var rowCount: Int { heights.count }

    /// The number of sections.
    var sectionCount: Int { sectionStarts.count - 1 }

    /// The number of items in a section (`0..<sectionCount`).
    func itemCount(inSection section: Int) -> Int {
        sectionStarts[section + 1] - sectionStarts[section] - kindsAbove.count - kindsBelow.count
    }

    /// The number of items in each section.
    var itemCounts: [Int] { (0..<sectionCount).map(itemCount(inSection:)) }

    // MARK: Positions

    /// The row of an item, or `nil` when the index path is outside the layout.
    func row(of indexPath: ListIndexPath) -> Int? {
        guard (0..<sectionCount).contains(indexPath.section),
            (0..<itemCount(inSection: indexPath.section)).contains(indexPath.item)
        else { return nil }
        return sectionStarts[indexPath.section] + kindsAbove.count + indexPath.item
    }

    /// The row at a location, or `nil` when the location is outside the layout.
    func row(at location: TextListView.RowLocation) -> Int? {
        switch location {
        case .item(let path):
            return row(of: path)
        case .supplementary(let kind, let section):
            guard (0..<sectionCount).contains(section) else { return nil }
            if let offset = kindsAbove.firstIndex(of: kind) { return sectionStarts[section] + offset }
            if let offset = kindsBelow.firstIndex(of: kind) {
                return sectionStarts[section + 1] - kindsBelow.count + offset
            }
            return nil
        }
    }

    /// The section a row belongs to: the last section starting at or before it (binary search).
    func section(ofRow row: Int) -> Int {
        var low = 0
        var high = sectionStarts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if sectionStarts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// What a row (`0..<rowCount`) shows.
    func location(ofRow row: Int) -> TextListView.RowLocation {
        assert(row >= 0 && row < rowCount, "Row \(row) is out of range (0..<\(rowCount))")
        let section = section(ofRow: row)
        let offset = row - sectionStarts[section]
        if offset < kindsAbove.count { return .supplementary(kindsAbove[offset], section: section) }
        let items = itemCount(inSection: section)
        if offset < kindsAbove.count + items {
            return .item(ListIndexPath(item: offset - kindsAbove.count, section: section))
        }
        return .supplementary(kindsBelow[offset - kindsAbove.count - items], section: section)
    }

    // MARK: Lines

    /// The lines of content: measured rows plus estimates for the others.
    var contentHeight: Int { heights.total }

    /// The first line of a row (`0...rowCount`; `rowCount` gives ``contentHeight``); a grid item's is its
    /// slot's.
    func top(ofRow row: Int) -> Int { heights.prefixSum(row < rowCount ? slot(ofRow: row).lowerBound : row) }

    /// The lines a row takes; a grid item's are its slot's.
    func height(ofRow row: Int) -> Int { heights.height(at: slot(ofRow: row).lowerBound) }

    /// Whether a row was measured at zero lines: a supplementary view the data source does not have.
    func isEmpty(row: Int) -> Bool { heights.rawHeight(at: row) == 0 && gridPosition(ofRow: row) == nil }

    /// Whether a row (a grid item: its slot) was measured since its height was last forgotten.
    func isMeasured(row: Int) -> Bool { heights.rawHeight(at: slot(ofRow: row).lowerBound) >= 0 }

    /// The row whose lines contain `line`, or `nil` when the line is outside the content; in a grid, the
    /// first item of the slot.
    func row(containingLine line: Int) -> Int? { heights.index(containing: line) }

    /// Records a row's measured height (a grid item's: its slot's, every line of the slot).
    mutating func setHeight(_ lines: Int, ofRow row: Int) {
        heights.setHeight(Int32(clamping: max(0, lines)), at: slot(ofRow: row).lowerBound)
    }

    /// Forgets a row's measured height (a grid item's: its slot's): it counts as the estimate until
    /// measured again.
    mutating func invalidateHeight(ofRow row: Int) {
        heights.setHeight(-1, at: slot(ofRow: row).lowerBound)
    }

    // MARK: Grids

    /// Where a grid item's row is in its grid: its section, the grid, its item index, its slot (grid row)
    /// and column; `nil` for a row that is not a grid section's item.
    ///
    /// - Complexity: O(log s).
    func gridPosition(ofRow row: Int) -> (section: Int, grid: TextGrid, item: Int, slot: Int, column: Int)? {
        guard !grids.isEmpty else { return nil }
        let section = section(ofRow: row)
        guard let grid = grids[section] else { return nil }
        let item = row - sectionStarts[section] - kindsAbove.count
        guard item >= 0 && item < itemCount(inSection: section) else { return nil }
        return (section, grid, item, item / grid.columns, item % grid.columns)
    }

    /// The rows sharing a row's lines: a grid item's slot (its grid row's items), or the row alone.
    ///
    /// - Complexity: O(log s).
    func slot(ofRow row: Int) -> Range<Int> {
        guard let position = gridPosition(ofRow: row) else { return row..<(row + 1) }
        let first = row - position.column
        let itemsLeft = itemCount(inSection: position.section) - (position.item - position.column)
        return first..<(first + min(position.grid.columns, itemsLeft))
    }

    /// The number of slots (grid rows) of a grid section.
    func slotCount(inSection section: Int) -> Int {
        guard let grid = grids[section] else { return itemCount(inSection: section) }
        if grid.carousel != nil { return min(1, itemCount(inSection: section)) }
        return (itemCount(inSection: section) + grid.columns - 1) / grid.columns
    }

    /// Lays a section's items out in a grid, or as rows (`nil`); the section's item rows forget their
    /// heights when the arrangement changes.
    ///
    /// - Complexity: O(1) when unchanged; O(r log n) for the section's *r* items otherwise.
    mutating func setGrid(_ grid: TextGrid?, ofSection section: Int) {
        guard grids[section] != grid else { return }
        grids[section] = grid
        forgetItemHeights(inSection: section, fromItem: 0)
    }

    /// Forgets the heights of a section's items from an item on: in a grid, from the start of the item's
    /// slot, each slot's first item `-1` and the others `0`; in rows, `-1`. O(r log n) for the *r* items.
    private mutating func forgetItemHeights(inSection section: Int, fromItem item: Int) {
        let base = sectionStarts[section] + kindsAbove.count
        let count = itemCount(inSection: section)
        if let grid = grids[section] {
            let start = max(0, item / grid.columns * grid.columns)
            for index in stride(from: start, to: count, by: 1) {
                heights.setHeight(index % grid.columns == 0 ? -1 : 0, at: base + index)
            }
        } else {
            for index in stride(from: max(0, item), to: count, by: 1) { heights.setHeight(-1, at: base + index) }
        }
    }

    // MARK: Batches

    /// Applies a batch: removals in old coordinates (rows of deleted, reloaded and moved sections, item
    /// deletes and move sources; last first), then insertions in new coordinates (rows of inserted,
    /// reloaded and moved sections, item inserts and move destinations; first first). The rows that stay
    /// keep their relative order, which is where UIKit places them. A moved row or section keeps its
    /// heights; inserted rows, and the rows of inserted and reloaded sections, are unmeasured.
    ///
    /// - Parameters:
    ///   - plan: The batch, checked against the counts before and after.
    ///   - after: The number of items in each section after the batch.
    /// - Complexity: O((b + r) log n + s) for *b* item changes and the *r* rows of the sections the
    ///   batch deletes, inserts, reloads or moves.
    mutating func apply(_ plan: BatchIndexMap, itemCountsAfter after: [Int]) {
        assert(after.count == plan.sectionsAfter, "The plan is for \(plan.sectionsAfter) sections after")
        let above = kindsAbove.count
        let below = kindsBelow.count
        let oldStarts = sectionStarts
        func oldRow(_ path: ListIndexPath) -> Int { oldStarts[path.section] + above + path.item }

        // Leaving, old coordinates: whole sections, then single items of the other sections.
        var leaving: [Int] = []
        if plan.changesSections {
            for section in 0..<sectionCount where plan.leavesWhole(oldSection: section) {
                leaving.append(contentsOf: oldStarts[section]..<oldStarts[section + 1])
            }
        }
        for path in plan.removals where !plan.changesSections || !plan.leavesWhole(oldSection: path.section) {
            leaving.append(oldRow(path))
        }
        if plan.changesSections { leaving.sort() }
        var carried: [Int: Int32] = [:]
        carried.reserveCapacity(leaving.count)
        for row in leaving.reversed() { carried[row] = heights.remove(at: row) }

        var starts = [0]
        starts.reserveCapacity(after.count + 1)
        for items in after { starts.append(starts[starts.count - 1] + above + items + below) }
        sectionStarts = starts

        // Arriving, new coordinates: whole sections, and single items of the sections kept in place.
        var arriving: [(row: Int, raw: Int32)] = []
        for section in after.indices where plan.changesSections {
            let old = plan.oldSection(ofNew: section) ?? -1
            if old >= 0 && plan.keepsRows(oldSection: old) && !plan.isMoved(oldSection: old) { continue }
            let rows = starts[section]..<starts[section + 1]
            guard old >= 0, plan.isMoved(oldSection: old) else {
                arriving.append(contentsOf: rows.lazy.map { (row: $0, raw: Int32(-1)) })
                continue
            }
            // A moved section: its supplementary rows, and its items as the batch places them.
            for offset in 0..<above {
                arriving.append((rows.lowerBound + offset, carried[oldStarts[old] + offset] ?? -1))
            }
            let removed = plan.removals(inSection: old)
            var nextRemoval = removed.lowerBound
            var nextArrival = plan.arrivals(inSection: section).lowerBound
            var oldItem = 0
            for item in 0..<after[section] {
                let raw: Int32
                if nextArrival < plan.arrivals.count,
                    plan.arrivals[nextArrival].path == ListIndexPath(item: item, section: section)
                {
                    raw = plan.arrivals[nextArrival].source.flatMap { carried[oldRow($0)] } ?? -1
                    nextArrival += 1
                } else {
                    while nextRemoval < removed.upperBound && plan.removals[nextRemoval].item == oldItem {
                        oldItem += 1
                        nextRemoval += 1
                    }
                    raw = carried[oldStarts[old] + above + oldItem] ?? -1
                    oldItem += 1
                }
                arriving.append((rows.lowerBound + above + item, raw))
            }
            for offset in 0..<below {
                arriving.append((rows.upperBound - below + offset, carried[oldStarts[old + 1] - below + offset] ?? -1))
            }
        }
        for arrival in plan.arrivals {
            let section = arrival.path.section
            if plan.changesSections {
                let old = plan.oldSection(ofNew: section) ?? -1
                guard old >= 0 && plan.keepsRows(oldSection: old) && !plan.isMoved(oldSection: old) else { continue }
            }
            arriving.append(
                (starts[section] + above + arrival.path.item, arrival.source.flatMap { carried[oldRow($0)] } ?? -1))
        }
        if plan.changesSections { arriving.sort { $0.row < $1.row } }
        for arrival in arriving { heights.insert(arrival.raw, at: arrival.row) }
        assert(heights.count == starts[starts.count - 1], "The batch's counts disagree with its changes")
        regroupGrids(
            plan, oldGrids: grids,
            oldCounts: (0..<oldStarts.count - 1).map {
                oldStarts[$0 + 1] - oldStarts[$0] - above - below
            })
    }

    /// After a batch's rows moved: each section keeps its grid (inserted sections are rows until told
    /// otherwise); a grid section whose items changed forgets its slots' heights from the first slot the
    /// change reaches (and its last slot, whose frame may end elsewhere now); an item that moves from a grid
    /// into a list section forgets the height (or `0`) it had in its slot. O(s log b + (r + b) log n) for the *r* items of the
    /// grid sections' slots reached.
    private mutating func regroupGrids(_ plan: BatchIndexMap, oldGrids: [TextGrid?], oldCounts: [Int]) {
        let sections = sectionStarts.count - 1
        grids = (0..<sections).map { plan.oldSection(ofNew: $0).flatMap { $0 < oldGrids.count ? oldGrids[$0] : nil } }
        for section in 0..<sections where grids[section] != nil {
            guard let old = plan.oldSection(ofNew: section), plan.keepsRows(oldSection: old) else {
                forgetItemHeights(inSection: section, fromItem: 0)
                continue
            }
            let removed = plan.removals(inSection: old)
            let arrived = plan.arrivals(inSection: section)
            guard !removed.isEmpty || !arrived.isEmpty else { continue }
            var first = max(0, oldCounts[old] - 1)
            if plan.isMoved(oldSection: old) { first = 0 }
            if let removal = removed.first { first = min(first, plan.removals[removal].item) }
            if let arrival = arrived.first { first = min(first, plan.arrivals[arrival].path.item) }
            forgetItemHeights(inSection: section, fromItem: first)
        }
        for arrival in plan.arrivals where grids[arrival.path.section] == nil {
            guard let source = arrival.source, source.section < oldGrids.count, oldGrids[source.section] != nil,
                let row = row(of: arrival.path)
            else { continue }
            heights.setHeight(-1, at: row)
        }
    }

    // MARK: Invariants

    /// Checks that the sections tile the rows, that each section has room for its supplementary rows,
    /// and the height tree's own invariants.
    func _checkInvariants() {
        assert(sectionStarts.first == 0, "The first section starts at row 0")
        assert(sectionStarts.last == rowCount, "The sections end at row \(sectionStarts.last ?? -1), not \(rowCount)")
        for section in 0..<sectionCount {
            assert(itemCount(inSection: section) >= 0, "Section \(section) has fewer rows than supplementary kinds")
        }
        assert(
            Set(kindsAbove).isDisjoint(with: kindsBelow) && Set(kindsAbove).count == kindsAbove.count,
            "A supplementary kind shows once per section")
        assert(grids.count == sectionCount, "A grid (or nil) per section")
        for section in 0..<sectionCount {
            guard let grid = grids[section] else { continue }
            let base = sectionStarts[section] + kindsAbove.count
            for item in 0..<itemCount(inSection: section) {
                let raw = heights.rawHeight(at: base + item)
                assert(
                    item % grid.columns == 0 ? raw != 0 : raw == 0,
                    "Grid item \(item) of section \(section) holds \(raw) lines")
            }
        }
        heights._checkInvariants()
    }
}

/// A grid section's arrangement on a ``TextListView``: its column count (for the list's width), the blank
/// columns between two columns and the blank lines between two grid rows; or a carousel's strip.
///
/// A carousel is laid out as a grid of one row holding every item (``columns`` is `Int.max`): its items
/// share one slot, whose height the first item's row keeps, so lines and rows still map in O(log n).
struct TextGrid: Hashable {
    var columns: Int
    var columnGap: Int
    var rowGap: Int
    /// The strip's geometry for a carousel section; `nil` for a grid.
    var carousel: TextCarousel?

    /// The arrangement a layout asks for at a width: a grid, a carousel's strip, or `nil` for
    /// ``SectionLayout/list``.
    static func of(_ layout: SectionLayout, width: Int) -> TextGrid? {
        if let carousel = TextCarousel(layout, width: width) {
            return TextGrid(columns: Int.max, columnGap: 0, rowGap: 0, carousel: carousel)
        }
        return TextGrid(layout, width: width)
    }

    private init(columns: Int, columnGap: Int, rowGap: Int, carousel: TextCarousel?) {
        self.columns = columns
        self.columnGap = columnGap
        self.rowGap = rowGap
        self.carousel = carousel
    }

    /// The grid a layout asks for at a width, or `nil` for ``SectionLayout/list``: the layout's column count
    /// for the width; the spacing, rounded, in columns between columns; and, when the spacing is above
    /// zero, half of it (rounded up) in lines between grid rows, a character being about twice as tall as
    /// it is wide.
    init?(_ layout: SectionLayout, width: Int) {
        guard layout.isGrid else { return nil }
        columns = max(1, layout.columnCount(forWidth: Double(width)))
        let spacing = layout.spacing.isFinite ? min(max(0, layout.spacing), Double(width)) : 0
        columnGap = Int(spacing.rounded())
        rowGap = spacing > 0 ? Int((spacing / 2).rounded(.up)) : 0
    }

    /// The columns each item renders at inside `width` columns: an equal share of what the gaps leave, at
    /// least 1 (the columns left over stay blank on the right).
    func columnWidth(in width: Int) -> Int {
        max(1, (width - (columns - 1) * columnGap) / columns)
    }
}
