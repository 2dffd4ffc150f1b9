import CellKit
@_spi(Testing) import CellKitText
import DiffableStore

/// The text host's cell for a ``BenchItem``: one line, its content.
final class BenchItemCell: TextCell, ConfigurableView {
    func configure(with item: BenchItem) { text = item.content }
}

/// A `TextListView` driven by a `UniversalDataSource` over `count` items, loaded.
///
/// The data source is returned too: the list holds it weakly, so the caller keeps it alive.
@MainActor
private func makeTextList(count: Int, seed: UInt64) -> (TextListView, UniversalDataSource<Int>) {
    var generator = SeededGenerator(seed: seed)
    let list = TextListView(width: 40, height: TextHostWorkload.viewportHeight)
    let dataSource = UniversalDataSource<Int>(host: list)
    dataSource.registerCellType(BenchItemCell.self)
    do {
        try dataSource.apply(makeSnapshot(erased(makeItems(count, using: &generator))), animatingDifferences: false)
    } catch {
        preconditionFailure("BenchItem has a registration: \(error)")
    }
    _ = list.render()
    return (list, dataSource)
}

/// What one run of the text-host workload does.
enum TextHostWorkload {
    /// Lines in the viewport.
    static let viewportHeight = 24
    /// Pages per run: as many as a 1,000-item list holds below its first line.
    static let pages = 40

    /// Scrolls to `start`, then `pages` times: a page down, and the viewport rendered.
    ///
    /// - Returns: The characters rendered (kept so the work is not optimised away).
    @MainActor
    static func run(_ list: TextListView, from start: Int) -> Int {
        list.scroll(toLine: start)
        var characters = list.render().utf8.count
        for _ in 0..<pages {
            list.pageDown()
            characters &+= list.render().utf8.count
        }
        return characters
    }
}

extension Benchmark {
    /// Workload 7: the same scrolling and rendering in a 1,000,000-item list and in a 1,000-item list.
    static let textHost = Benchmark(
        name: "text-host", summary: "render the viewport and scroll by a page, 1,000 vs 1,000,000 items"
    ) { context in
        let (small, smallSource) = makeTextList(count: 1_000, seed: 11)
        let (big, bigSource) = makeTextList(count: 1_000_000, seed: 12)
        // The big list scrolls in its middle, where a list without O(log n) lookups would hurt most.
        let middle = 500_000
        let plan = context.options.plan(full: 21, quick: 7)
        let jobs = [
            Job("TextListView, 1,000,000 items") { TextHostWorkload.run(big, from: middle) },
            Job("TextListView, 1,000 items") { TextHostWorkload.run(small, from: 0) },
        ]
        let timings = measure(jobs, plan: plan)
        blackHole((smallSource, bigSource))
        let perPage = { (timing: Timing) in timing.median.nanoseconds / Double(TextHostWorkload.pages + 1) / 1e3 }
        context.reporter.report(
            Row(
                workload: "text-host", measured: jobs[0].label, value: .time(timings[0].median),
                baseline: jobs[1].label, baselineValue: .time(timings[1].median), repetitions: plan.repetitions,
                target: .ratioAtMost(1.5),
                details: [
                    "one run: scroll to a line (the middle of the big list, the top of the small one), then \(TextHostWorkload.pages) × (pageDown + render),",
                    String(
                        format:
                            "viewport 40×%d, one-line cells configured through UniversalDataSource: %.1f µs vs %.1f µs per page",
                        TextHostWorkload.viewportHeight, perPage(timings[0]), perPage(timings[1])),
                    "statistics (big list): \(big.statistics)",
                ]))
    }
}
