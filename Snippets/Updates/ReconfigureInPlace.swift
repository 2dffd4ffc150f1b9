// Updates an Identifiable item whose content changed in place: its visible cell is configured again, and no cell is created.
import CellKit
import CellKitText
import DiffableStore

struct Download: Hashable, Identifiable {
    var id: String
    var percent: Int
}

final class DownloadCell: TextCell, ConfigurableView {
    func configure(with download: Download) { text = "\(download.id): \(download.percent)%" }
}

let list = TextListView(width: 20, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(DownloadCell.self)

@MainActor func show(_ downloads: [Download]) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(downloads)
    try dataSource.apply(snapshot)
}

try show([Download(id: "movie.mp4", percent: 10), Download(id: "song.mp3", percent: 80)])
let cell = list.cellForItem(at: ListIndexPath(item: 0, section: 0))
let created = list.statistics.viewsCreated

// Same id, new content: the diff reports a reconfigure, not a delete and an insert.
try show([Download(id: "movie.mp4", percent: 55), Download(id: "song.mp3", percent: 80)])
print(list.updateLog.last ?? "")
print(list.render())
print("cells created: \(created) before, \(list.statistics.viewsCreated) after")
print("same cell:", list.cellForItem(at: ListIndexPath(item: 0, section: 0)) === cell)
// snippet.hide
// Prints:
// reconfigure 0.0
// movie.mp4: 55%
// song.mp3: 80%
// cells created: 2 before, 2 after
// same cell: true
