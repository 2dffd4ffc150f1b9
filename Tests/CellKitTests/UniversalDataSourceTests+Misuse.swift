@_spi(ListHost) @_spi(Testing) @testable import CellKit
import DiffableStore
import HostHarness
import Testing

// Issue 31, "Silent or misleading": mistakes a newcomer makes, each reported with a message that names
// its cause.

extension UniversalDataSourceTests {
    // MARK: A second data source on a host

    @Test(
        "a second data source made for a host takes it over; the first one's apply throws hostTakenOver, naming it",
        arguments: HostKind.allCases)
    func secondDataSourceTakesOver(kind: HostKind) throws {
        let harness = kind.make()
        let first = harness.makeDataSource(Section.self)
        harness.registerLabel(first, for: Tile.self) { _, tile in "first \(tile.title)" }
        try first.apply(makeSnapshot([Tile(id: 1, title: "a")]))
        let second = harness.makeDataSource(Section.self)
        harness.registerLabel(second, for: Tile.self) { _, tile in "second \(tile.title)" }
        try second.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(harness.render() == ["second a", "second b"])

        let shown = first.snapshot()
        let hostType = String(reflecting: type(of: harness.host))
        #expect(throws: DataSourceError.hostTakenOver(host: hostType)) {
            try first.apply(makeSnapshot([Tile(id: 3, title: "c")]))
        }
        #expect(first.snapshot() == shown)
        #expect(harness.render() == ["second a", "second b"])
        #expect(
            "\(DataSourceError.hostTakenOver(host: hostType))"
                == "a second UniversalDataSource was made for host \(hostType) and took it over; this one no "
                + "longer drives it: a host has one data source (the one made last), so keep one per host")
        // The second one goes on.
        try second.apply(makeSnapshot([Tile(id: 2, title: "b")]))
        #expect(harness.render() == ["second b"])
        #expect(harness.problems == [])
    }
}
