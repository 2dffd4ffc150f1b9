#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

// Issue 31, item 7: a header or footer view that does not say its height (no Auto Layout in the stand-in,
// no `systemLayoutSizeFitting` of its own) keeps the estimate, as a cell does, instead of vanishing.

/// A collection header that does not say its height.
@MainActor final class PlainCollectionHeader: UICollectionReusableView, ReusableView {
    var title = ""
}

/// A table header that does not say its height.
@MainActor final class PlainTableHeader: UITableViewHeaderFooterView, ReusableView {
    var title = ""
}

@MainActor
@Suite("Headers without a height")
struct HeaderEstimateTests {
    @Test("a compositional host's header that does not say its height shows at the 44-point estimate")
    func compositionalHeader() throws {
        let harness = HostKind.compositional.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: PlainCollectionHeader.self) {
            header, _, section in header.title = "\(section)"
        }
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        _ = harness.render()
        let host = try #require(harness.host as? CollectionViewHost)
        let frames = host.collectionView._visibleFramesTopToBottom
        let header = try #require(frames.first { $0.view is PlainCollectionHeader })
        #expect((header.view as? PlainCollectionHeader)?.title == "main")
        #expect(header.top == 0 && header.height == 44)
        #expect(harness.problems == [])
    }

    @Test("a table host's header that does not say its height shows at the 44-point estimate")
    func tableHeader() throws {
        let harness = HostKind.table.make()
        let dataSource = harness.makeDataSource()
        harness.registerLabel(dataSource, for: Plain.self) { _, item in item.name }
        try dataSource.registerSupplementaryView(ofKind: .header, viewType: PlainTableHeader.self) {
            header, _, section in header.title = "\(section)"
        }
        try dataSource.apply(makeSnapshot(plains("a", "b")))
        _ = harness.render()
        let host = try #require(harness.host as? TableViewHost)
        let frames = host.tableView._visibleFramesTopToBottom
        let header = try #require(frames.first { $0.view is PlainTableHeader })
        #expect((header.view as? PlainTableHeader)?.title == "main")
        #expect(header.top == 0 && header.height == 44)
        #expect(harness.problems == [])
    }
}
#endif
