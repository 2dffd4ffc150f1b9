import DiffableStore

extension Benchmark {
    /// Workload 5: building, looking up in and deleting from a 1,000,000-item snapshot.
    static let snapshotBenchmarks: [Benchmark] = [
        Benchmark(
            name: "snapshot-build", summary: "build 1,000,000 items in one section, and in 1,000 sections × 1,000"
        ) { context in
            var generator = SeededGenerator(seed: 6)
            let items = erased(makeItems(1_000_000, using: &generator))
            let plan = context.options.plan(full: 7, quick: 3, quickWarmups: 0)
            let chunks = stride(from: 0, to: items.count, by: 1_000).map { Array(items[$0..<($0 + 1_000)]) }
            let jobs = [
                Job("Snapshot: 1 section × 1,000,000") { makeSnapshot(items) },
                Job("Snapshot: 1,000 sections × 1,000") { () -> Snapshot<Int, AnyHashable> in
                    var snapshot = Snapshot<Int, AnyHashable>()
                    do {
                        try snapshot.appendSections(Array(0..<chunks.count))
                        for (section, chunk) in chunks.enumerated() {
                            try snapshot.appendItems(chunk, toSection: section)
                        }
                    } catch {
                        preconditionFailure("Benchmark items and sections are distinct: \(error)")
                    }
                    return snapshot
                },
                Job("Snapshot: 1 section, 1,000 appends of 1,000") { () -> Snapshot<Int, AnyHashable> in
                    var snapshot = Snapshot<Int, AnyHashable>()
                    do {
                        try snapshot.appendSections([0])
                        for chunk in chunks { try snapshot.appendItems(chunk, toSection: 0) }
                    } catch {
                        preconditionFailure("Benchmark items are distinct: \(error)")
                    }
                    return snapshot
                },
                Job("append + hash each item") { () -> ([AnyHashable], [Int]) in
                    var array: [AnyHashable] = []
                    array.append(contentsOf: items)
                    var hashes: [Int] = []
                    hashes.reserveCapacity(items.count)
                    for item in items { hashes.append(item.hashValue) }
                    return (array, hashes)
                },
                Job("append + hash each item, 1,000 chunks") { () -> ([AnyHashable], [Int]) in
                    var array: [AnyHashable] = []
                    var hashes: [Int] = []
                    hashes.reserveCapacity(items.count)
                    for chunk in chunks {
                        array.append(contentsOf: chunk)
                        for item in chunk { hashes.append(item.hashValue) }
                    }
                    return (array, hashes)
                },
                Job("Array.append(contentsOf:)") { () -> [AnyHashable] in
                    var array: [AnyHashable] = []
                    array.append(contentsOf: items)
                    return array
                },
            ]
            let timings = measure(jobs, plan: plan)
            let report = { (job: Int, baseline: Int, target: Target?, details: [String]) in
                context.reporter.report(
                    Row(
                        workload: "snapshot-build", measured: jobs[job].label, value: .time(timings[job].median),
                        baseline: jobs[baseline].label, baselineValue: .time(timings[baseline].median),
                        repetitions: plan.repetitions, target: target, details: details))
            }
            report(
                0, 3, .ratioAtMost(1.3),
                [
                    "The snapshot hashes every item once (duplicate check, lookups, and the diff reuses the stored hashes);",
                    "the baseline does that hashing too, so the ratio shows the snapshot's own overhead.",
                ])
            report(1, 4, .ratioAtMost(1.3), [])
            report(
                1, 2, .ratioAtMost(1.1),
                [
                    "Sections should cost nothing extra: the same items, appended in the same 1,000 chunks, to 1,000",
                    "sections against one section.",
                ])
            report(
                2, 0, nil,
                [
                    "What building in chunks costs: the snapshot does not know its final size, so its arrays and its",
                    "index grow as items come (the index four-fold, indexing its items again each time).",
                ])
            report(0, 5, nil, ["A plain copy of the references, for scale: no hashing, no duplicate check."])
        },
        Benchmark(
            name: "snapshot-lookup", summary: "indexOfItem for 100,000 items (equal values) in 1,000,000 and in 1,000"
        ) { context in
            var generator = SeededGenerator(seed: 7)
            let base = makeItems(1_000_000, using: &generator)
            let items = erased(base)
            let big = makeSnapshot(items)
            let small = makeSnapshot(Array(items[..<1_000]))
            var table = [AnyHashable: Int](minimumCapacity: items.count)
            for (position, item) in items.enumerated() { table[item] = position }
            // Equal values in new boxes, as an app looks up a view model it rebuilt.
            let probes = (0..<100_000).map { _ in AnyHashable(base[Int.random(in: 0..<base.count, using: &generator)]) }
            let smallProbes = (0..<100_000).map { _ in AnyHashable(base[Int.random(in: 0..<1_000, using: &generator)]) }
            let plan = context.options.plan(full: 11, quick: 3, quickWarmups: 0)
            let jobs = [
                Job("indexOfItem ×100,000 in 1,000,000") { probes.reduce(0) { $0 &+ (big.indexOfItem($1) ?? -1) } },
                Job("Dictionary lookup ×100,000 in 1,000,000") { probes.reduce(0) { $0 &+ (table[$1] ?? -1) } },
                Job("indexOfItem ×100,000 in 1,000") { smallProbes.reduce(0) { $0 &+ (small.indexOfItem($1) ?? -1) } },
            ]
            let timings = measure(jobs, plan: plan)
            for baseline in 1...2 {
                context.reporter.report(
                    Row(
                        workload: "snapshot-lookup", measured: jobs[0].label, value: .time(timings[0].median),
                        baseline: jobs[baseline].label, baselineValue: .time(timings[baseline].median),
                        repetitions: plan.repetitions,
                        details: baseline == 2
                            ? [
                                String(
                                    format:
                                        "%.1f ns per lookup in 1,000,000 items, %.1f ns in 1,000 (expected O(1); the difference is cache misses)",
                                    timings[0].median.nanoseconds / 1e5, timings[2].median.nanoseconds / 1e5)
                            ] : []))
            }
        },
        Benchmark(name: "snapshot-delete", summary: "delete 1% (10,000 random items) from 1,000,000") { context in
            var generator = SeededGenerator(seed: 8)
            let base = makeItems(1_000_000, using: &generator)
            let items = erased(base)
            let snapshot = makeSnapshot(items)
            var table = [AnyHashable: Int](minimumCapacity: items.count)
            for (position, item) in items.enumerated() { table[item] = position }
            var picks = Array(0..<base.count)
            picks.shuffle(using: &generator)
            let doomed = picks[..<10_000].map { AnyHashable(base[$0]) }
            let plan = context.options.plan(full: 11, quick: 3, quickWarmups: 0)
            let jobs = [
                Job("deleteItems ×10,000 of 1,000,000") { () -> Snapshot<Int, AnyHashable> in
                    var copy = snapshot
                    do { try copy.deleteItems(doomed) } catch {
                        preconditionFailure("Deleted items are present: \(error)")
                    }
                    return copy
                },
                Job("Array compaction, positions by Dictionary") { () -> [AnyHashable] in
                    var gone = [Bool](repeating: false, count: items.count)
                    for item in doomed { gone[table[item]!] = true }
                    var kept: [AnyHashable] = []
                    kept.reserveCapacity(items.count)
                    for position in items.indices where !gone[position] { kept.append(items[position]) }
                    return kept
                },
            ]
            let timings = measure(jobs, plan: plan)
            context.reporter.report(
                Row(
                    workload: "snapshot-delete", measured: jobs[0].label, value: .time(timings[0].median),
                    baseline: jobs[1].label, baselineValue: .time(timings[1].median), repetitions: plan.repetitions,
                    details: [
                        "The baseline keeps no index; the snapshot also rebuilds its hash index from stored hashes (no item is hashed again)."
                    ]))
        },
    ]
}
