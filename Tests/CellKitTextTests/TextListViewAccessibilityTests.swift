@_spi(ListHost) import CellKit
import CellKitPlugins
import CellKitTesting
import CellKitText
import DiffableStore
import Foundation
import SeededRandom
import Testing

struct SpokenMail: Hashable, Identifiable {
    var id: Int
    var sender: String
    var isRead = false
}

/// The text host as a VoiceOver user meets it: what it reads on the visible rows (label, value,
/// traits, hint, custom actions) and custom actions performed by name, acting on the row's item by
/// identity, through swipe actions, context menus and reordering.
@Suite("TextListView accessibility")
@MainActor
struct TextListViewAccessibilityTests {
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    let list = TextListView(width: 24, height: 4)
    let dataSource: UniversalDataSource<Int>
    let mails = Box<[SpokenMail]>([])
    let received = Box<[String]>([])

    init() throws {
        dataSource = UniversalDataSource(host: list)
        dataSource.registerCell(itemType: SpokenMail.self, cellType: TextCell.self) { cell, _, mail in
            cell.text = "  \(mail.sender)  "
        }
        try dataSource.attach(
            AccessibilityPlugin().describe(SpokenMail.self) { mail in
                mail.sender == "Plain"
                    ? nil
                    : AccessibilityDescription(
                        label: "Mail from \(mail.sender)", value: mail.isRead ? nil : "unread", hint: "Opens the mail",
                        traits: [.button])
            },
            SwipeActionsPlugin().trailing(SpokenMail.self) { [mails, received, unowned dataSource] _ in
                [
                    SwipeAction("Delete", isDestructive: true, for: SpokenMail.self) { mail, done in
                        received.value.append("delete \(mail.id) \(mail.sender)")
                        mails.value.removeAll { $0.id == mail.id }
                        try? dataSource.apply(Self.snapshot(mails.value))
                        done(true)
                    }
                ]
            },
            ContextMenuPlugin().menu(SpokenMail.self) { [received] mail in
                ContextMenu(
                    mail.sender,
                    children: [
                        .action(
                            ContextMenuAction("Reply", for: SpokenMail.self) { received.value.append("reply \($0.id)") }
                        ),
                        .action(ContextMenuAction("Pin", isDisabled: true, for: SpokenMail.self) { _ in }),
                        .action(
                            ContextMenuAction("Delete", for: SpokenMail.self) { _ in received.value.append("menu") }),
                        .submenu(
                            ContextMenu(
                                "Mark", children: [.action(ContextMenuAction("Read", for: SpokenMail.self) { _ in })])),
                    ])
            })
    }

    static func snapshot(_ mails: [SpokenMail]) throws -> Snapshot<Int, AnyHashable> {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(mails.map(AnyHashable.init), toSection: 0)
        return snapshot
    }

    func show(_ shown: [SpokenMail]) throws {
        mails.value = shown
        try dataSource.apply(Self.snapshot(shown))
    }

