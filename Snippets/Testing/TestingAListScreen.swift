// Tests a list screen by comparing what the text host renders with the text the test expects.
import CellKit
import CellKitTesting
import CellKitText
import DiffableStore
import Testing

struct Contact: Hashable { var name: String }

final class ContactCell: TextCell, ConfigurableView {
    func configure(with contact: Contact) { text = contact.name }
}

/// The screen under test: contacts sorted by name.
@MainActor final class ContactsScreen {
    let list = TextListView(width: 12, height: 3)
    let dataSource: UniversalDataSource<Int>

    init() {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCellType(ContactCell.self)
    }

    func show(_ names: [String]) throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(names.sorted().map { Contact(name: $0) })
        try dataSource.apply(snapshot)
    }
}

@Test @MainActor func contactsAreSortedByName() throws {
    let screen = ContactsScreen()
    try screen.show(["Zoe", "Adam", "Mia"])
    assertRender(
        screen.list,
        """
        Adam
        Mia
        Zoe
        """)
}
// snippet.hide
// `swift test` runs the test in a test target; here it is called directly. Outside a test run a failed
// expectation records nothing, so what it asserts is checked again here, where a failure stops the run.
try contactsAreSortedByName()
let checked = ContactsScreen()
try checked.show(["Zoe", "Adam", "Mia"])
precondition(LineDiff.report(expected: "Adam\nMia\nZoe", actual: checked.list.render()) == nil)
print("contactsAreSortedByName passed")
// What a failing assertRender reports at its line, with the diff:
let screen = ContactsScreen()
try screen.show(["Zoe", "Adam", "Mia", "Bea"])
print(LineDiff.report(expected: "Adam\nMia\nZoe", actual: screen.list.render()) ?? "no difference")
// Prints:
// contactsAreSortedByName passed
// Rendered text does not match (- expected, + actual):
//   |Adam
// + |Bea
//   |Mia
// - |Zoe
