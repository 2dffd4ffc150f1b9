#if !canImport(UIKit)
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// The stand-in UITableView on its own, driven as an app drives UIKit (no CellKit host): what the host
// tests rely on it to do as UIKit does.

/// A table data source whose counts a test sets; its cells are plain `UITableViewCell`s dequeued by
/// `identifier` ("cell").
@MainActor
final class CountingTableDataSource: NSObject, UITableViewDataSource {
    var counts: [Int]
    var identifier = "cell"
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }
}

@MainActor
@Suite("UITableView (stand-in)")
struct StandInTableViewTests {
    let source = CountingTableDataSource([2])
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 30, height: 10), style: .plain)

    init() {
        table.rowHeight = 1
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.layoutIfNeeded()
    }

    func row(_ item: Int, _ section: Int = 0) -> IndexPath { ListIndexPath(item: item, section: section).indexPath }

    @Test("a batch whose counts do not add up raises UIKit's exception and changes nothing; told right, it applies")
    func invalidBatch() {
        source.counts = [3]
        table.performBatchUpdates({}, completion: nil)  // 3 rows now, but no insert
        #expect(table._raisedExceptions.count == 1)
        #expect(
            table._raisedExceptions.first?.hasPrefix(
                "NSInternalInconsistencyException: Invalid update: invalid number of items in section 0") == true)
        #expect(table._knownCounts == [2])
        #expect(table.indexPathsForVisibleRows?.count == 2)
        table.performBatchUpdates({ table.insertRows(at: [row(2)], with: .automatic) }, completion: nil)
        #expect(table._raisedExceptions.count == 1)
        #expect(table._knownCounts == [3])
        #expect(table.indexPathsForVisibleRows?.count == 3)
        #expect(table._updateLog.last == "performBatchUpdates: insert 0.2")
    }

    @Test("a row update outside performBatchUpdates is a batch of its own, checked the same way")
    func updateOutsideABatch() {
        source.counts = [3]
        table.insertRows(at: [row(0)], with: .fade)
        #expect(table._raisedExceptions == [])
        #expect(table._updateLog.last == "performBatchUpdates: insert 0.0")
        table.deleteRows(at: [row(1)], with: .fade)  // the data source still has 3 rows
        #expect(table._raisedExceptions.count == 1)
        #expect(table._knownCounts == [3])
    }

    @Test("cells are made from the registered class and reused; an unregistered identifier raises")
    func cellsAndReuse() {
        #expect(table._statistics.created == 2)
        source.counts = [1]
        table.deleteRows(at: [row(1)], with: .automatic)
        source.counts = [2]
        table.insertRows(at: [row(1)], with: .automatic)
        #expect(table._statistics.created == 2)
        #expect(table._statistics.reused == 1)
        #expect(table._raisedExceptions == [])
        source.identifier = "missing"
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table._raisedExceptions.count == 2)  // one for each row asked for
        #expect(table._raisedExceptions.first?.contains("unable to dequeue a cell with identifier missing") == true)
    }

    @Test("a header-footer view is dequeued by identifier alone; an unregistered identifier gives nil")
    func headerFooterViews() {
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "header") != nil)
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "other") == nil)
        #expect(table._raisedExceptions == [])
    }

    @Test("a row of automaticDimension height, the default, is laid out 44 points tall (no self-sizing)")
    func automaticRowHeight() {
        table.rowHeight = UITableView.automaticDimension
        #expect(table._top(of: row(1)) == 44)
        let plain = UITableView(frame: .zero, style: .plain)
        #expect(plain.rowHeight == UITableView.automaticDimension)
    }

    @Test("reconfigureRows asks the data source for the row again and keeps the cell")
    func reconfigureKeepsTheCell() {
        let cell = table.cellForRow(at: row(1))
        table.reconfigureRows(at: [row(1)])
        #expect(cell != nil && table.cellForRow(at: row(1)) === cell)
        #expect(table._statistics.reconfiguredInPlace == 1)
        #expect(table._updateLog.last == "reconfigureRows: 0.1")
        table.reconfigureRows(at: [row(5)])
        #expect(table._raisedExceptions.count == 1)  // no such row
    }
}
#endif
