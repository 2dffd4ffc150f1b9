#if !canImport(UIKit)
@_spi(ListHost) import CellKit
import CellKitPlugins
import CellKitUIKit
import DiffableStore
import HostHarness
import Testing
import UIKitStandIn

// The UIKit hosts show a `ContentUnavailable` description as the list view's `backgroundView`: a
// `UIContentUnavailableView` (iOS 17) whose configuration carries the description, or the app's own view.

@MainActor
@Suite("Content unavailable on the UIKit hosts")
struct ContentUnavailableHostTests {
    private static let failed = ContentUnavailable(
        image: "wifi.slash", text: "Could not load", secondaryText: "offline", buttonTitle: "Retry")

    @Test("a UIContentUnavailableView with the description's image, texts and button; nil shows the rows again")
    func systemView() throws {
        let collection = CollectionHarness(height: 5)
        let table = TableHarness(height: 5)
        let pressed = Ref(0)
        var content = Self.failed
        content.buttonAction = { pressed.value += 1 }
        for (host, backgroundView) in [
            (collection.host, { collection.collectionView.backgroundView }),
            (table.host, { table.tableView.backgroundView }),
        ] as [(any ListHost, () -> UIView?)] {
            host.showContentUnavailable(content)
            let view = try #require(backgroundView() as? UIContentUnavailableView)
            #expect(view._configuration.image?._systemName == "wifi.slash")
            #expect(view._configuration.text == "Could not load")
            #expect(view._configuration.secondaryText == "offline")
            #expect(view._configuration.button.title == "Retry")
            #expect(view._tapButton())
            host.showContentUnavailable(nil)
            #expect(backgroundView() == nil)
        }
        #expect(pressed.value == 2)
    }

    @Test("the app's own view, when it gives one, on both hosts (the view before iOS 17)")
    func appView() throws {
        let collection = CollectionHarness(height: 5)
        let table = TableHarness(height: 5)
        let made = Ref<[String]>([])
        let make: @MainActor (ContentUnavailable) -> UIView? = { content in
            made.value.append(content.text)
            return UIView()
        }
        collection.collectionHost.contentUnavailableView = make
        table.tableHost.contentUnavailableView = make
        collection.host.showContentUnavailable(Self.failed)
        table.host.showContentUnavailable(Self.failed)
        #expect(made.value == ["Could not load", "Could not load"])
        #expect(collection.collectionView.backgroundView != nil)
        #expect(!(collection.collectionView.backgroundView is UIContentUnavailableView))
        #expect(!(table.tableView.backgroundView is UIContentUnavailableView))
        #expect(table.tableView.backgroundView != nil)
    }
}
#endif
