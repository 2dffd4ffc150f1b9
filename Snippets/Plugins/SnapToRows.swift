// Snaps a drag's resting place to the top of a card, so a flick never leaves half a card at the top.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Card: Hashable { var number: Int }

final class CardCell: TextCell, ConfigurableView {  // three lines per card
    func configure(with card: Card) { text = "┌ card \(card.number)\n│\n└────" }
}

let list = TextListView(width: 10, height: 3, estimatedRowHeight: 3)  // cards are 3 lines
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(CardCell.self)

try dataSource.attach(
    ScrollSnappingPlugin { proposed, velocity in
        print("drag would rest at line \(proposed), velocity \(velocity)")
        return (proposed + 1) / 3 * 3  // the nearest card top
    })

var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems((1...5).map(Card.init))
try dataSource.apply(snapshot)

list.drag(byLines: 2, velocity: 3)  // 2 + 3 = line 5: rests at line 6
print("top line \(list.firstVisibleLine):\n" + list.render())
list.drag(byLines: -2, velocity: 0)  // line 4, no flick: back to line 3
print("top line \(list.firstVisibleLine):\n" + list.render())
// snippet.hide
// Prints:
// drag would rest at line 5, velocity 3
// top line 6:
// ┌ card 3
// │
// └────
// drag would rest at line 4, velocity 0
// top line 3:
// ┌ card 2
// │
// └────
