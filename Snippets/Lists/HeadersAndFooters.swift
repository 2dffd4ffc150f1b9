// Gives every section a header and a footer, configured from the section identifier.
import CellKit
import CellKitPlugins  // apply { }
import CellKitText
import DiffableStore

enum Team: String, Hashable {
    case design, engineering
}

final class NameCell: TextCell, ConfigurableView {
    func configure(with name: String) { text = "  " + name }
}

/// A header whose view model is the section identifier: registered in one line.
final class TeamHeader: TextCell, ConfigurableView {
    func configure(with team: Team) { text = team.rawValue.uppercased() }
}
final class TeamFooter: TextCell {}

let list = TextListView(width: 20, height: 8)
let dataSource = UniversalDataSource<Team>(host: list)
dataSource.registerCellType(NameCell.self)
try dataSource.registerSupplementaryView(ofKind: .header, viewType: TeamHeader.self)
try dataSource.registerSupplementaryView(ofKind: .footer, viewType: TeamFooter.self) { footer, indexPath, team in
    footer.text = "  end of section \(indexPath.section)"
}

try dataSource.apply {
    SnapshotSection(.design) { ["Ada", "Grace"] }
    SnapshotSection(.engineering) { ["Linus", "Barbara"] }
}
print(list.render())
// snippet.hide
// Prints:
// DESIGN
//   Ada
//   Grace
//   end of section 0
// ENGINEERING
//   Linus
//   Barbara
//   end of section 1
