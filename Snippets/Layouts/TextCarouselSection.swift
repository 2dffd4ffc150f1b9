// Lays a section out as a carousel on the text host: a strip of cards that scrolls sideways by its own offset, a swipe coming to rest on a card, the offset kept by the section's identity when the section moves; prints the screen.
import CellKit
import CellKitText
import DiffableStore

final class NameCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}

let list = TextListView(width: 30, height: 4)
let dataSource = UniversalDataSource<String>(host: list)
// Trips: cards 40% of the strip's window, 2 columns apart, a swipe resting on a card. Notes: rows.
dataSource.sectionLayouts = { shelf in
    shelf == "Trips" ? .carousel(itemWidth: .fractional(0.4), spacing: 2, scrolling: .groupPaging) : .list
}
dataSource.registerCellType(NameCell.self)

var snapshot = Snapshot<String, AnyHashable>()
try snapshot.appendSections(["Trips", "Notes"])
try snapshot.appendItems(["Lisbon", "Kyoto", "Oslo", "Lima", "Cairo"], toSection: "Trips")
try snapshot.appendItems(["Groceries", "Ideas"], toSection: "Notes")
try dataSource.apply(snapshot)
print(list.render())
print("--")

// A short swipe to the left: the strip comes to rest with the next card at its leading edge.
list.scrollCarousel(inSection: 0, by: 3)
print(list.render())
print("--")

// Notes move above the trips: the carousel keeps its offset, kept by its identifier.
try snapshot.moveSection("Notes", beforeSection: "Trips")
try dataSource.apply(snapshot)
print(list.render())
print("offset:", dataSource.carouselOffset(of: "Trips"))
// snippet.hide
// Prints:
//  Lisbon       Kyoto        Os›
// Groceries
// Ideas
//
// --
// ‹Kyoto        Oslo         Li›
// Groceries
// Ideas
//
// --
// Groceries
// Ideas
// ‹Kyoto        Oslo         Li›
//
// offset: 13.0
