import DiffableStore

extension Benchmark {
    /// Workload 6: the diff of the same items in 100 sections against the flat diff of one section, for
    /// an identical snapshot, an append, one move inside a section and one move across sections:
    /// sections should cost nothing extra.
    static let sectionDiff = Benchmark(
        name: "diff-5-sections",
        summary: "100,000 items in 100 sections vs 1 section: identical, 1,000 appended, one move, a move across"
    ) { context in
        var generator = SeededGenerator(seed: 8)
        let baseItems = makeItems(100_000, using: &generator)
        let extraItems = makeItems(1_000, numberedFrom: 100_000, using: &generator)
        let base = erased(baseItems)
        let plan = context.options.plan(full: 21, quick: 5)
        // Item 10 moves to the end of its run of a thousand (within its section in the sectioned form).
        var moved = baseItems
        moved.insert(moved.remove(at: 10), at: 999)
        // The first item moves to the end: from the front of section 0 to the end of section 99.
        let across = Array(baseItems.dropFirst()) + [baseItems[0]]

        struct Case {
            let name: String
            /// The new items, in new boxes (equal values, as an app rebuilds them).
            let new: [AnyHashable]
            /// How the new items fall into the 100 sections.
            let sections: [[AnyHashable]]
            /// The items the diff must insert and move (it deletes and updates none).
            let inserted: Int
            let moved: Int
            let target: Double
        }
        let fresh = erased(baseItems)
        let appended = erased(extraItems)
        let acrossItems = erased(across)
        let movedItems = erased(moved)
        let cases = [
            Case(
                name: "identical", new: fresh, sections: chunks(fresh, count: 100), inserted: 0, moved: 0, target: 1.3),
            // The last section takes the appended items, so that the sectioned append is an append too.
            Case(
                name: "1,000 appended", new: fresh + appended,
                sections: chunks(fresh, count: 100).enumerated().map {
                    $0.offset == 99 ? $0.element + appended : $0.element
                },
                inserted: 1_000, moved: 0, target: 1.3),
            Case(
                name: "one move", new: movedItems, sections: chunks(movedItems, count: 100), inserted: 0,
                moved: 1, target: 1.3),
            Case(
                name: "a move across sections", new: acrossItems,
                sections: [Array(acrossItems[..<999])] + chunks(Array(acrossItems[999..<98_999]), count: 98)
                    + [Array(acrossItems[98_999...])],
                inserted: 0, moved: 1, target: 1.05),
        ]
        let flatOld = makeSnapshot(base)
        let sectionedOld = makeSectionedSnapshot(chunks(base, count: 100))
        for item in cases {
            let flatNew = makeSnapshot(item.new)
            let sectionedNew = makeSectionedSnapshot(item.sections)
            let jobs = [
                Job("Changeset, 100 sections") { Changeset(from: sectionedOld, to: sectionedNew) },
                Job("Changeset, 1 section") { Changeset(from: flatOld, to: flatNew) },
            ]
            let timings = measure(jobs, plan: plan)
            // Check the answers: both reach their new snapshot, with the expected number of changes.
            let sectioned = Changeset(from: sectionedOld, to: sectionedNew)
            let flat = Changeset(from: flatOld, to: flatNew)
            let replayed =
                replays(sectioned, from: sectionedOld, to: sectionedNew) == "ok"
                && replays(flat, from: flatOld, to: flatNew) == "ok"
            let counted = [sectioned.summary, flat.summary].allSatisfy {
                $0.deletedItems == 0 && $0.insertedItems == item.inserted && $0.movedItems == item.moved
                    && $0.updatedItems == 0
            }
            context.reporter.report(
                Row(
                    workload: "diff-5-sections", measured: "\(jobs[0].label) (\(item.name))",
                    value: .time(timings[0].median),
                    baseline: jobs[1].label, baselineValue: .time(timings[1].median),
                    repetitions: plan.repetitions, target: .ratioAtMost(item.target),
                    conditions: [
                        ("both changesets reach their new snapshot", replayed),
                        ("both find exactly the change made", counted),
                    ],
                    details: item.name == "identical"
                        ? ["Sections should cost nothing extra: the same diff in 100 sections against one section."]
                        : item.name == "a move across sections"
                            ? [
                                "Section 0's first item moves to the end of section 99: 98 sections are unchanged and the other two",
                                "differ by one item at an end, so the sectioned diff trims each section's shared ends before any lookup.",
                                "changeset: \(sectioned.summary) (100 sections), \(flat.summary) (1 section)",
                            ] : []))
        }
    }
}

/// `items` cut into `count` runs of equal length (the last takes what is left).
func chunks(_ items: [AnyHashable], count: Int) -> [[AnyHashable]] {
    let size = (items.count + count - 1) / count
    return (0..<count).map { section in
        let start = min(items.count, section * size)
        let end = section == count - 1 ? items.count : min(items.count, start + size)
        return Array(items[start..<end])
    }
}

/// A snapshot with sections `0..<sections.count` holding `sections`' items, built as an app builds one:
/// the sections appended, then each section's items.
///
/// - Precondition: The items are distinct (the workloads make them so).
func makeSectionedSnapshot(_ sections: [[AnyHashable]]) -> Snapshot<Int, AnyHashable> {
    var snapshot = Snapshot<Int, AnyHashable>()
    do {
        try snapshot.appendSections(Array(sections.indices))
        for (section, items) in sections.enumerated() { try snapshot.appendItems(items, toSection: section) }
    } catch {
        preconditionFailure("Benchmark items and sections are distinct: \(error)")
    }
    return snapshot
}
