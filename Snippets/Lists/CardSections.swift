// Draws each section's items as a card, and keeps the card around exactly the items as they change.
import CellKit
import CellKitText
import DiffableStore

struct Team: Hashable {
    var name: String
}

final class NameCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = name }
}

final class TeamHeader: TextCell, ConfigurableView {
    func configure(with team: Team) { text = team.name.uppercased() }
}

let list = TextListView(width: 16, height: 9)
let dataSource = UniversalDataSource<Team>(host: list)
dataSource.registerCellType(NameCell.self)
try dataSource.registerSupplementaryView(ofKind: .header, viewType: TeamHeader.self)
// A card around each section's items, configured from the section; the header stays outside it.
try dataSource.registerDecorationView(ofKind: .background, viewType: TextSectionBackground.self) { card, team in
    card.style = team.name == "Design" ? .rounded : .square
}

let design = Team(name: "Design")
let engineering = Team(name: "Engineering")
var snapshot = Snapshot<Team, AnyHashable>()
try snapshot.appendSections([design, engineering])
try snapshot.appendItems(["Ada", "Grace"], toSection: design)
try snapshot.appendItems(["Linus"], toSection: engineering)
try dataSource.apply(snapshot)
print(list.render())

// Delete a card's first item and add one to the other: each card still encloses exactly its items.
try snapshot.deleteItems(["Ada"])
try snapshot.appendItems(["Barbara"], toSection: engineering)
try dataSource.apply(snapshot)
print(list.render())
// snippet.hide
// Prints:
// DESIGN
// ╭──────────────╮
// │ Ada          │
// │ Grace        │
// ╰──────────────╯
// ENGINEERING
// ┌──────────────┐
// │ Linus        │
// └──────────────┘
// DESIGN
// ╭──────────────╮
// │ Grace        │
// ╰──────────────╯
// ENGINEERING
// ┌──────────────┐
// │ Linus        │
// │ Barbara      │
// └──────────────┘
