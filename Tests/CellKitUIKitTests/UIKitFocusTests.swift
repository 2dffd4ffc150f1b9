#if !canImport(UIKit)
@_spi(ListHost) import CellKit
import CellKitPlugins
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
@_spi(ListHost) import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

/// The UIKit hosts' focus over the stand-in's focus engine: the list view set up as the data source's
/// focus plugin asks, `canFocusItemAt` from its registrations, focus events named by identity, the
/// selection following the focus, and the focus kept on its item (or handed to its neighbour) by batches.
@Suite("UIKit hosts' focus")
@MainActor
struct UIKitFocusTests {
    /// A host showing `names` with a focus plugin under which "locked" rows cannot take the focus.
    func focusHost(
        _ kind: HostKind, showing names: [String], selectionFollowsFocus: Bool = false, remembers: Bool = false
    ) throws -> (harness: any UIKitHostUnderTest, dataSource: UniversalDataSource<Section>, events: Ref<[String]>) {
        let (harness, dataSource) = try labelledUIKitHost(kind)
        try dataSource.attach(
            FocusPlugin(selectionFollowsFocus: selectionFollowsFocus, remembersLastFocusedIndexPath: remembers)
                .focusable(Plain.self) { !$0.name.hasPrefix("locked") })
        try dataSource.apply(makeSnapshot(names.map { Plain(name: $0) }))
        _ = harness.render()
        let events = Ref<[String]>([])
        dataSource.onEvent = { event in
            switch event {
            case .didFocus, .didUnfocus, .didSelect, .didDeselect: events.value.append("\(event)")
            default: break
            }
        }
        return (harness, dataSource, events)
    }

    func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// The list view's focus properties: allowsFocus, selectionFollowsFocus, remembersLastFocusedIndexPath.
    func settings(_ harness: any UIKitHostUnderTest) -> [Bool] {
        if let view = harness.listView as? UICollectionView {
            return [view.allowsFocus, view.selectionFollowsFocus, view.remembersLastFocusedIndexPath]
        }
        let view = harness.listView as! UITableView
        return [view.allowsFocus, view.selectionFollowsFocus, view.remembersLastFocusedIndexPath]
    }

    @Test("the list view is set up as the focus plugin asks", arguments: [HostKind.collection, .table])
    func setUp(_ kind: HostKind) throws {
        let (plain, plainSource) = try labelledUIKitHost(kind, showing: plains("a", "b"))
        defer { withExtendedLifetime(plainSource) {} }
        #expect(settings(plain) == [false, false, false])
        // Without a focus plugin, the list view decides (the stand-in's cells take no focus by default).
        #expect(!plain.focus(path(0)))
        let (harness, dataSource, _) = try focusHost(
            kind, showing: ["a"], selectionFollowsFocus: true, remembers: true)
        defer { withExtendedLifetime(dataSource) {} }
        // remembersLastFocusedIndexPath stays off: the host remembers the item by identity.
        #expect(settings(harness) == [true, true, false])
    }

    @Test(
        "canFocusItemAt follows the registrations; a refused focus changes nothing; events name the item",
        arguments: [HostKind.collection, .table])
    func canFocus(_ kind: HostKind) throws {
        let (harness, dataSource, events) = try focusHost(kind, showing: ["a", "locked", "c"])
        defer { withExtendedLifetime(dataSource) {} }
        let accepted = [harness.focus(path(0)), harness.focus(path(1))]
        #expect(accepted == [true, false])
        #expect(harness.focusedIndexPath == path(0))
        let more = [harness.focus(path(2)), harness.focus(nil)]
        #expect(more == [true, true])
        #expect(
            events.value == ["didFocus a at 0.0", "didUnfocus a at 0.0", "didFocus c at 0.2", "didUnfocus c at 0.2"])
    }

    @Test(
        "the focus follows its item through a move, and goes to the item that took its place when it is deleted",
        arguments: [HostKind.collection, .table])
    func followsItsItem(_ kind: HostKind) throws {
        let (harness, dataSource, events) = try focusHost(kind, showing: ["a", "b", "c", "d"])
        harness.focus(path(1))
        try dataSource.apply(makeSnapshot(plains("a", "d", "c", "b")))
        #expect(harness.focusedIndexPath == path(3))
        events.value = []
        try dataSource.apply(makeSnapshot(plains("a", "d", "c")))
        #expect(harness.focusedIndexPath == path(2))
        #expect(events.value == ["didUnfocus b at 0.3", "didFocus c at 0.2"])
        // The item after it, not the first item, takes the focus; a locked one is passed over.
        harness.focus(path(0))
        events.value = []
        try dataSource.apply(makeSnapshot(plains("locked", "c")))
        #expect(harness.focusedIndexPath == path(1))
        #expect(events.value == ["didUnfocus a at 0.0", "didFocus c at 0.1"])
        #expect(harness.problems == [])
    }

    @Test(
        "with selectionFollowsFocus the focused item is selected; a focus moved by an apply selects nothing",
        arguments: [HostKind.collection, .table])
    func selectionFollowsFocus(_ kind: HostKind) throws {
        let (harness, dataSource, events) = try focusHost(
            kind, showing: ["a", "b", "c"], selectionFollowsFocus: true)
        harness.focus(path(0))
        harness.focus(path(1))
        #expect(harness.selectedIndexPaths == [path(1)])
        #expect(
            events.value == [
                "didFocus a at 0.0", "didSelect a at 0.0", "didUnfocus a at 0.0", "didFocus b at 0.1",
                "didDeselect a at 0.0", "didSelect b at 0.1",
            ])
        try dataSource.apply(makeSnapshot(plains("a", "c")))
        #expect(harness.focusedIndexPath == path(1))
        #expect(harness.selectedIndexPaths == [])
    }

    @Test(
        "with remembersLastFocusedIndexPath, focus coming back goes to the item focused last, wherever it moved",
        arguments: [HostKind.collection, .table])
    func remembers(_ kind: HostKind) throws {
        let (harness, dataSource, _) = try focusHost(kind, showing: ["a", "b", "c"], remembers: true)
        harness.focus(path(1))
        harness.focus(nil)
        try dataSource.apply(makeSnapshot(plains("b", "c", "a")))
        #expect(harness.listView._focusIntoView().flatMap(ListIndexPath.init) == path(0))
        #expect(harness.focusedIndexPath == path(0))
        // Without it, the focus engine's own choice: the first item that can take the focus.
        let (other, otherSource, _) = try focusHost(kind, showing: ["locked", "b", "c"])
        other.focus(path(2))
        other.focus(nil)
        try otherSource.apply(makeSnapshot(plains("locked", "c", "b")))
        #expect(other.listView._focusIntoView().flatMap(ListIndexPath.init) == path(1))
    }
}
#endif
