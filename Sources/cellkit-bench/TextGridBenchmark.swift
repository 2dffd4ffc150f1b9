import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

/// A `TextListView` over 100 rows, a section of `gridItems` items, `carousels` sections of
/// `cardsPerCarousel` items each, and 100 rows; `layout` lays each section out by its index. Loaded. The
/// data source is returned too: the list holds it weakly.
@MainActor
private func makeSectionedTextList(
    gridItems: Int, carousels: Int, cardsPerCarousel: Int, layout: @escaping (Int) -> SectionLayout, seed: UInt64
) -> (TextListView, UniversalDataSource<Int>) {
    var generator = SeededGenerator(seed: seed)
    let list = TextListView(width: 40, height: TextHostWorkload.viewportHeight)
    let dataSource = UniversalDataSource<Int>(host: list)
    dataSource.registerCellType(BenchItemCell.self)
    dataSource.sectionLayouts = { layout($0) }
    var snapshot = Snapshot<Int, AnyHashable>()
    do {
        var first = 0
        let counts = [100, gridItems] + Array(repeating: cardsPerCarousel, count: carousels) + [100]
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

extension Benchmark {
    /// Issue 36's constraint: scrolling and rendering through a list with a 1,000-item grid section and
    /// 100 carousels costs at most 1.5x what the same items cost as plain rows.
    static let textGrid = Benchmark(
        name: "text-grid",
        summary: "scroll and render through a 1,000-item grid and 100 carousels vs the same items in rows"
    ) { context in
        let carousels = 100
        let cards = 10
        let layouts = { (section: Int) -> SectionLayout in
            switch section {
            case 1: .grid(columns: 3, spacing: 1)
            case 2..<(2 + carousels): .carousel(itemWidth: .fractional(0.45), spacing: 1, scrolling: .groupPaging)
            default: .list
            }
        }
        let (grid, gridSource) = makeSectionedTextList(
            gridItems: 1_000, carousels: carousels, cardsPerCarousel: cards, layout: layouts, seed: 21)
        let (rows, rowsSource) = makeSectionedTextList(
            gridItems: 1_000, carousels: carousels, cardsPerCarousel: cards, layout: { _ in .list }, seed: 21)
        // Every other carousel scrolled to its middle, so that strips show cards cut by both edges.
        for section in stride(from: 2, to: 2 + carousels, by: 2) {
            gridSource.setCarouselOffset(Double(section % 7 * 9), of: section)
        }
        let plan = context.options.plan(full: 21, quick: 7)
        let jobs = [
            Job("TextListView, 1,000-item grid + 100 carousels + 200 rows") { TextHostWorkload.run(grid, from: 0) },
            Job("TextListView, 2,200 rows") { TextHostWorkload.run(rows, from: 0) },
        ]
        let timings = measure(jobs, plan: plan)
        blackHole((gridSource, rowsSource))
        let perPage = { (timing: Timing) in timing.median.nanoseconds / Double(TextHostWorkload.pages + 1) / 1e3 }
        context.reporter.report(
            Row(
                workload: "text-grid", measured: jobs[0].label, value: .time(timings[0].median),
                baseline: jobs[1].label, baselineValue: .time(timings[1].median), repetitions: plan.repetitions,
                target: .ratioAtMost(1.5),
                details: [
                    "one run: scroll to the top, then \(TextHostWorkload.pages) × (pageDown + render), through 100 rows, "
                        + "a 1,000-item grid section (3 columns, spacing 1: 334 grid rows), 100 carousels of "
                        + "\(cards) cards (0.45 of the width, every other one scrolled sideways: one strip line each) "
                        + "and 100 rows; the baseline lays the same 2,200 items out as rows",
                    String(
                        format: "viewport 40×%d, one-line cells: %.1f µs vs %.1f µs per page",
                        TextHostWorkload.viewportHeight, perPage(timings[0]), perPage(timings[1])),
                    "statistics (grid list): \(grid.statistics)",
                    "statistics (rows list): \(rows.statistics)",
                ]))
    }
}
