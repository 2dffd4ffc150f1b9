@testable import CellKit
import CellKitText
import DiffableStore
import Testing

private struct FilePrivateItem: Hashable { var id: Int }

extension Array {
    fileprivate struct Page {}
}

/// The errors' descriptions name types as their declarations read (`readableTypeNames(_:)`).
@Suite("Type names in error descriptions")
@MainActor
struct ReadableTypeNameTests {
    @Test("an item whose type is declared in a method is named with its module, its type and its name")
    func typeDeclaredInAFunction() throws {
        struct Poll: Hashable { var id: Int }
        let dataSource = UniversalDataSource<Int>(host: TextListView(width: 20, height: 3))
        dataSource.registerCell(itemType: FilePrivateItem.self, cellType: TextCell.self) { _, _, _ in }
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([Poll(id: 4)])
        var refusal: DataSourceError?
        do { try dataSource.apply(snapshot) } catch { refusal = error }
        #expect(
            refusal?.description
                == "no cell registration for item CellKitTests.ReadableTypeNameTests.Poll(id: 4) of type CellKitTests.ReadableTypeNameTests.Poll at 0.0; "
                + "registered item types: CellKitTests.FilePrivateItem")
    }

    /// Types declared in a method: `String(reflecting:)` names them `CellKitTests.ReadableTypeNameTests.(unknown
    /// context at $…).Place`.
    @Test("each error type's description reads the names as written")
    func everyError() {
        enum Place: Hashable { case top }
        final class Header {}
        let place = String(reflecting: Place.top)
        #expect(place.contains("(unknown context at $"), "String(reflecting:) names it \(place)")
        #expect(
            OutlineError.sectionNotFound(section: place).description.contains(
                "section CellKitTests.ReadableTypeNameTests.Place.top "))
        #expect(
            SliceError.sectionNotFound(section: place).description
                == "section CellKitTests.ReadableTypeNameTests.Place.top is not in the snapshot")
        #expect(
            RegistrationError.duplicateKind(.header, registered: String(reflecting: Header.self)).description
                == "a header view is registered already (CellKitTests.ReadableTypeNameTests.Header); register one view per kind"
        )
        #expect(
            DataSourceError.itemInOutline(item: place, section: String(reflecting: [Int].Page.self)).description
                == "item CellKitTests.ReadableTypeNameTests.Place.top is in outline section Swift.Array<Swift.Int>.Page (shown or hidden): "
                + "an item may be in one section only")
    }

    @Test("a plugin error names a plugin type declared in a method as it is written, in every case")
    func pluginErrors() throws {
        final class Tracker: ListPlugin {}
        let name = String(reflecting: Tracker.self)
        #expect(name.contains("(unknown context at $"), "String(reflecting:) names it \(name)")
        let dataSource = UniversalDataSource<Int>(host: TextListView(width: 20, height: 3))
        try dataSource.attach(Tracker())
        var refusal: PluginError?
        do { try dataSource.attach(Tracker()) } catch { refusal = error }
        #expect(
            refusal?.description
                == "a CellKitTests.ReadableTypeNameTests.Tracker is attached already; attach one per data source")
        let errors: [PluginError] = [
            .duplicate(pluginType: name), .alreadyAttached(pluginType: name),
            .listedTwice(pluginType: name, sameInstance: true), .listedTwice(pluginType: name, sameInstance: false),
            .attachedElsewhere(pluginType: name), .notAttached(pluginType: name),
            .secondProvider(feature: "folding", pluginType: name, providedBy: name),
            .featureInUse(feature: "folding", pluginType: name, itemType: name),
        ]
        for error in errors {
            #expect(!error.description.contains("unknown context"), "\(error)")
            #expect(error.description.contains("CellKitTests.ReadableTypeNameTests.Tracker"), "\(error)")
        }
    }

    @Test(
        "anonymous contexts and extensions' modules are dropped, in generic arguments too; other text is left alone")
    func names() {
        #expect(readableTypeNames(String(reflecting: FilePrivateItem.self)) == "CellKitTests.FilePrivateItem")
        #expect(readableTypeNames(String(reflecting: [Int].Page.self)) == "Swift.Array<Swift.Int>.Page")
        #expect(
            readableTypeNames("Swift.Optional<MyApp.(unknown context at $55e4).(unknown context at $55e8).H>")
                == "Swift.Optional<MyApp.H>")
        for text in ["a (note) b", "(unknown context at $1", "(extension in MyApp) alone", "Tile(id: 3)", ""] {
            #expect(readableTypeNames(text) == text)
        }
    }
}
