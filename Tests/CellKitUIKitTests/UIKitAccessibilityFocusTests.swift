#if !canImport(UIKit)
@_spi(ListHost) import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(ListHost) import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

/// The UIKit hosts follow VoiceOver's cursor through `UIAccessibility.elementFocusedNotification`: the
/// element traced to the cell that holds it, the event naming the item the cell shows now (never the one a
/// reused cell showed before), the cursor kept on its cell through moves and lost with it.
@Suite("UIKit hosts' accessibility focus")
@MainActor
struct UIKitAccessibilityFocusTests {
    /// A host showing `names`, with an accessibility plugin, recording the accessibility-focus events and
    /// what the plugin hears.
    func host(_ kind: HostKind, height: Int = 10, showing names: [String]) throws -> (
        harness: any UIKitHostUnderTest, dataSource: UniversalDataSource<Section>, events: Ref<[String]>,
        plugin: AccessibilityPlugin
    ) {
        let (harness, dataSource) = try labelledUIKitHost(kind, height: height)
        let plugin = AccessibilityPlugin()
        try dataSource.attach(plugin)
        try dataSource.apply(makeSnapshot(names.map { Plain(name: $0) }))
        _ = harness.render()
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            switch event {
            case .didAccessibilityFocus, .didAccessibilityUnfocus: events.value.append("\(event)")
            default: break
            }
        }
        plugin.onAccessibilityFocusChange = { item in events.value.append("plugin: \(item.map { "\($0)" } ?? "nil")") }
        return (harness, dataSource, events, plugin)
    }

    func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// Posts the notification as UIKit does when VoiceOver focuses `element`.
    func voiceOverFocuses(_ element: UIView, in harness: any UIKitHostUnderTest) {
        NotificationCenter.default.post(
            name: UIAccessibility.elementFocusedNotification, object: nil,
            userInfo: [UIAccessibility.focusedElementUserInfoKey: element])
        harness.layoutIfNeeded()  // delivers the events UIKit reported
    }

    /// Where a cell is shown now.
    func indexPath(of cell: UIView, in harness: any UIKitHostUnderTest) -> ListIndexPath? {
        if let view = harness.listView as? UICollectionView, let cell = cell as? UICollectionViewCell {
            return view.indexPath(for: cell).flatMap(ListIndexPath.init)
        }
        if let view = harness.listView as? UITableView, let cell = cell as? UITableViewCell {
            return view.indexPath(for: cell).flatMap(ListIndexPath.init)
        }
        return nil
    }

    @Test(
        "VoiceOver's cursor moving between rows and off the list is reported by item, to handlers and the plugin",
        arguments: [HostKind.collection, .table])
    func moves(_ kind: HostKind) throws {
        let (harness, dataSource, events, plugin) = try host(kind, showing: ["a", "b", "c"])
        defer { withExtendedLifetime(dataSource) {} }
        #expect(harness.accessibilityFocus(path(0)))
        #expect(harness.accessibilityFocus(path(2)))
        #expect(plugin.accessibilityFocusedItem == AnyHashable(Plain(name: "c")))
        #expect(harness.accessibilityFocus(nil))
        #expect(plugin.accessibilityFocusedItem == nil)
        #expect(
            events.value == [
                "plugin: a", "didAccessibilityFocus a at 0.0", "plugin: nil", "didAccessibilityUnfocus a at 0.0",
                "plugin: c", "didAccessibilityFocus c at 0.2", "plugin: nil", "didAccessibilityUnfocus c at 0.2",
            ])
    }

    @Test(
        "an element inside a cell names the cell's item; an element of another list takes the cursor off this one",
        arguments: [HostKind.collection, .table])
    func elements(_ kind: HostKind) throws {
        let (harness, dataSource, events, _) = try host(kind, showing: ["a", "b"])
        let (other, otherSource, otherEvents, _) = try host(kind, showing: ["x", "y"])
        defer { withExtendedLifetime((dataSource, otherSource)) {} }
        let cell = try #require(harness.visibleCell(at: path(1).indexPath))
        let label = UIView(frame: .zero)
        cell.addSubview(label)
        voiceOverFocuses(label, in: harness)
        #expect(events.value == ["plugin: b", "didAccessibilityFocus b at 0.1"])
        events.value = []
        other.accessibilityFocus(path(0))
        #expect(events.value == ["plugin: nil", "didAccessibilityUnfocus b at 0.1"])
        #expect(otherEvents.value == ["plugin: x", "didAccessibilityFocus x at 0.0"])
    }

    @Test(
        "the cursor stays on its item's cell through a move and goes with the cell when the item is deleted or reloaded",
        arguments: [HostKind.collection, .table])
    func throughApplies(_ kind: HostKind) throws {
        let (harness, dataSource, events, plugin) = try host(kind, showing: ["a", "b", "c", "d"])
        harness.accessibilityFocus(path(1))
        try dataSource.apply(makeSnapshot(plains("a", "d", "c", "b")))
        #expect(harness.accessibilityFocusedIndexPath == path(3))
        // VoiceOver touching the same cell again: the same item, no new event.
        harness.accessibilityFocus(path(3))
        #expect(events.value == ["plugin: b", "didAccessibilityFocus b at 0.1"])
        events.value = []
        try dataSource.apply(makeSnapshot(plains("a", "d", "c")))
        #expect(harness.accessibilityFocusedIndexPath == nil)
        #expect(events.value == ["plugin: nil", "didAccessibilityUnfocus b at 0.3"])
        harness.accessibilityFocus(path(2))
        events.value = []
        var snapshot = dataSource.snapshot()
        try snapshot.reloadItems([Plain(name: "c")])
        try dataSource.apply(snapshot)
        #expect(events.value == ["plugin: nil", "didAccessibilityUnfocus c at 0.2"])
        #expect(plugin.accessibilityFocusedItem == nil)
        #expect(harness.problems == [])
    }

    @Test(
        "a cell scrolled away loses the cursor, and once reused it names the item it shows now",
        arguments: [HostKind.collection, .table])
    func reuse(_ kind: HostKind) throws {
        let names = (0..<30).map { "row\($0)" }
        let (harness, dataSource, events, _) = try host(kind, height: 3, showing: names)
        defer { withExtendedLifetime(dataSource) {} }
        let cell = try #require(harness.visibleCell(at: path(0).indexPath))
        harness.accessibilityFocus(path(0))
        harness.scrollToEnd()
        #expect(harness.accessibilityFocusedIndexPath == nil)
        #expect(
            events.value == [
                "plugin: row0", "didAccessibilityFocus row0 at 0.0", "plugin: nil",
                "didAccessibilityUnfocus row0 at 0.0",
            ])
        // The cell now shows another row; VoiceOver landing on it names that row.
        let now = try #require(indexPath(of: cell, in: harness))
        #expect(now.item > 20)
        events.value = []
        voiceOverFocuses(cell, in: harness)
        #expect(events.value == ["plugin: row\(now.item)", "didAccessibilityFocus row\(now.item) at \(now)"])
    }
}
#endif
