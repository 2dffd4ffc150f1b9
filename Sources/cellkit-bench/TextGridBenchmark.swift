import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

/// A `TextListView` over `rowsBefore` rows, a section of `gridItems` items, `carousels` sections of
/// `cardsPerCarousel` items each, and `rowsAfter` rows; `layout` lays each section out by its index.
/// Loaded. The data source is returned too: the list holds it weakly.
@MainActor
private func makeSectionedTextList(
    rowsBefore: Int, gridItems: Int, carousels: Int, cardsPerCarousel: Int, rowsAfter: Int,
    layout: @escaping (Int) -> SectionLayout, seed: UInt64
) -> (TextListView, UniversalDataSource<Int>) {
    var generator = SeededGenerator(seed: seed)
    let list = TextListView(width: 40, height: TextHostWorkload.viewportHeight)
    let dataSource = UniversalDataSource<Int>(host: list)
    dataSource.registerCellType(BenchItemCell.self)
    dataSource.sectionLayouts = { layout($0) }
    var snapshot = Snapshot<Int, AnyHashable>()
    do {
        var first = 0
        let counts = [rowsBefore, gridItems] + Array(repeating: cardsPerCarousel, count: carousels) + [rowsAfter]
        for (section, count) in counts.enumerated() {
            try snapshot.appendSections([section])
            try snapshot.appendItems(
                erased(makeItems(count, numberedFrom: first, using: &generator)), toSection: section)
            first += count
        }
        try dataSource.apply(snapshot, animatingDifferences: false)
    } catch {
        preconditionFailure("BenchItem has a registration and the items are distinct: \(error)")
    }
    _ = list.render()
    return (list, dataSource)
}

/// The items a run of ``TextHostWorkload/run(_:from:)`` from the top shows, page after page (an item on
/// two pages counts twice).
@MainActor
private func itemsShown(_ list: TextListView) -> Int {
    list.scroll(toLine: 0)
    _ = list.render()
    var shown = list.indexPathsForVisibleItems.count
    for _ in 0..<TextHostWorkload.pages {
        list.pageDown()
        _ = list.render()
        shown += list.indexPathsForVisibleItems.count
    }
    return shown
}

extension Benchmark {
    /// Issue 36's constraint: visible-item computation stays O(v log n) for *v* visible items with grids
    /// and carousels. Scrolling and rendering through a list with a 1,000-item grid section and 100
    /// carousels costs, per item shown, at most 1.5x what an item shown as a plain row costs.
    ///
    /// Both lists hold the same 3,100 items in the same sections (100 rows, 1,000 items, 100 sections of
    /// 10, 1,000 rows) and scroll the same 40 pages of the same viewport; the measured list lays the second
    /// section out as a grid and the next 100 as carousels. Both are long enough that every page shows
    /// content (the detail line says where the last page starts). A page of the grid list shows more items
    /// than a page of rows (three grid items, or two or three cards of a strip, on a line): each shown item
    /// is configured and measured on both lists, so the row compares the cost per item shown (the run's
    /// time over the items its pages showed, counted in a run before the timed ones); the detail lines give
    /// the cost per page as well.
    static let textGrid = Benchmark(
        name: "text-grid",
        summary:
            "scroll and render through a 1,000-item grid and 100 carousels vs the same items in rows, per item shown"
    ) { context in
        let rowsBefore = 100
        let gridItems = 1_000
        let carousels = 100
        let cards = 10
        let rowsAfter = 1_000
        let items = rowsBefore + gridItems + carousels * cards + rowsAfter
        let layouts = { (section: Int) -> SectionLayout in
            switch section {
            case 1: .grid(columns: 3, spacing: 1)
            case 2..<(2 + carousels): .carousel(itemWidth: .fractional(0.45), spacing: 1, scrolling: .groupPaging)
            default: .list
            }
        }
        @MainActor func makeList(_ layout: @escaping (Int) -> SectionLayout) -> (TextListView, UniversalDataSource<Int>)
        {
            makeSectionedTextList(
                rowsBefore: rowsBefore, gridItems: gridItems, carousels: carousels, cardsPerCarousel: cards,
                rowsAfter: rowsAfter, layout: layout, seed: 21)
        }
        let (grid, gridSource) = makeList(layouts)
        let (rows, rowsSource) = makeList { _ in .list }
        // Every other carousel scrolled to its middle, so that strips show cards cut by both edges.
        for section in stride(from: 2, to: 2 + carousels, by: 2) {
            gridSource.setCarouselOffset(Double(section % 7 * 9), of: section)
        }
        let (gridShown, rowsShown) = (itemsShown(grid), itemsShown(rows))
        let plan = context.options.plan(full: 21, quick: 7)
        let jobs = [
            Job("TextListView, 1,000-item grid + 100 carousels + 1,100 rows") { TextHostWorkload.run(grid, from: 0) },
            Job("TextListView, the same \(items) items as rows") { TextHostWorkload.run(rows, from: 0) },
        ]
        let timings = measure(jobs, plan: plan)
        blackHole((gridSource, rowsSource))
        let perPage = { (timing: Timing) in timing.median.nanoseconds / Double(TextHostWorkload.pages + 1) / 1e3 }
        // Where the last page starts: `pages` full pages down from the top when no page ran into the end.
        let lastPage = { (list: TextListView) in
            "line \(list.firstVisibleLine) of \(list.contentHeight)"
                + (list.firstVisibleLine == TextHostWorkload.pages * TextHostWorkload.viewportHeight
                    ? "" : " (ran into the end: not every page shows content)")
        }
        context.reporter.report(
            Row(
                workload: "text-grid", measured: jobs[0].label + ", per item shown",
                value: .time(timings[0].median / gridShown),
                baseline: jobs[1].label + ", per item shown", baselineValue: .time(timings[1].median / rowsShown),
                repetitions: plan.repetitions,
                target: .ratioAtMost(1.5),
                details: [
                    "one run: scroll to the top, then \(TextHostWorkload.pages) × (pageDown + render), through \(rowsBefore) rows, "
                        + "a \(gridItems)-item grid section (3 columns, spacing 1: 334 grid rows), \(carousels) carousels of "
                        + "\(cards) cards (0.45 of the width, every other one scrolled sideways: one strip line each) "
                        + "and into \(rowsAfter) rows; the baseline has the same sections and items, all as rows",
                    String(
                        format: "viewport 40×%d, one-line cells: %.1f µs vs %.1f µs per page (%.2fx)",
                        TextHostWorkload.viewportHeight, perPage(timings[0]), perPage(timings[1]),
                        perPage(timings[0]) / perPage(timings[1])),
                    "items shown in a run: \(gridShown) (grid list), \(rowsShown) (rows list)",
                    "last page: \(lastPage(grid)) (grid list), \(lastPage(rows)) (rows list)",
                    "statistics (grid list): \(grid.statistics)",
                    "statistics (rows list): \(rows.statistics)",
                ]))
    }
}
