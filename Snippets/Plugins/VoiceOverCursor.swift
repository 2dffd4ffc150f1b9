// Follows VoiceOver's cursor by item: the plugin hears it move, the accessibility rendering shows it, and an apply keeps it on its item.
import CellKit
import CellKitPlugins
import CellKitText
import DiffableStore

struct Letter: Hashable, Identifiable {
    var id: Int
    var sender: String
}

final class LetterCell: TextCell, ConfigurableView {
    func configure(with letter: Letter) { text = letter.sender }
}

// snippet.hide
let list = TextListView(width: 26, height: 4)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(LetterCell.self)

var inbox = [Letter(id: 1, sender: "Ann"), Letter(id: 2, sender: "Bob"), Letter(id: 3, sender: "Cy")]
@MainActor func show() throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(inbox)
    try dataSource.apply(snapshot)
}
// snippet.show
let accessibility = AccessibilityPlugin().describe(Letter.self) { AccessibilityDescription(label: "From \($0.sender)") }
accessibility.onAccessibilityFocusChange = { item in
    print("VoiceOver on:", (item?.base as? Letter)?.sender ?? "nothing")
}
try dataSource.attach(accessibility)
try show()

list.moveAccessibilityFocus(.next)  // Ann (a swipe right)
list.moveAccessibilityFocus(.next)  // Bob
inbox.reverse()
try show()  // Bob moved: the cursor stays on him
print(list.renderAccessibility())
inbox.removeAll { $0.sender == "Bob" }
try show()  // Bob is gone: the cursor goes to the letter that followed him
print(list.renderAccessibility())
// snippet.hide
// Prints:
// VoiceOver on: Ann
// VoiceOver on: nothing
// VoiceOver on: Bob
// From Cy
// ▸ From Bob
// From Ann
// VoiceOver on: nothing
// VoiceOver on: Ann
// From Cy
// ▸ From Ann
