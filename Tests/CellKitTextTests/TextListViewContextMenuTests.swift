import CellKit
import CellKitPlugins
import CellKitTesting
import CellKitText
import DiffableStore
import Foundation
import SeededRandom
import Testing

struct MenuMail: Hashable, Identifiable {
    var id: Int
    var subject: String
}

/// The text host's context menu: rendered under its row, tied to its item through applies, chosen by
/// title, closed by escape; and, in seeded random sequences, part of the state a brand-new list shows.
@Suite("TextListView context menus")
@MainActor
struct TextListViewContextMenuTests {
    let list: TextListView
    let dataSource: UniversalDataSource<Int>
    /// The mails shown, and what the actions received (`"<action> <id> <subject>"`).
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    let mails = Box<[MenuMail]>([])
    let received = Box<[String]>([])

    init(height: Int = 8) throws {
        list = TextListView(width: 24, height: height)
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: MenuMail.self, cellType: TextCell.self) { cell, _, mail in
            cell.text = "mail \(mail.subject)"
        }
        try dataSource.attach(
            ContextMenuPlugin().menu(MenuMail.self) { [mails, received, unowned dataSource] mail in
                let apply = { try? dataSource.apply(Self.snapshot(mails.value)) }
                let move = { (top: Bool) in
                    ContextMenuAction(top ? "To top" : "To bottom", for: MenuMail.self) { mail in
                        received.value.append("move \(mail.id) \(mail.subject)")
                        mails.value.removeAll { $0.id == mail.id }
                        top ? mails.value.insert(mail, at: 0) : mails.value.append(mail)
                        apply()
                    }
                }
                return ContextMenu(
                    mail.subject,
                    children: [
                        .action(
                            ContextMenuAction("Reply", for: MenuMail.self) {
                                received.value.append("reply \($0.id) \($0.subject)")
                            }
                        ),
                        .submenu(ContextMenu("Move", children: [.action(move(true)), .action(move(false))])),
                        .action(
                            ContextMenuAction("Pin", isDisabled: true, for: MenuMail.self) { _ in
                                received.value.append("pin")
                            }),
                        .action(
                            ContextMenuAction("Delete", isDestructive: true, for: MenuMail.self) { mail in
                                received.value.append("delete \(mail.id) \(mail.subject)")
                                mails.value.removeAll { $0.id == mail.id }
                                apply()
                            }),
                    ])
            })
    }

    static func snapshot(_ mails: [MenuMail]) throws -> Snapshot<Int, AnyHashable> {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(mails.map(AnyHashable.init), toSection: 0)
        return snapshot
    }

    func show(_ shown: [MenuMail]) throws {
        mails.value = shown
        try dataSource.apply(Self.snapshot(shown))
    }

    @Test("the menu renders under its row; a submenu shows its entries; escape closes it")
    func rendersUnderRow() throws {
        try show([MenuMail(id: 1, subject: "a"), MenuMail(id: 2, subject: "b")])
        #expect(list.openContextMenu(ListIndexPath(item: 1, section: 0)) == ["Reply", "Move", "Pin", "Delete"])
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
                "mail a", "mail b", "+ b", "| 1 Reply", "| 2 Move >", "| 3 Pin (disabled)", "| 4 Delete (destructive)",
                "+-------------------",
            ])
        #expect(list.chooseContextMenuEntry("Move"))
        #expect(list.offeredContextMenuEntries == ["To top", "To bottom"])
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
                "mail a", "mail b", "+ b > Move", "| 1 To top", "| 2 To bottom", "+-------------------", "", "",
            ])
        list.closeContextMenu()
        #expect(list.offeredContextMenuEntries == ["Reply", "Move", "Pin", "Delete"])
        list.closeContextMenu()
        #expect(list.contextMenuIndexPath == nil)
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.prefix(3) == [
                "mail a", "mail b", "",
            ])
        #expect(received.value == [])
    }

    @Test("a menu's text preview shows under its title on its first level; a brand-new list shows the same")
    func textPreview() throws {
        let list = TextListView(width: 24, height: 8)
        let dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCell(itemType: MenuMail.self, cellType: TextCell.self) { cell, _, mail in
            cell.text = "mail \(mail.subject)"
        }
        try dataSource.attach(
            ContextMenuPlugin().menu(MenuMail.self) { mail in
                let flag = ContextMenu("More", children: [.action(ContextMenuAction("Flag") { _ in })])
                return ContextMenu(
                    mail.subject, children: [.action(ContextMenuAction("Reply") { _ in }), .submenu(flag)]
                )
                .previewing(text: { "Re: \(mail.subject)\nfrom Ann" })
            })
        try dataSource.apply(Self.snapshot([MenuMail(id: 1, subject: "a"), MenuMail(id: 2, subject: "b")]))
        #expect(list.openContextMenu(ListIndexPath(item: 0, section: 0)) == ["Reply", "More"])
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
                "mail a", "+ a", ": Re: a", ": from Ann", "| 1 Reply", "| 2 More >", "+-------------------", "",
            ])
        #expect(freshListDifference(list, dataSource) == nil)
        #expect(list.chooseContextMenuEntry("More"))
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.prefix(4) == [
                "mail a", "+ a > More", "| 1 Flag", "+-------------------",
            ])
    }

    @Test("the menu shows above its row when it does not fit below")
    func rendersAbove() throws {
        try show((1...8).map { MenuMail(id: $0, subject: "m\($0)") })
        #expect(list.openContextMenu(ListIndexPath(item: 7, section: 0)) != nil)
        #expect(
            list.render().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
                "mail m1", "+ m8", "| 1 Reply", "| 2 Move >", "| 3 Pin (disabled)", "| 4 Delete (destructive)",
                "+-------------------", "mail m8",
            ])
    }

    @Test("the menu follows its row through an apply that moves it, and closes when its item is deleted")
    func followsItsItem() throws {
        try show([MenuMail(id: 1, subject: "a"), MenuMail(id: 2, subject: "b"), MenuMail(id: 3, subject: "c")])
        list.openContextMenu(ListIndexPath(item: 0, section: 0))
        try show([MenuMail(id: 3, subject: "c"), MenuMail(id: 2, subject: "b"), MenuMail(id: 1, subject: "a, edited")])
        #expect(list.contextMenuIndexPath == ListIndexPath(item: 2, section: 0))
        #expect(freshListDifference(list, dataSource) == nil)
        #expect(list.chooseContextMenuEntry("Reply"))
        #expect(received.value == ["reply 1 a, edited"])
        list.openContextMenu(ListIndexPath(item: 1, section: 0))
        try show([MenuMail(id: 3, subject: "c")])
        #expect(list.contextMenuIndexPath == nil)
        #expect(!list.chooseContextMenuEntry("Delete"))
        #expect(received.value == ["reply 1 a, edited"])
    }

    /// Steps per run: 300 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(300)

    @Test(
        "seeded random applies, scrolls, and menus opened, chosen and closed show what a brand-new list shows",
        arguments: [UInt64(1), 2, 3])
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        var nextID = 1
        func newMail() -> MenuMail {
            defer { nextID += 1 }
            return MenuMail(id: nextID, subject: "n\(nextID)")
        }
        try show((0..<6).map { _ in newMail() })
        /// The item the open menu was opened for, by id.
        var openedFor: Int?
        for step in 0..<Self.steps {
            let before = received.value.count
            let menuItem = openedFor
            let subject = mails.value.first { $0.id == menuItem }?.subject
            switch int(0..<7) {
            case 0, 1:
                var edited = mails.value
                for _ in 0..<int(1..<4) {
                    switch int(0..<4) {
                    case 0 where !edited.isEmpty: edited.remove(at: int(0..<edited.count))
                    case 1: edited.insert(newMail(), at: int(0..<(edited.count + 1)))
                    case 2 where edited.count > 1:
                        edited.insert(edited.remove(at: int(0..<edited.count)), at: int(0..<edited.count))
                    case 3 where !edited.isEmpty: edited[int(0..<edited.count)].subject += "'"
                    default: break
                    }
                }
                try show(edited)
            case 2:
                list.scroll(toLine: int(0..<(max(1, list.contentHeight - list.height + 2))))
            case 3:
                guard let path = list.indexPathsForVisibleItems.randomElement(using: &random) else { break }
                #expect(list.openContextMenu(path) != nil)
                openedFor = (dataSource.item(at: path)?.base as? MenuMail)?.id
            case 4, 5:
                guard let entry = list.offeredContextMenuEntries.randomElement(using: &random) else { break }
                let chosen = list.chooseContextMenuEntry(entry)
                #expect(chosen == (entry != "Pin"), "step \(step)")
            default:
                list.closeContextMenu()
            }
            if list.contextMenuIndexPath == nil { openedFor = nil }
            if let path = list.contextMenuIndexPath {
                // Tied to its item: the row under the menu is the item it was opened for.
                #expect((dataSource.item(at: path)?.base as? MenuMail)?.id == openedFor, "seed \(seed) step \(step)")
            }
            for record in received.value.dropFirst(before) {
                // An action got the item it was opened for, as it was when chosen.
                let parts = record.split(separator: " ", maxSplits: 2).map(String.init)
                #expect(
                    parts.count == 3 && Int(parts[1]) == menuItem && parts[2] == subject, "seed \(seed) step \(step)")
            }
            if let difference = freshListDifference(list, dataSource) {
                Issue.record("seed \(seed) step \(step): \(difference)")
                return
            }
        }
        #expect(received.value.count > 10 || SeededRuns.isShortened())
    }
}
