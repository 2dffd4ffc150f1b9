// The XCTest example of TestingAListScreen.md ("Test under XCTest"), run by `swift test` on Linux and on
// Apple platforms. The DocC article's block is checked against this file (DocsTests).
import CellKit
import CellKitTesting
import CellKitText
import DiffableStore
import XCTest

private struct Contact: Hashable { var name: String }

private final class ContactCell: TextCell, ConfigurableView {
    func configure(with contact: Contact) { text = contact.name }
}

/// The screen under test: contacts sorted by name.
@MainActor private final class ContactsScreen {
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

// The test methods are `async`: on Linux, XCTest cannot run a synchronous method isolated to the main actor.
@MainActor
final class ContactsScreenXCTests: XCTestCase {
    func testContactsAreSortedByName() async throws {
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
}

/// The record mode of every test of a class, set around each (XCTest has no traits).
final class RecordModeXCTests: XCTestCase {
    override func invokeTest() {
        withRecordMode(.never) { super.invokeTest() }
    }

    func testTheClassSetsTheRecordMode() {
        XCTAssertEqual(RecordMode.current, .never)
    }
}
