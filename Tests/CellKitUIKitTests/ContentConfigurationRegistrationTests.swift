#if !canImport(UIKit)
import CellKit
@_spi(Testing) import CellKitUIKit
import DiffableStore
import Foundation
import HostHarness
import Testing
@_spi(Simulation) import UIKitStandIn

// `registerContent(itemType:content:background:)` on the UIKit hosts: cells that show a content and a
// background configuration made from the item and the cell's state.

private struct Member: Hashable {
    var name: String
}

private struct Group: Hashable {
    var name: String
}

/// A content-configured cell as a line: its list content's text and secondary text, and its background's
/// colour in brackets.
@MainActor
private func line(_ cell: AnyObject?) -> String? {
    let content: (any UIContentConfiguration)?
    let background: UIBackgroundConfiguration?
    switch cell {
    case let cell as UICollectionViewCell:
        (content, background) = (cell.contentConfiguration, cell.backgroundConfiguration)
    case let cell as UITableViewCell: (content, background) = (cell.contentConfiguration, cell.backgroundConfiguration)
    default: return nil
    }
    guard let list = content as? UIListContentConfiguration else { return "?" }
    return [list.text, list.secondaryText].compactMap { $0 }.joined(separator: "/")
        + (background?.backgroundColor.map { " [\($0)]" } ?? "")
}

/// A content configuration of a user's own, which records the state it was last updated for.
private struct BadgeConfiguration: UIContentConfiguration, Hashable {
    var title: String
    var updatedForSelected: Bool?

    @MainActor func makeContentView() -> any UIView & UIContentView {
        BadgeView.made += 1
        return BadgeView(configuration: self)
    }

    func updated(for state: any UIConfigurationState) -> BadgeConfiguration {
        var updated = self
        updated.updatedForSelected = (state as? UICellConfigurationState)?.isSelected
        return updated
    }
}

/// The content view of `BadgeConfiguration`, counting how many were made.
private final class BadgeView: UIView, UIContentView {
    static var made = 0
    var configuration: any UIContentConfiguration

    init(configuration: BadgeConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
    }

    required init(frame: CGRect) {
        configuration = BadgeConfiguration(title: "")
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    /// One point tall, as a line of text.
    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: 1)
    }
}

@MainActor
@Suite("Content configuration registration", .serialized)
struct ContentConfigurationRegistrationTests {
    /// The hosts: a collection view with a flow and a list layout, and a table view.
    nonisolated static let kinds: [HostKind] = [.collection, .list, .table]

    private func path(_ item: Int) -> ListIndexPath { ListIndexPath(item: item, section: 0) }

    /// The visible items' lines, top to bottom.
    private func shown(_ list: any HostHarness, count: Int) -> [String] {
        list.layoutIfNeeded()
        _ = list.render()
        return (0..<count).compactMap { line(list.cell(at: path($0))) }
    }

    /// A screen of members: the content reads the state (a checkmark when selected, the secondary text
    /// while highlighted), the background is blue when selected.
    private func members(_ kind: HostKind, height: Int, count: Int) throws -> (
        any HostHarness, UniversalDataSource<Section>, Ref<[String: Int]>
    ) {
        let list = kind.make(width: 20, height: height)
        let dataSource = list.makeDataSource(Section.self)
        let asked = Ref<[String: Int]>([:])
        dataSource.registerContent(itemType: Member.self) { member, state in
            asked.value[member.name, default: 0] += 1
            var content = UIListContentConfiguration.subtitleCell()
            content.text = member.name + (state.isSelected ? " ✓" : "")
            content.secondaryText = state.isHighlighted ? "down" : nil
            return content
        } background: { _, state in
            var background = UIBackgroundConfiguration.clear()
            background.backgroundColor = state.isSelected ? .systemBlue : nil
            return background
        }
        try dataSource.apply(makeSnapshot((0..<count).map { Member(name: "m\($0)") }))
        return (list, dataSource, asked)
    }

    @Test("the host's cell shows the configurations made for its item and state", arguments: kinds)
    func applied(kind: HostKind) throws {
        let (list, dataSource, asked) = try members(kind, height: 10, count: 3)
        defer { withExtendedLifetime(dataSource) {} }
        #expect(shown(list, count: 3) == ["m0", "m1", "m2"])
        let cell = try #require(list.cell(at: path(0)))
        let expectedClass = kind == .table ? "ContentConfigurationTableCell" : "ContentConfigurationCell"
        #expect(String(describing: type(of: cell)) == expectedClass)
        #expect(asked.value == ["m0": 1, "m1": 1, "m2": 1])
        #expect(list.problems == [])
    }

