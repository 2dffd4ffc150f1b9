// Starts fetching images for rows just below the viewport and cancels the fetches the user scrolled away from.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Photo: Hashable { var number: Int }

final class PhotoCell: TextCell, ConfigurableView {
    func configure(with photo: Photo) { text = "photo \(photo.number)" }
}

let list = TextListView(width: 10, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(PhotoCell.self)
list.prefetchDistance = 2  // the 2 rows beyond the edge the list scrolls towards

let prefetch = PrefetchPlugin().on(
    Photo.self,
    start: { photo in print("fetch photo \(photo.number)") },
    cancel: { photo in print("cancel photo \(photo.number)") })
try dataSource.attach(prefetch)

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems((1...8).map(Photo.init))
try dataSource.apply(snapshot)  // 1 and 2 show

print("-- scroll down 1")
list.scrollBy(lines: 1)
print("-- scroll up 1")
list.scrollBy(lines: -1)
print("in flight:", prefetch.started.compactMap { ($0.base as? Photo)?.number }.sorted())
// snippet.hide
// Prints:
// fetch photo 3
// fetch photo 4
// -- scroll down 1
// fetch photo 5
// -- scroll up 1
// cancel photo 4
// cancel photo 5
// in flight: []
