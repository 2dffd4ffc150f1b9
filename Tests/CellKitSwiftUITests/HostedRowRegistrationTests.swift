#if !canImport(UIKit)
import CellKit
import CellKitUIKit
@testable import CellKitSwiftUI
import DiffableStore
import Foundation
import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

// `registerHostedRow(itemType:row:hosting:)`, the registration beneath `registerSwiftUI`, on the UIKit hosts
// over the stand-in: a row made from the item and the cell's state, wrapped in a content configuration
// (here `Hosting`, in place of `UIHostingConfiguration`, which does not exist on Linux).

private struct Member: Hashable {
    var name: String
}

/// What a SwiftUI row would show: the item's name and the state it was made in.
private struct Row: Hashable {
    var name: String
    var selected: Bool
    var highlighted: Bool
}

/// A content configuration that hosts a row, as `UIHostingConfiguration` hosts a view.
private struct Hosting: UIContentConfiguration, Hashable {
    var row: Row

    @MainActor func makeContentView() -> any UIView & UIContentView { HostingView(configuration: self) }

    func updated(for state: any UIConfigurationState) -> Hosting { self }
}

/// The content view of `Hosting`: one point tall, as a line of text.
private final class HostingView: UIView, UIContentView {
    var configuration: any UIContentConfiguration

    init(configuration: Hosting) {
        self.configuration = configuration
        super.init(frame: .zero)
    }

    required init(frame: CGRect) {
        configuration = Hosting(row: Row(name: "", selected: false, highlighted: false))
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

private enum Section: Hashable { case main }

private final class Ref<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@MainActor
@Suite("Hosted row registration", .serialized)
struct HostedRowRegistrationTests {
    /// The hosts: a collection view with a flow and a list layout, and a table view.
    nonisolated static let kinds: [HostKind] = [.collection, .list, .table]

    private func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// The row the cell of an item hosts, `nil` without a cell or a hosting configuration.
    private func hosted(_ list: any HostHarness, _ item: Int) -> Row? {
        let cell = list.cell(at: path(item))
        let content =
            (cell as? UICollectionViewCell)?.contentConfiguration
            ?? (cell as? UITableViewCell)?.contentConfiguration
        return (content as? Hosting)?.row
    }

    /// The visible items' rows, as `name` plus ` ✓` when made selected and ` ↓` when made highlighted.
    private func shown(_ list: any HostHarness, count: Int) -> [String] {
        list.layoutIfNeeded()
        _ = list.render()
        return (0..<count).compactMap { item in
            hosted(list, item).map { $0.name + ($0.selected ? " ✓" : "") + ($0.highlighted ? " ↓" : "") }
        }
    }

    /// A screen of members whose rows are made from the item and the state, counting the rows made.
    private func members(_ kind: HostKind, height: Int, count: Int) throws -> (
        any HostHarness, UniversalDataSource<Section>, Ref<[String: Int]>
    ) {
        let list = kind.make(width: 20, height: height)
        let dataSource = list.makeDataSource(Section.self)
        let made = Ref<[String: Int]>([:])
        dataSource.registerHostedRow(itemType: Member.self) { member, state in
            made.value[member.name, default: 0] += 1
            return Row(name: member.name, selected: state.isSelected, highlighted: state.isHighlighted)
        } hosting: { row in
            Hosting(row: row)
        }
        var snapshot = Snapshot<Section, AnyHashable>()
        try snapshot.appendSections([.main])
        try snapshot.appendItems((0..<count).map { Member(name: "m\($0)") })
        try dataSource.apply(snapshot)
        return (list, dataSource, made)
    }

    @Test("each cell hosts a row made from its item, once per configuration", arguments: kinds)
    func hostsRows(kind: HostKind) throws {
        let (list, dataSource, made) = try members(kind, height: 10, count: 3)
        defer { withExtendedLifetime(dataSource) {} }
        #expect(shown(list, count: 3) == ["m0", "m1", "m2"])
        #expect(made.value == ["m0": 1, "m1": 1, "m2": 1])
        #expect(list.problems == [])
    }

    @Test("a state change hosts a new row made in the new state, in place", arguments: kinds)
    func stateChange(kind: HostKind) throws {
        let (list, dataSource, made) = try members(kind, height: 10, count: 3)
        defer { withExtendedLifetime(dataSource) {} }
        let cell = list.cell(at: path(1))
        let updates = list.performedUpdates
        list.select(path(1))
        list.highlight(path(2))
        #expect(shown(list, count: 3) == ["m0", "m1 ✓", "m2 ↓"])
        #expect(list.cell(at: path(1)) === cell)
        list.unhighlight()
        list.select(path(2))
        #expect(shown(list, count: 3) == ["m0", "m1", "m2 ✓"])
        #expect(made.value["m0"] == 1)
        #expect(list.performedUpdates == updates)
        #expect(list.problems == [])
    }

    @Test("a reused cell hosts its new item's row, never its last item's state", arguments: kinds)
    func reuse(kind: HostKind) throws {
        let (list, dataSource, _) = try members(kind, height: 2, count: 6)
        defer { withExtendedLifetime(dataSource) {} }
        list.select(path(0))
        list.highlight(path(1))
        #expect(shown(list, count: 6) == ["m0 ✓", "m1 ↓"])
        let made = list.viewsCreated
        list.unhighlight()
        list.scrollToEnd()
        // The cells m0 and m1 showed in now show m4 and m5: rows made for them, unselected.
        #expect(shown(list, count: 6) == ["m4", "m5"])
        #expect(list.viewsCreated == made)
        list.scroll(toLine: 0)
        #expect(shown(list, count: 6) == ["m0 ✓", "m1"])
        #expect(list.problems == [])
    }

    @Test("a reconfigured item hosts a row made from its new value", arguments: kinds)
    func reconfigure(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 10)
        let dataSource = list.makeDataSource(Section.self)
        defer { withExtendedLifetime(dataSource) {} }
        let names = Ref<[Int: String]>([0: "a", 1: "b"])
        dataSource.registerHostedRow(itemType: Int.self) { id, state in
            Row(name: names.value[id] ?? "?", selected: state.isSelected, highlighted: false)
        } hosting: { row in
            Hosting(row: row)
        }
        var snapshot = Snapshot<Section, AnyHashable>()
        try snapshot.appendSections([.main])
        try snapshot.appendItems([0, 1])
        try dataSource.apply(snapshot)
        #expect(shown(list, count: 2) == ["a", "b"])
        names.value[1] = "b, renamed"
        try snapshot.reconfigureItems([1])
        try dataSource.apply(snapshot)
        #expect(shown(list, count: 2) == ["a", "b, renamed"])
        #expect(list.problems == [])
    }
}
#endif
