// Installs a feature's cells in one line, and lets cells that observe their view model let go of it before they are reused.
import CellKit
import CellKitText
import DiffableStore

/// A view model object a cell observes while it shows it.
final class Download: Hashable {
    let name: String
    var percent = 0 { didSet { onChange?() } }
    var onChange: (() -> Void)?
    init(name: String) { self.name = name }
    static func == (lhs: Download, rhs: Download) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Binds in `configure`, lets go in `unbind()`: the data source calls it before every configuration,
/// and the list when the cell goes back to its reuse pool.
final class DownloadCell: TextCell, ConfigurableView, UnbindableView {
    private var download: Download?
    func configure(with download: Download) {
        self.download = download
        download.onChange = { [unowned self] in text = "\(download.name) \(download.percent)%" }
        text = "\(download.name) \(download.percent)%"
    }
    func unbind() {
        download?.onChange = nil
        download = nil
    }
}

final class FolderCell: TextCell, ConfigurableView {
    func configure(with folder: String) { text = "[\(folder)]" }
}

/// The downloads feature's cells, installed together: all of them, or none if one clashes.
struct DownloadCells: CellBundle {
    func registrations() throws(RegistrationError) -> [ViewRegistration] {
        [.cell(FolderCell.self), .cell(DownloadCell.self)]
    }
}

let list = TextListView(width: 16, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
try DownloadCells().register(in: dataSource)

let movie = Download(name: "movie")
var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems(["Videos", movie] + (1...5).map { Download(name: "clip \($0)") })
try dataSource.apply(snapshot)
movie.percent = 40
print(list.render())

// Scroll the movie's row away: its cell is reused for another download, and no longer observes the movie.
list.scrollBy(lines: 4)
movie.percent = 80
print(movie.onChange == nil)
print(list.render())

// A bundle never replaces a registration: installing it twice is refused, and nothing changes.
do {
    try DownloadCells().register(in: dataSource)
} catch {
    print(error)
}
// snippet.hide
// Prints:
// [Videos]
// movie 40%
// true
// clip 3 0%
// clip 4 0%
// a cell for Swift.String is registered already; a bundle adds registrations, it does not replace them