    @Test("the rendering reads label, value, traits, hint and custom actions of each visible row")
    func rendering() throws {
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try show([
            SpokenMail(id: 1, sender: "Ann"), SpokenMail(id: 2, sender: "Bob", isRead: true),
            SpokenMail(id: 3, sender: "Plain"), SpokenMail(id: 4, sender: "Dan"), SpokenMail(id: 5, sender: "Eve"),
        ])
        #expect(list.select(at(0, 1)))
        #expect(
            list.renderAccessibility() == """
                Mail from Ann, unread, button. Opens the mail. Actions: Delete, Reply, Mark > Read, Move down
                Mail from Bob, button, selected. Opens the mail. Actions: Delete, Reply, Mark > Read, Move up, Move down
                Plain. Actions: Delete, Reply, Mark > Read, Move up, Move down, Move to top
                Mail from Dan, unread, button. Opens the mail. Actions: Delete, Reply, Mark > Read, Move up, Move down, Move to top
                """)
    }

    @Test("without reordering no move is offered; a vetoed move is not offered")
    func movesFollowTheReordering() throws {
        try show([SpokenMail(id: 1, sender: "Ann"), SpokenMail(id: 2, sender: "Bob"), SpokenMail(id: 3, sender: "Cy")])
        #expect(list.accessibilityCustomActions(at: at(0, 2)) == ["Delete", "Reply", "Mark > Read"])
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        // Nothing may go to the top.
        dataSource.reorderingHandlers.targetIndexPath = { _, proposed in proposed.item == 0 ? nil : proposed }
        #expect(list.accessibilityCustomActions(at: at(0, 2)) == ["Delete", "Reply", "Mark > Read", "Move up"])
        #expect(list.accessibilityCustomActions(at: at(0, 1)) == ["Delete", "Reply", "Mark > Read", "Move down"])
        #expect(list.accessibilityCustomActions(at: at(0, 7)) == [])
        #expect(!list.performAccessibilityAction("Move to top", on: at(0, 2)))
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3].map { AnyHashable(mails.value[$0 - 1]) })
    }

    @Test("Delete and Move up performed by name act on the row's item")
    func performByName() throws {
        let moves = Box<[String]>([])
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.willReorder = { moves.value.append("will \($0.source) \($0.destination)") }
        dataSource.reorderingHandlers.didReorder = { moves.value.append("did \($0.item.base as! SpokenMail)") }
        try show([SpokenMail(id: 1, sender: "Ann"), SpokenMail(id: 2, sender: "Bob"), SpokenMail(id: 3, sender: "Cy")])
        #expect(list.performAccessibilityAction("Delete", on: at(0, 1)))
        #expect(received.value == ["delete 2 Bob"])
        #expect(list.performAccessibilityAction("Move up", on: at(0, 1)))
        #expect(list.performAccessibilityAction("Reply", on: at(0, 0)))
        #expect(received.value == ["delete 2 Bob", "reply 3"])
        #expect(moves.value.count == 2)
        #expect(
            list.renderAccessibility() == """
                Mail from Cy, unread, button. Opens the mail. Actions: Delete, Reply, Mark > Read, Move down
                Mail from Ann, unread, button. Opens the mail. Actions: Delete, Reply, Mark > Read, Move up
                """)
        #expect(!list.performAccessibilityAction("Forward", on: at(0, 0)))
        #expect(!list.performAccessibilityAction("Pin", on: at(0, 0)))
        #expect(!list.performAccessibilityAction("Delete", on: at(0, 5)))
        #expect(received.value == ["delete 2 Bob", "reply 3"])
    }

    @Test("an action kept from before an apply acts on its item where it is now, and not once it is gone")
    func actionsFollowIdentity() throws {
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        try show([SpokenMail(id: 1, sender: "Ann"), SpokenMail(id: 2, sender: "Bob"), SpokenMail(id: 3, sender: "Cy")])
        let host = try #require(list.dataSource as? any ListHostAccessibility)
        let element = try #require(host.accessibilityElement(at: at(0, 1), includingMenuActions: true, in: list))
        let action = { (name: String) in element.customActions.first { $0.name == name } }
        // Rows inserted above Bob, and Bob's content changed.
        try show([
            SpokenMail(id: 7, sender: "New"), SpokenMail(id: 1, sender: "Ann"),
            SpokenMail(id: 2, sender: "Bob", isRead: true), SpokenMail(id: 3, sender: "Cy"),
        ])
        #expect(try #require(action("Move up")).perform())
        #expect(dataSource.snapshot().itemIdentifiers.map { ($0.base as! SpokenMail).id } == [7, 2, 1, 3])
        #expect(try #require(action("Delete")).perform())
        #expect(received.value == ["delete 2 Bob"])
        #expect(mails.value.map(\.id) == [7, 1, 3])
        // Bob is gone: every kept action declines and nothing changes.
        for name in ["Delete", "Reply", "Move up", "Move down"] {
            #expect(try #require(action(name)).perform() == false)
        }
        #expect(received.value == ["delete 2 Bob"])
        #expect(dataSource.snapshot().itemIdentifiers.map { ($0.base as! SpokenMail).id } == [7, 1, 3])
    }

    /// Steps per run: 200 in full, fewer where `CELLKIT_INVARIANT_STEPS` asks (`SeededRuns`).
    static let steps = SeededRuns.length(200)

    @Test(
        "seeded random applies, scrolls, VoiceOver cursor moves and custom actions by name keep the model and show what a new list shows",
        arguments: [UInt64(1), 2, 3])
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        var cursorRandom = SplitMix64(seed: seed &+ 1000)
        func cursorInt(_ range: Range<Int>) -> Int {
            range.lowerBound + Int(cursorRandom.next() % UInt64(range.count))
        }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.didReorder = { [mails] move in
            mails.value = move.finalSnapshot.itemIdentifiers.compactMap { $0.base as? SpokenMail }
        }
        var nextID = 1
        func newMail() -> SpokenMail {
            defer { nextID += 1 }
            return SpokenMail(id: nextID, sender: "n\(nextID)")
        }
        try show((0..<6).map { _ in newMail() })
        var performed = 0
        // The mail VoiceOver's cursor is on, by id: it follows its mail; when the mail is deleted, it goes to
        // the one that followed it, else the one before.
        var cursor: Int?
        var cursorMoves = 0
        for step in 0..<Self.steps {
            var cursorIndex = cursor.flatMap { id in mails.value.firstIndex { $0.id == id } }
            // VoiceOver's cursor moves, from a generator of its own (the other steps stay as they were).
            if cursorInt(0..<3) == 0 {
                let ids = mails.value.map(\.id)
                switch cursorInt(0..<4) {
                case 0:
                    let moved = list.moveAccessibilityFocus(.next)
                    let target = cursorIndex.map { $0 + 1 } ?? 0
                    if target < ids.count { cursor = ids[target] }
                    #expect((moved != nil) == (target < ids.count), "seed \(seed) step \(step)")
                case 1:
                    let moved = list.moveAccessibilityFocus(.previous)
                    let target = cursorIndex.map { $0 - 1 } ?? ids.count - 1
                    if target >= 0 { cursor = ids[target] }
                    #expect((moved != nil) == (target >= 0), "seed \(seed) step \(step)")
                case 2:
                    #expect(list.accessibilityFocus(nil))
                    cursor = nil
                default:
                    guard let path = list.indexPathsForVisibleItems.randomElement(using: &cursorRandom) else { break }
                    #expect(list.accessibilityFocus(path))
                    cursor = ids[path.item]
                }
                cursorMoves += 1
                cursorIndex = cursor.flatMap { id in mails.value.firstIndex { $0.id == id } }
            }
            switch int(0..<5) {
            case 0:
                var edited = mails.value
                switch int(0..<3) {
                case 0 where !edited.isEmpty: edited.remove(at: int(0..<edited.count))
                case 1: edited.insert(newMail(), at: int(0..<(edited.count + 1)))
                default: if !edited.isEmpty { edited[int(0..<edited.count)].isRead.toggle() }
                }
                try show(edited)
            case 1:
                list.scroll(toLine: int(0..<(max(1, list.contentHeight - list.height + 2))))
            default:
                guard let path = list.indexPathsForVisibleItems.randomElement(using: &random) else { break }
                let name = ["Delete", "Move up", "Move down", "Move to top"][int(0..<4)]
                var model = mails.value
                let mail = model[path.item]
                let offered: Bool
                switch name {
                case "Delete": offered = true; model.remove(at: path.item)
                case "Move up": offered = path.item > 0; if offered { model.swapAt(path.item, path.item - 1) }
                case "Move down":
                    offered = path.item < model.count - 1
                    if offered { model.swapAt(path.item, path.item + 1) }
                default:
                    offered = path.item > 1
                    if offered { model.insert(model.remove(at: path.item), at: 0) }
                }
                #expect(
                    list.accessibilityCustomActions(at: path).contains(name) == offered, "seed \(seed) step \(step)")
                #expect(list.performAccessibilityAction(name, on: path) == offered, "seed \(seed) step \(step)")
                if offered { performed += 1 }
                #expect(mails.value == model, "seed \(seed) step \(step): \(name) on \(mail.id)")
            }
            if let id = cursor, let index = cursorIndex, !mails.value.contains(where: { $0.id == id }) {
                cursor =
                    index < mails.value.count ? mails.value[index].id : index > 0 ? mails.value[index - 1].id : nil
            }
            #expect(
                list.accessibilityFocusedIndexPath.map { mails.value[$0.item].id } == cursor,
                "seed \(seed) step \(step)")
            #expect(
                dataSource.snapshot().itemIdentifiers == mails.value.map(AnyHashable.init), "seed \(seed) step \(step)")
            // Each visible row reads its own item, as it is now.
            let expected = list.indexPathsForVisibleItems.map { path in
                let mail = mails.value[path.item]
                return (mail.id == cursor ? "▸ " : "") + "Mail from \(mail.sender)" + (mail.isRead ? "" : ", unread")
                    + ", button"
            }
            let read = list.renderAccessibility().split(separator: "\n").map { String($0.prefix { $0 != "." }) }
            #expect(read == expected, "seed \(seed) step \(step)")
            if let difference = freshListDifference(list, dataSource) {
                Issue.record("seed \(seed) step \(step): \(difference)")
                return
            }
        }
        #expect(performed > 20 || SeededRuns.isShortened())
        #expect(cursorMoves > 20 || SeededRuns.isShortened())
    }
}