    @Test("a state change asks the registration again, in place, without a reload", arguments: kinds)
    func stateChange(kind: HostKind) throws {
        let (list, dataSource, asked) = try members(kind, height: 10, count: 3)
        defer { withExtendedLifetime(dataSource) {} }
        let cell = list.cell(at: path(1))
        let updates = list.performedUpdates
        let made = list.viewsCreated
        list.select(path(1))
        list.highlight(path(2))
        #expect(shown(list, count: 3) == ["m0", "m1 ✓ [systemBlue]", "m2/down"])
        #expect(list.cell(at: path(1)) === cell)
        #expect(asked.value["m1"] == 2)
        list.unhighlight()
        list.select(path(2))
        #expect(shown(list, count: 3) == ["m0", "m1", "m2 ✓ [systemBlue]"])
        #expect(list.performedUpdates == updates)
        #expect(list.viewsCreated == made)
        #expect(list.problems == [])
    }

    @Test(
        "a configuration of your own: one content view per cell, the configuration updated for the cell's state",
        arguments: kinds)
    func ownConfiguration(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 10)
        let dataSource = list.makeDataSource(Section.self)
        defer { withExtendedLifetime(dataSource) {} }
        dataSource.registerContent(itemType: Member.self) { member, _ in BadgeConfiguration(title: member.name) }
        try dataSource.apply(makeSnapshot([Member(name: "a"), Member(name: "b")]))
        BadgeView.made = 0
        list.layoutIfNeeded()
        let badge = { (item: Int) in
            ((list.cell(at: self.path(item)) as? UICollectionViewCell)?.contentConfiguration
                ?? (list.cell(at: self.path(item)) as? UITableViewCell)?.contentConfiguration) as? BadgeConfiguration
        }
        list.select(path(1))
        _ = list.render()
        #expect(badge(0) == BadgeConfiguration(title: "a", updatedForSelected: false))
        #expect(badge(1) == BadgeConfiguration(title: "b", updatedForSelected: true))
        // The state change gave the cell's content view the new configuration: no new content view.
        #expect(BadgeView.made == 0)
        #expect(list.problems == [])
    }

    @Test("a reused cell gets configurations made for its new item, never its last one's", arguments: kinds)
    func reuse(kind: HostKind) throws {
        let list = kind.make(width: 20, height: 2)
        let dataSource = list.makeDataSource(Section.self)
        defer { withExtendedLifetime(dataSource) {} }
        dataSource.registerContent(itemType: Member.self) { member, state in
            var content = UIListContentConfiguration.cell()
            content.text = member.name + (state.isSelected ? " ✓" : "")
            return content
        } background: { _, state in
            var background = UIBackgroundConfiguration.clear()
            background.backgroundColor = state.isSelected ? .systemBlue : .systemYellow
            return background
        }
        // Groups share the cell class, without a background: a cell a member showed in gives it back.
        dataSource.registerContent(itemType: Group.self) { group, _ in
            var content = UIListContentConfiguration.cell()
            content.text = "group " + group.name
            return content
        }
        let items: [AnyHashable] = [Member(name: "a"), Member(name: "b"), Group(name: "c"), Group(name: "d")]
        try dataSource.apply(makeSnapshot(items))
        list.select(path(0))
        let made = list.viewsCreated
        #expect(shown(list, count: 4) == ["a ✓ [systemBlue]", "b [systemYellow]"])
        list.scrollToEnd()
        #expect(shown(list, count: 4) == ["group c", "group d"])
        #expect(list.viewsCreated == made)
        list.scroll(toLine: 0)
        #expect(shown(list, count: 4) == ["a ✓ [systemBlue]", "b [systemYellow]"])
        #expect(list.problems == [])
    }

    @Test("an item whose state changed off screen shows it when it comes into view", arguments: kinds)
    func offScreen(kind: HostKind) throws {
        let (list, dataSource, _) = try members(kind, height: 2, count: 6)
        defer { withExtendedLifetime(dataSource) {} }
        list.select(path(0))
        #expect(shown(list, count: 6) == ["m0 ✓ [systemBlue]", "m1"])
        list.scrollToEnd()
        #expect(shown(list, count: 6) == ["m4", "m5"])
        list.deselectAll()
        list.scroll(toLine: 0)
        #expect(shown(list, count: 6) == ["m0", "m1"])
        #expect(list.problems == [])
    }
}
#endif
