import CellKit
import CellKitText
import DiffableStore

/// `--items N`: the feed's pipeline at scale. Builds a list of N rows, shows it, diffs and applies a 1%
/// change, scrolls to the end, and prints how long each step took. The only mode that prints timings.
@MainActor
enum LargeList {
    static let section = FeedSection(id: "all", title: "All items", tagline: "End of the list")

    static func run(count: Int) throws {
        let clock = ContinuousClock()
        print("cellkit-demo --items: \(count.counted("item")) in one section.")
        #if DEBUG
        // Only a debug build needs the hint: a release build's timings are the real ones.
        print(
            "Timings depend on the machine; build with `swift run -c release cellkit-demo --items \(count)` for real numbers."
        )
        #endif
        print()

        var items: [AnyHashable] = []
        let make = clock.measure {
            items.reserveCapacity(count)
            for id in 1...count { items.append(Row(id: id, text: "row \(id)")) }
        }
        report("make view models", make)

        var snapshot = Snapshot<FeedSection, AnyHashable>()
        let build = try clock.measure {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items)
        }
        items = []
        report("build snapshot", build)

        let screen = FeedScreen(width: 44, height: 10)
        let load = try clock.measure { try screen.show(snapshot, animated: false) }
        report("apply (first load)", load)

        var changed = snapshot
        let edit = try clock.measure { changed = try onePercentChange(of: snapshot) }
        report("build 1% change", edit)

        var changeset = Changeset<FeedSection, AnyHashable>(stages: [])
        let diff = clock.measure { changeset = Changeset(from: snapshot, to: changed) }
        report("diff 1%", diff, note: "\(changeset.summary)")

        var update: FeedScreen.Update?
        let apply = try clock.measure { update = try screen.show(changed) }
        let batches = update?.hostLog.count ?? 0
        report("apply 1% (diff + batches)", apply, note: "\(batches.counted("batch", plural: "batches")) performed")

        let scroll = clock.measure { screen.list.scrollToEnd() }
        report(
            "scroll to end", scroll,
            note: "line \(screen.list.firstVisibleLine.grouped) of \(screen.list.contentHeight.grouped)")

        print()
        print(screen.framed(title: "End of the list"))
    }

    /// The list with 1% of its items touched, spread evenly and a quarter each: every 100th item is, in
    /// turn, deleted, followed by a new row, edited in place (same id, new text), or moved to the top.
    static func onePercentChange(of snapshot: Snapshot<FeedSection, AnyHashable>) throws -> Snapshot<
        FeedSection, AnyHashable
    > {
        let old = snapshot.itemIdentifiers
        var kept: [AnyHashable] = []
        var moved: [AnyHashable] = []
        kept.reserveCapacity(old.count + old.count / 100)
        var nextID = old.count + 1
        for (index, item) in old.enumerated() {
            guard index % 100 == 0, let row = item.base as? Row else {
                kept.append(item)
                continue
            }
            switch (index / 100) % 4 {
            case 0:
                break  // deleted
            case 1:
                kept.append(item)
                kept.append(Row(id: nextID, text: "new row \(nextID)"))
                nextID += 1
            case 2:
                kept.append(Row(id: row.id, text: "row \(row.id) (edited)"))
            default:
                moved.append(item)
            }
        }
        var result = Snapshot<FeedSection, AnyHashable>()
        try result.appendSections([section])
        try result.appendItems(moved + kept)
        return result
    }

    private static func report(_ step: String, _ duration: Duration, note: String = "") {
        let padded = step + String(repeating: " ", count: max(1, 26 - step.count))
        let time = milliseconds(duration)
        let column = String(repeating: " ", count: max(0, 10 - time.count)) + time
        print("  \(padded)\(column) ms" + (note.isEmpty ? "" : "   \(note)"))
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = Int(seconds) * 10_000 + Int(attoseconds / 100_000_000_000_000)
        return "\((tenths / 10).grouped).\(tenths % 10)"
    }
}
