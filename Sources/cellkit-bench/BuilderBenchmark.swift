import DiffableStore

extension Benchmark {
    /// The snapshot builder against the same appends written by hand: 100 sections of 1,000 items,
    /// each section's items given as an array, and listed by a `for` loop, one statement per item,
    /// against a hand-written loop filling each section's array (both judged).
    static let builder = Benchmark(
        name: "build-builder",
        summary: "Snapshot { SnapshotSection { ... } } vs the same appends by hand: 100 sections x 1,000 items"
    ) { context in
        var generator = SeededGenerator(seed: 35)
        let items = makeItems(100_000, using: &generator)
        let sections = (0..<100).map { Array(items[($0 * 1_000)..<($0 * 1_000 + 1_000)]) }
        let total = items.count
        let plan = context.options.plan(full: 21, quick: 7)

        let byHand = { (reserving: Bool) -> Snapshot<Int, AnyHashable> in
            var snapshot = Snapshot<Int, AnyHashable>()
            if reserving { snapshot.reserveCapacity(total) }
            do {
                try snapshot.appendSections(Array(sections.indices))
                for (section, items) in sections.enumerated() {
                    try snapshot.appendItems(items.map(AnyHashable.init), toSection: section)
                }
            } catch {
                preconditionFailure("Benchmark items and sections are distinct: \(error)")
            }
            return snapshot
        }
        let withLoops = { () -> Snapshot<Int, AnyHashable> in
            do {
                return try Snapshot<Int, AnyHashable> {
                    for section in sections.indices {
                        SnapshotSection(section) {
                            for item in sections[section] { item }
                        }
                    }
                }
            } catch {
                preconditionFailure("Benchmark items and sections are distinct: \(error)")
            }
        }
        let withArrays = { () -> Snapshot<Int, AnyHashable> in
            do {
                return try Snapshot<Int, AnyHashable> {
                    for section in sections.indices {
                        SnapshotSection(section) { sections[section] }
                    }
                }
            } catch {
                preconditionFailure("Benchmark items and sections are distinct: \(error)")
            }
        }
        let byHandLooping = { () -> Snapshot<Int, AnyHashable> in
            var snapshot = Snapshot<Int, AnyHashable>()
            snapshot.reserveCapacity(total)
            do {
                try snapshot.appendSections(Array(sections.indices))
                for section in sections.indices {
                    var items: [AnyHashable] = []
                    for item in sections[section] { items.append(item) }
                    try snapshot.appendItems(items, toSection: section)
                }
            } catch {
                preconditionFailure("Benchmark items and sections are distinct: \(error)")
            }
            return snapshot
        }
        let jobs = [
            Job("builder, a section's items as an array") { withArrays() },
            Job("appendSections + appendItems per section, reserveCapacity first") { byHand(true) },
            Job("builder, an item per loop pass") { withLoops() },
            Job("same appends, each section's array filled by a loop") { byHandLooping() },
            Job("appendSections + appendItems per section") { byHand(false) },
        ]
        let timings = measure(jobs, plan: plan)

        // Checked once, untimed: the builder makes the snapshot the hand-written appends make, so a diff
        // from one to the other finds nothing (the rebuilt-from-state fast path).
        let built = withLoops()
        let expected = byHand(false)
        let changeset = Changeset(from: expected, to: built)
        let report = { (job: Int, baseline: Int, target: Target?, details: [String]) in
            context.reporter.report(
                Row(
                    workload: "build-builder", measured: jobs[job].label, value: .time(timings[job].median),
                    baseline: jobs[baseline].label, baselineValue: .time(timings[baseline].median),
                    repetitions: plan.repetitions, target: target,
                    conditions: target == nil
                        ? []
                        : [
                            ("the same snapshot as by hand", built == expected && withArrays() == expected),
                            ("no change in the diff between them", changeset.stages.isEmpty),
                        ],
                    details: details))
        }
        report(
            0, 1, .ratioAtMost(1.05),
            [
                "\(total.grouped) items in \(sections.count) sections. The builder reserves the item count and appends each",
                "section's array once, so the hand-written baseline reserves too.",
            ])
        report(
            2, 3, .ratioAtMost(1.05),
            [
                "One statement per item: a lone item is carried as itself, so the language gathers the passes into the",
                "loop's own array, which becomes the section's, as the hand-written loop fills its array.",
            ])
        report(4, 1, nil, ["Hand-written without reserveCapacity, as apps usually write it."])
    }
}
