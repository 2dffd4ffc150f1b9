// Shows a view you own as an item: it keeps its state while it scrolls away and back, and the same view twice is refused.
import CellKit
import CellKitText
import DiffableStore

/// A search field you own: it keeps what the user typed, whatever the list does with its rows.
final class SearchField: TextCell {
    var query = ""
    override func render(width: Int) -> [String] { ["Search: \(query)_"] }
}

final class ResultCell: TextCell, ConfigurableView {
    func configure(with number: Int) { text = "result \(number)" }
}

let list = TextListView(width: 20, height: 3)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(ResultCell.self)  // the search field needs no registration

let search = SearchField()
var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([StaticView(search)] + (1...100).map { AnyHashable($0) })
try dataSource.apply(snapshot)

search.query = "swift"  // the user types
list.scrollToEnd()  // the field scrolls away: its container cell goes back to the pool
list.scroll(toLine: 0)  // and back: the same field, with what was typed
print(list.render())
print("configured \(search.configureCount) times, prepared for reuse \(search.prepareForReuseCount) times")

// A view shows in one place at a time: the same instance twice is a duplicate item.
do {
    try snapshot.appendItems([StaticView(search)])
} catch {
    print(error)
}
// snippet.hide
// Prints:
// Search: swift_
// result 1
// result 2
// configured 0 times, prepared for reuse 0 times
// duplicate item identifier StaticView(StaticTextBlock.SearchField): item identifiers must be unique within a snapshot
