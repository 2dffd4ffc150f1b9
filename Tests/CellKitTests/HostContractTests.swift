@_spi(ListHost) import CellKit
import CellKitText
import DiffableStore
import HostHarness
import Testing

// The host contract: a host asks how to find or make an element's view (`reuse(for:in:)`), picks the view
// itself, and has the data source configure it (`configure(_:for:in:)`). `UniversalDataSource` resolves
// an element once for the pair, and never configures a view with what an older state resolved.

/// A view model two cells can show, chosen by `isLoud`.
struct Shout: Hashable {
    var text: String
    var isLoud: Bool
}

final class QuietCell: TextCell {}
final class LoudCell: TextCell {}

@MainActor
@Suite("The host contract")
struct HostContractTests {
    /// A text list of `count` shouts (every other one loud), with a cell factory whose `choose` counts
    /// its calls.
    private func makeList(count: Int, height: Int? = nil) throws -> (TextListView, UniversalDataSource<Int>, CallCount)
    {
        let list = TextListView(width: 12, height: height ?? count)
        let dataSource = UniversalDataSource<Int>(host: list)
        let chosen = CallCount()
        try dataSource.registerCells(
            for: Shout.self,
            [
                .cell(QuietCell.self) { cell, _, shout in cell.text = shout.text },
                .cell(LoudCell.self) { cell, _, shout in cell.text = shout.text.uppercased() },
            ]
        ) { shout in
            chosen.value += 1
            return shout.isLoud ? LoudCell.self : QuietCell.self
        }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems((0..<count).map { Shout(text: "s\($0)", isLoud: $0 % 2 == 1) })
        try dataSource.apply(snapshot, animatingDifferences: false)
        return (list, dataSource, chosen)
    }

    @Test("configuring a cell resolves its item once: a factory's choice is asked once per cell a host shows")
    func oneResolutionPerCell() throws {
        let (list, dataSource, chosen) = try makeList(count: 6)
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
                "s0", "S1", "s2", "S3", "s4", "S5",
            ])
        chosen.value = 0
        // A reload configures the six visible rows again: one reuse and one configure each.
        list.reloadData()
        _ = list.render()
        #expect(chosen.value == 6)
        _ = dataSource
    }

    @Test("a configure after the state changed resolves the element again, not what an older reuse named")
    func noStaleResolution() throws {
        // One visible row: the host configures nothing for an apply that changes only the second.
        let (list, dataSource, _) = try makeList(count: 2, height: 1)
        _ = list.render()
        let adapter = try #require(list.dataSource)
        let second = ListElement.cell(ListIndexPath(item: 1, section: 0))
        #expect(adapter.reuse(for: second, in: list)?.viewClass == LoudCell.self)
        // The item at 0.1 changes before the host configures its view (same cell class, new text).
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([Shout(text: "s0", isLoud: false), Shout(text: "new", isLoud: true)])
        try dataSource.apply(snapshot)
        let view = LoudCell()
        adapter.configure(view, for: second, in: list)
        #expect(view.text == "NEW")
        // And a configure that follows no reuse at all resolves the element too.
        let quiet = QuietCell()
        adapter.configure(quiet, for: .cell(ListIndexPath(item: 0, section: 0)), in: list)
        #expect(quiet.text == "s0")
    }

    @Test(
        "an element with no registration has no reuse, and the host shows nothing there", arguments: HostKind.allCases)
    func noReuseForUnregisteredKinds(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource(Int.self)
        dataSource.onDiagnostic = { _ in }  // asked for on purpose: recorded in `diagnostics`, not printed
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "plain \(plain.name)" }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([Plain(name: "a")])
        try dataSource.apply(snapshot, animatingDifferences: false)
        #expect(harness.render() == ["plain a"])
        let adapter = try #require(harness.host.dataSource)
        let path = ListIndexPath(item: 0, section: 0)
        #expect(adapter.reuse(for: .supplementary(.header, path), in: harness.host) == nil)
        #expect(adapter.reuse(for: .decoration(.background, section: 0), in: harness.host) == nil)
        #expect(adapter.reuse(for: .cell(path), in: harness.host)?.reuseIdentifier.isEmpty == false)
        #expect(dataSource.diagnostics.count == 2)
    }
}

/// A count a closure can bump.
@MainActor
final class CallCount {
    var value = 0
}
