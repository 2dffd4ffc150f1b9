#if !canImport(UIKit)
@testable import CellKit
import CellKitText
import CellKitUIKit
import DiffableStore
import Testing

// Data-source tests written once and run on every host: the text host, and CollectionViewHost and
// TableViewHost over the UIKit stand-in. They restate, host-agnostically, the end-to-end tests of
// CellKitTests (UniversalDataSourceTextHostTests, EventDeliveryTests, CellContextAfterUpdatesTests);
// after each one, the stand-in must have raised nothing UIKit would have raised.

/// `/\` first, `||` middle, `\/` last, `()` only.
func cardEdge(_ position: PositionInSection) -> String {
    switch (position.isFirst, position.isLast) {
    case (true, true): "()"
    case (true, false): "/\\"
    case (false, true): "\\/"
    case (false, false): "||"
    }
}

@MainActor
@Suite("UniversalDataSource on every host")
struct SharedDataSourceTests {
    @Test("card cells keep their positions through appends, deletes and moves", arguments: HostKind.allCases)
    func cardPositions(kind: HostKind) throws {
        let harness = kind.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { context, item in
            "\(cardEdge(context.position)) \(item.name)"
        }
        try dataSource.apply(makeSnapshot(plains("a", "b", "c")))
        #expect(harness.render() == ["/\\ a", "|| b", "\\/ c"])
        try dataSource.apply(makeSnapshot(plains("a", "b", "c", "d")))
        #expect(harness.render() == ["/\\ a", "|| b", "|| c", "\\/ d"])
        try dataSource.apply(makeSnapshot(plains("b", "c", "d")))
        #expect(harness.render() == ["/\\ b", "|| c", "\\/ d"])
        try dataSource.apply(makeSnapshot(plains("d", "c", "b")))
        #expect(harness.render() == ["/\\ d", "|| c", "\\/ b"])
        try dataSource.apply(makeSnapshot([(.main, plains("d")), (.more, plains("c", "b"))]))
        #expect(harness.render() == ["() d", "/\\ c", "\\/ b"])
        #expect(harness.problems == [])
    }
}
#endif
