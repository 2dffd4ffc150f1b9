// Builds and diffs a large snapshot off the main actor; only the batch of updates runs on it.
import CellKit
import CellKitText
import DiffableStore

struct Row: Hashable, Sendable {
    var id: Int
}

final class RowCell: TextCell, ConfigurableView {
    func configure(with row: Row) { text = "row \(row.id)" }
}

/// Not isolated to the main actor: the snapshot is built on a background thread, then handed over.
/// `apply` takes it as `sending`: nothing here can touch it after the call, so no copy and no lock.
nonisolated func showRows(_ ids: Range<Int>, in dataSource: UniversalDataSource<Int>) async throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(ids.map { Row(id: $0) })
    try await dataSource.apply(snapshot)  // diffed off the main actor too
}

let list = TextListView(width: 12, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(RowCell.self)

try await showRows(0..<100_000, in: dataSource)
try await showRows(1..<100_001, in: dataSource)
print(list.updateLog.last ?? "")
print(list.render())
// snippet.hide
// Prints:
// delete 0.0; insert 0.99999
// row 1
// row 2
// row 3
