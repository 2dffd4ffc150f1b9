import DiffableStore

extension Benchmark {
    /// Workload 6: the diff of the same items in 100 sections against the flat diff of one section, for
    /// an identical snapshot, an append and one move: sections should cost nothing extra.
    static let sectionDiff = Benchmark(
        name: "diff-5-sections",
        summary: "100,000 items in 100 sections vs 1 section: identical, 1,000 appended, one move"
    ) { context in
        var generator = SeededGenerator(seed: 8)
        let base = erased(makeItems(100_000, using: &generator))
        let extra = erased(makeItems(1_000, numberedFrom: 100_000, using: &generator))
        let plan = context.options.plan(full: 21, quick: 5)
        // Item 10 moves to the end of its run of a thousand (within its section in the sectioned form).
        var moved = base
        moved.insert(moved.remove(at: 10), at: 999)

        func snapshot(_ items: [AnyHashable], sections: Int) -> Snapshot<Int, AnyHashable> {
            var snapshot = Snapshot<Int, AnyHashable>()
            do {
                try snapshot.appendSections(Array(0..<sections))
                let size = (items.count + sections - 1) / sections
                for section in 0..<sections {
                    let start = min(items.count, section * size)
                    let end = section == sections - 1 ? items.count : min(items.count, start + size)
                    try snapshot.appendItems(Array(items[start..<end]), toSection: section)
                }
            } catch {
                preconditionFailure("Benchmark items and sections are distinct: \(error)")
            }
            return snapshot
        }
        let cases: [(name: String, new: [AnyHashable], changes: Int)] = [
            ("identical", base.map { $0 }, 0),
            ("1,000 appended", base + extra, 1),
            ("one move", moved, 1),
        ]
        for (name, new, changes) in cases {
            let flatOld = snapshot(base, sections: 1), flatNew = snapshot(new, sections: 1)
            // The last section takes the appended items, so that the sectioned append is an append too.
            let sectionedOld = snapshot(base, sections: 100)
            var sectionedNew = sectionedOld
            do {
                if new.count > base.count {
                    try sectionedNew.appendItems(Array(new[base.count...]), toSection: 99)
                } else {
                    sectionedNew = snapshot(new, sections: 100)  // built anew, as the flat one is
                }
            } catch {
                preconditionFailure("Appended items are new: \(error)")
            }
            let jobs = [
                Job("Changeset, 100 sections") { Changeset(from: sectionedOld, to: sectionedNew) },
                Job("Changeset, 1 section") { Changeset(from: flatOld, to: flatNew) },
            ]
            let timings = measure(jobs, plan: plan)
            // Check the answers: both reach their new snapshot, with the expected number of changes.
            let sectioned = Changeset(from: sectionedOld, to: sectionedNew)
            let flat = Changeset(from: flatOld, to: flatNew)
            let replayed =
                (try? sectionedOld.applying(sectioned)) == sectionedNew && (try? flatOld.applying(flat)) == flatNew
            let correct =
                replayed && (changes == 0) == sectioned.stages.isEmpty && (changes == 0) == flat.stages.isEmpty
            context.reporter.report(
                Row(
                    workload: "diff-5-sections", measured: "\(jobs[0].label) (\(name))",
                    value: .time(timings[0].median),
                    baseline: jobs[1].label, baselineValue: .time(timings[1].median),
                    repetitions: plan.repetitions, target: .ratioAtMost(1.3),
                    conditions: [("both changesets reach their new snapshot", correct)],
                    details: name == "identical"
                        ? ["Sections should cost nothing extra: the same diff in 100 sections against one section."]
                        : []))
        }
    }
}
