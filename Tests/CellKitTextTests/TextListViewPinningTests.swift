@_spi(ListHost) import CellKit
@testable import CellKitText
import DiffableStore
import Testing

/// Pinned headers and footers (`SectionLayout.pinned(header:footer:)`) on the text host: the header stays
/// on the viewport's top line while its section scrolls under it, pushed up by the next section, the
/// footer on the bottom line; display events follow what is on screen.
@Suite("TextListView pinned headers and footers")
@MainActor
struct TextListViewPinningTests {
    static func list(footer: Bool = false) -> (TextListView, ArrayDataSource, EventRecorder) {
        let list = TextListView(width: 12, height: 4)
        let recorder = EventRecorder()
        list.delegate = recorder
        let dataSource = ArrayDataSource(
            [(0..<6).map { "a\($0)" }, (0..<6).map { "b\($0)" }], kinds: footer ? [.header, .footer] : [.header],
            host: list)
        dataSource.layouts = [0: SectionLayout.list.pinned(header: true, footer: footer), 1: .list]
        return (list, dataSource, recorder)
    }

    @Test("a pinned header stays on the top line while its section scrolls, and the next section pushes it up")
    func pinnedHeader() {
        let (list, dataSource, recorder) = Self.list()
        defer { withExtendedLifetime(dataSource) {} }
        _ = list.render()
        list.scroll(toLine: 3)
        #expect(list.render() == "[header 0]  \na3          \na4          \na5          ")
        #expect(list.supplementaryView(ofKind: .header, inSection: 0) != nil)
        // Line 6 is a5: the header would cover it, but the section ends there, so it is pushed up.
        list.scroll(toLine: 6)
        #expect(list.render() == "[header 0]  \n[header 1]  \nb0          \nb1          ")
        list.scroll(toLine: 7)
        #expect(list.render() == "[header 1]  \nb0          \nb1          \nb2          ")
        #expect(list.supplementaryView(ofKind: .header, inSection: 0) == nil)
        // The header showed from the start until it left with its section, once.
        let header = at(0, 0)
        let shown = recorder.events.filter {
            if case .willDisplaySupplementaryView(.header, _, at: header) = $0 { true } else { false }
        }
        let hidden = recorder.events.filter {
            if case .didEndDisplayingSupplementaryView(.header, _, at: header) = $0 { true } else { false }
        }
        #expect(shown.count == 1 && hidden.count == 1, "\(recorder.events)")
        list._checkInvariants()
    }

    @Test("a header measured only once pinned moves the viewport with it, and the screen matches a fresh list")
    func pinnedHeaderFreshList() {
        let (list, dataSource, _) = Self.list()
        defer { withExtendedLifetime(dataSource) {} }
        list.scroll(toLine: 3)
        let fresh = TextListView(width: 12, height: 4)
        let source = ArrayDataSource(
            [(0..<6).map { "a\($0)" }, (0..<6).map { "b\($0)" }], kinds: [.header], host: fresh)
        source.layouts = [0: SectionLayout.list.pinned()]
        if let anchor = list.scrollAnchor { #expect(fresh.scroll(to: anchor)) }
        #expect(list.render() == fresh.render())
        withExtendedLifetime(source) {}
    }

    @Test("a pinned footer stays on the bottom line while its section fills the viewport")
    func pinnedFooter() {
        let (list, dataSource, _) = Self.list(footer: true)
        defer { withExtendedLifetime(dataSource) {} }
        #expect(list.render() == "[header 0]  \na0          \na1          \n[footer 0]  ")
        #expect(list.supplementaryView(ofKind: .footer, inSection: 0) != nil)
        // Line 6 is a5, under the pinned header (the section ends below it, at its footer's line).
        list.scroll(toLine: 6)
        #expect(list.render() == "[header 0]  \n[footer 0]  \n[header 1]  \nb0          ")
        list._checkInvariants()
    }

    @Test("a section that does not pin keeps its header scrolling with it")
    func unpinned() {
        let (list, dataSource, _) = Self.list()
        dataSource.layouts = [:]
        list.reloadData()
        list.scroll(toLine: 3)
        #expect(list.render() == "a2          \na3          \na4          \na5          ")
        #expect(list.supplementaryView(ofKind: .header, inSection: 0) == nil)
    }
}
