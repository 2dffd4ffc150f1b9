// Moves the focus with the arrow and tab keys, past rows that cannot take it, and keeps it on its item (or its neighbour) through applies.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Song: Hashable, Identifiable {
    var id: Int
    var title: String
    var isUnavailable = false
}

final class SongCell: TextCell, ConfigurableView {
    func configure(with song: Song) { text = song.isUnavailable ? "(\(song.title))" : song.title }
}

// snippet.hide
let list = TextListView(width: 12, height: 4)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(SongCell.self)

var songs = [
    Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold", isUnavailable: true), Song(id: 3, title: "Rain"),
    Song(id: 4, title: "Sand"),
]
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(songs)
    try dataSource.apply(snapshot)
}
// snippet.show
let focus = FocusPlugin(selectionFollowsFocus: true)
    .focusable(Song.self) { !$0.isUnavailable }
dataSource.onEvent = { event in
    if case .didFocus = event { print(event) }
}
try dataSource.attach(focus)
try show()

list.moveFocus(.down)  // Blue
list.moveFocus(.down)  // Rain: Gold cannot take the focus
print(list.render())
songs.remove(at: 2)  // Rain goes: the focus goes to the song that took its place
try show()
print(list.indexPathsForSelectedItems)  // Rain's selection ended with it; a focus moved by an apply selects nothing
// snippet.hide
// Prints:
// didFocus Song(id: 1, title: "Blue", isUnavailable: false) at 0.0
// didFocus Song(id: 3, title: "Rain", isUnavailable: false) at 0.2
// Blue
// (Gold)
// Rain       ◁
// Sand
// didFocus Song(id: 4, title: "Sand", isUnavailable: false) at 0.2
// []
