// Routes taps per item type: a song plays and its row clears, a playlist opens and stays selected.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Playlist: Hashable { var name: String }
struct Song: Hashable { var title: String }

class MarkedCell: TextCell {  // a selected row shows a marker
    override func render(width: Int) -> [String] { [(isSelected ? "> " : "  ") + text] }
}
final class PlaylistCell: MarkedCell, ConfigurableView {
    func configure(with playlist: Playlist) { text = playlist.name + "/" }
}
final class SongCell: MarkedCell, ConfigurableView {
    func configure(with song: Song) { text = song.title }
}

let list = TextListView(width: 16, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PlaylistCell.self)
dataSource.registerCellType(SongCell.self)

// Rows are deselected once their handler has run, except playlists, whose detail stays open.
try dataSource.attach(
    SelectionPlugin()
        .on(Song.self) { song, _ in print("play \(song.title)") }
        .on(Playlist.self) { playlist, _ in print("open \(playlist.name)") }
        .onDeselect(Playlist.self) { playlist, _ in print("close \(playlist.name)") }
        .keepsSelection(for: Playlist.self))

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Playlist(name: "Jazz"), Song(title: "So What"), Song(title: "Blue in Green")])
try dataSource.apply(snapshot)

list.select(ListIndexPath(item: 1, section: 0))  // a song: played, then deselected
print(list.selectedIndexPath.map { "selected \($0)" } ?? "nothing selected")
list.select(ListIndexPath(item: 0, section: 0))  // a playlist: opened, and it stays selected
print(list.render())
list.select(ListIndexPath(item: 2, section: 0))  // another tap closes the playlist first
print(list.selectedIndexPath.map { "selected \($0)" } ?? "nothing selected")
// snippet.hide
// Prints:
// play So What
// nothing selected
// open Jazz
// > Jazz/
//   So What
//   Blue in Green
// close Jazz
// play Blue in Green
// nothing selected
