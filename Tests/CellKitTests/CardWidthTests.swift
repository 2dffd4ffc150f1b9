@_spi(Testing) import CellKit
import DiffableStore
import HostHarness
import Testing

// Widths inside a card: every sizing of an item in a section drawn in a card (`TextSectionBackground`,
// 4 columns narrower; a UIKit card's leading and trailing layout margins) is made for the width its view
// renders at, not the list's, so wrapped text keeps every line.

/// A note whose text wraps at the width it renders at.
struct WrappedNote: Hashable, Identifiable {
    var id: Int
    var text: String
}

/// A list 20 wide whose one section shows its items in a card: they render at 16.
@MainActor
struct CardWidthScreen {
    let harness: any HostHarness
    let dataSource: UniversalDataSource<Int>
    /// The widths the calculation was asked for, in order.
    let widths = Ref<[Double]>([])

    /// 18 characters: 2 lines at 16 columns, 1 at 20.
    static let note = WrappedNote(id: 1, text: "abcdefghijklmnopqr")

    init(_ kind: HostKind, sizing: Sizing) throws {
        harness = kind.make(width: 20, height: 10)
        dataSource = harness.makeDataSource()
        let itemSizing: ItemSizing<WrappedNote>? =
            switch sizing {
            case .calculated:
                .calculated { [widths] note, width in
                    widths.value.append(width)
                    return (Double(note.text.count) / width).rounded(.up)
                }
            case .automatic: .automatic
            case .fixed: .fixed(2)
            case .none: nil
            }
        harness.registerLabel(dataSource, for: WrappedNote.self, sizing: itemSizing, wrapsAtWidth: true) { _, note in
            note.text
        }
        try harness.registerCard(dataSource, kind: .background) { _, _ in (rounded: true, title: "") }
    }

    enum Sizing { case calculated, automatic, fixed, none }

    func show(_ items: [WrappedNote]) throws {
        var snapshot = Snapshot<Int, AnyHashable>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(items)
        try dataSource.apply(snapshot)
    }

    /// The note framed in the card, wrapped at 16 columns.
    static let framed = [
        "╭──────────────────╮",
        "│ abcdefghijklmnop │",
        "│ qr               │",
        "╰──────────────────╯",
    ]
}

@MainActor
@Suite("Widths inside a card")
struct CardWidthTests {
    @Test(
        "calculated: the closure is asked for the width inside the card, and the note keeps its second line",
        arguments: HostKind.takingItemSizes)
    func calculated(kind: HostKind) throws {
        let screen = try CardWidthScreen(kind, sizing: .calculated)
        try screen.show([CardWidthScreen.note])
        #expect(screen.harness.contentLines() == CardWidthScreen.framed)
        #expect(!screen.widths.value.isEmpty && Set(screen.widths.value) == [16])
        #expect(screen.dataSource.cachedWidth(of: CardWidthScreen.note) == 16)
        #expect(screen.harness.problems == [])
    }

    @Test("automatic: the cell is measured at the width inside the card", arguments: HostKind.takingItemSizes)
    func automatic(kind: HostKind) throws {
        let screen = try CardWidthScreen(kind, sizing: .automatic)
        try screen.show([CardWidthScreen.note])
        #expect(screen.harness.contentLines() == CardWidthScreen.framed)
        #expect(screen.dataSource.cachedLength(of: CardWidthScreen.note) == 2)
        #expect(screen.dataSource.cachedWidth(of: CardWidthScreen.note) == 16)
        #expect(screen.harness.problems == [])
    }

    @Test(
        "fixed: the size stands at any width, and the lines are wrapped inside the card",
        arguments: HostKind.takingItemSizes)
    func fixed(kind: HostKind) throws {
        let screen = try CardWidthScreen(kind, sizing: .fixed)
        try screen.show([CardWidthScreen.note])
        #expect(screen.harness.contentLines() == CardWidthScreen.framed)
        #expect(screen.harness.problems == [])
    }

    @Test("without a sizing, the text host measures the cell at the width inside the card")
    func hostMeasures() throws {
        let screen = try CardWidthScreen(.text, sizing: .none)
        try screen.show([CardWidthScreen.note])
        #expect(screen.harness.contentLines() == CardWidthScreen.framed)
        // Off screen too: every row of the list.
        #expect(screen.harness.renderAll() == CardWidthScreen.framed)
    }

    @Test(
        "a new list width asks again, at the new width inside the card",
        arguments: HostKind.takingItemSizes)
    func resize(kind: HostKind) throws {
        let screen = try CardWidthScreen(kind, sizing: .calculated)
        let short = WrappedNote(id: 2, text: "abc")
        try screen.show([CardWidthScreen.note, short])
        screen.harness.resize(width: 24, height: 10)
        screen.harness.layoutIfNeeded()
        #expect(
            screen.harness.contentLines() == [
                "╭──────────────────────╮",
                "│ abcdefghijklmnopqr   │",
                "│ abc                  │",
                "╰──────────────────────╯",
            ])
        #expect(screen.widths.value.suffix(2) == [20, 20])
        #expect(screen.dataSource.cachedWidth(of: CardWidthScreen.note) == 20)
        #expect(screen.harness.problems == [])
    }
}
