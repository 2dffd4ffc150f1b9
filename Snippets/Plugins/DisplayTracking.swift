// Starts and stops work as rows come and go, and names the deleted item when its row goes away.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Video: Hashable { var title: String }

final class VideoCell: TextCell, ConfigurableView {
    func configure(with video: Video) { text = "▶ " + video.title }
}

let list = TextListView(width: 14, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(VideoCell.self)

try dataSource.attach(
    DisplayPlugin()
        .onWillDisplay(Video.self) { video, indexPath in print("play \(video.title) at \(indexPath)") }
        .onDidEndDisplaying(Video.self) { video, indexPath in print("stop \(video.title) at \(indexPath)") })

var videos = ["Cats", "Dogs", "Owls"].map(Video.init)
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(videos)
    try dataSource.apply(snapshot)
}

try show()
print("-- delete Cats")
videos.removeFirst()
try show()  // the ended row names Cats, the item it showed, not what is at 0.0 now
print(list.render())
// snippet.hide
// Prints:
// play Cats at 0.0
// play Dogs at 0.1
// -- delete Cats
// stop Cats at 0.0
// play Owls at 0.1
// ▶ Dogs
// ▶ Owls
