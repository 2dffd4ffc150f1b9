#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// `registerListCell(itemType:accessories:configure:)`: a UICollectionViewListCell configured through a
// content configuration, registered in one line by its item type.

struct Contact: Hashable, Identifiable {
    var id: Int
    var name: String
    var email: String
}

protocol Named { var name: String { get } }
struct Team: Hashable, Named { var name: String }
struct Person: Hashable, Named { var name: String }

@MainActor
@Suite("List cell registration")
struct ListCellRegistrationTests {
    private func listHarness() -> (CollectionHarness, UniversalDataSource<Section>) {
        let harness = collectionHarness { $0.makeListLayout(UICollectionLayoutListConfiguration(appearance: .plain)) }
        return (harness, harness.makeDataSource())
    }

    private func content(_ harness: CollectionHarness, at item: Int) -> UIListContentConfiguration? {
        (harness.cell(at: ListIndexPath(item: item, section: 0)) as? UICollectionViewListCell)?.contentConfiguration
            as? UIListContentConfiguration
    }

    @Test("one line registers a list cell configured through its content configuration and accessories")
    func oneLine() throws {
        let (harness, dataSource) = listHarness()
        dataSource.registerListCell(itemType: Contact.self, accessories: [.disclosureIndicator()]) {
            content, context, contact in
            content.text = "\(context.position.isFirst ? "* " : "")\(contact.name)"
            content.secondaryText = contact.email
        }
        try dataSource.apply(
            makeSnapshot([Contact(id: 1, name: "Ada", email: "ada@x"), Contact(id: 2, name: "Alan", email: "a@y")]))
        let cell = try #require(harness.cell(at: ListIndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(cell.accessories.map(\._kind) == ["disclosureIndicator"])
        #expect(content(harness, at: 0)?.text == "* Ada")
        #expect(content(harness, at: 0)?.secondaryText == "ada@x")
        #expect(content(harness, at: 1)?.text == "Alan")
        // Each cell sizes itself to its content: a line of text and one of secondary text.
        #expect(laidOut(harness) == ["* Ada 0+2", "Alan 2+2"])
        #expect(harness.problems == [])
    }

    @Test("a content change configures the same cell again, with a new content configuration, and sizes it again")
    func reconfigureInPlace() throws {
        let (harness, dataSource) = listHarness()
        dataSource.registerListCell(itemType: Contact.self) { content, _, contact in
            content.text = contact.name
            content.secondaryText = contact.email.isEmpty ? nil : contact.email
        }
        try dataSource.apply(
            makeSnapshot([Contact(id: 1, name: "Ada", email: ""), Contact(id: 2, name: "Alan", email: "")]))
        let cell = harness.cell(at: ListIndexPath(item: 0, section: 0))
        #expect(laidOut(harness) == ["Ada 0+1", "Alan 1+1"])
        try dataSource.apply(
            makeSnapshot([Contact(id: 1, name: "Ada L.", email: "ada@x"), Contact(id: 2, name: "Alan", email: "")]))
        #expect(harness.cell(at: ListIndexPath(item: 0, section: 0)) === cell)
        #expect(content(harness, at: 0)?.text == "Ada L.")
        #expect(laidOut(harness) == ["Ada L. 0+2", "Alan 2+1"])
        #expect(harness.problems == [])
    }

    @Test("keyed by the item type: a protocol registration serves every conforming type, next to other registrations")
    func keyedByType() throws {
        let (harness, dataSource) = listHarness()
        dataSource.registerListCell(itemType: (any Named).self) { content, _, named in content.text = named.name }
        harness.registerLabel(dataSource, for: Plain.self) { _, plain in "plain \(plain.name)" }
        try dataSource.apply(makeSnapshot([Team(name: "core"), Plain(name: "p"), Person(name: "Ada")]))
        #expect(content(harness, at: 0)?.text == "core")
        #expect(content(harness, at: 2)?.text == "Ada")
        #expect(laidOut(harness) == ["core 0+1", "plain p 1+1", "Ada 2+1"])
        #expect(harness.problems == [])
    }

    @Test("a list cell shows in a flow layout too, sized as the data source says")
    func inFlowLayout() throws {
        let harness = CollectionHarness(width: 30, height: 10)
        let dataSource = harness.makeDataSource()
        dataSource.registerListCell(itemType: Contact.self, accessories: [.checkmark()]) { content, _, contact in
            content.text = contact.name
        }
        try dataSource.apply(makeSnapshot([Contact(id: 1, name: "Ada", email: "")]))
        #expect(laidOut(harness) == ["Ada 0+1"])
        #expect(
            (harness.cell(at: ListIndexPath(item: 0, section: 0)) as? UICollectionViewListCell)?.accessories.map(
                \._kind) == ["checkmark"])
    }
}
#endif
