// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
#if !canImport(UIKit)
@_spi(ListHost) import CellKit
@_spi(Testing) import CellKitText
import DiffableStore
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn

// How the UIKit harnesses read what their list view shows as lines, as the text host renders them: each
// view's text, one line a point, a cell with what its host shows with it (item-scoped views, cards) and
// the static view it contains. (`TextHarness` renders with the list's own `render()` and `renderAll()`.)

extension UIKitHarness {
    public func render() -> [String] {
        let views = listView._visibleViewsTopToBottom
        uikitHost.deliverPendingEvents()
        return views.flatMap { viewText($0).split(separator: "\n").map(String.init) }
            .filter { !$0.isEmpty }
    }

    public func renderWithStaticViews() -> [String] {
        let views = listView._visibleViewsTopToBottom
        uikitHost.deliverPendingEvents()
        let paths = visibleIndexPaths
        return views.flatMap { view -> [String] in
            let lines =
                (view as? Labelled).map { $0.text.split(separator: "\n").map(String.init) }
                ?? contentText(of: view).map { $0.split(separator: "\n").map(String.init) }
                ?? MadeStaticViews.shown(UIKitDraftView.self, in: view)?.lines ?? ["?"]
            guard let height = paths.first(where: { visibleCell(at: $0) === view }).flatMap(heightOfItem(at:))
            else { return lines }
            return Array(lines.prefix(Int(height)))
        }.filter { !$0.isEmpty }
    }

    /// The lines of every view, in the order of the list (each section's header, items, footer), taken as
    /// the list view scrolls down a page at a time from the top (a view is read by its place, so a view
    /// recycled between pages is read for each place it showed); then the offset is put back.
    public func renderAll() -> [String] {
        listView.layoutIfNeeded()
        let counts = listView._knownCounts ?? []
        let height = Int(listView.frame.height)
        let top = topLine
        var texts: [[Int]: String] = [:]
        var line = 0
        repeat {
            scroll(toLine: min(line, max(0, contentHeight - height)))
            for (section, count) in counts.enumerated() {
                let places: [([Int], AnyObject?)] =
                    [([section, 0, 0], supplementaryView(ofKind: .header, inSection: section))]
                    + (0..<count).map { ([section, 1, $0], cell(at: ListIndexPath(item: $0, section: section))) }
                    + [([section, 2, 0], supplementaryView(ofKind: .footer, inSection: section))]
                for (place, view) in places {
                    guard let view else { continue }
                    texts[place] = viewText(view)
                }
            }
            line += max(1, height)
        } while line < contentHeight
        scroll(toLine: top)
        return texts.sorted { $0.key.lexicographicallyPrecedes($1.key) }.flatMap {
            $0.value.split(separator: "\n").map(String.init)
        }.filter { !$0.isEmpty }
    }

    /// The viewport drawn from the views shown and their frames: each view's text lines, one a point, cut
    /// at its height or padded with blank lines; a cell with what its host shows with it.
    public func screen() -> [String] {
        let frames = listView._visibleFramesTopToBottom
        uikitHost.deliverPendingEvents()
        let width = Int(listView.frame.width)
        var screen = [String](repeating: "", count: Int(listView.frame.height))
        for (view, top, viewHeight) in frames {
            let text =
                uikitHost.attachments(of: view).map { rowLines(of: view, $0, width: width, height: Int(viewHeight)) }
                ?? ownLines(of: view, width: width)
            for line in 0..<Int(viewHeight) {
                let row = Int(top - listView.contentOffset.y) + line
                guard screen.indices.contains(row) else { continue }
                screen[row] = line < text.count ? trimmingTrailingSpaces(text[line]) : ""
            }
        }
        return screen
    }

    public func contentLines() -> [String] {
        var lines = screen()
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// A view's own lines at a width: a label's, a static block's, a separator's.
@MainActor
private func ownLines(of view: UIView, width: Int) -> [String] {
    if let label = view as? any CompositionLabel { return label.lines(width: width) }
    if let rule = view as? UIKitRuleSeparator { return rule.lines(width: width) }
    if let text = contentText(of: view) { return textLines(text) }
    let label = (view as? Labelled) ?? MadeStaticViews.shown(UIKitStaticBlock.self, in: view)
    return textLines(label?.text ?? "?")
}

/// A view's text: a label's, or a content-configured cell's (``contentText(of:)``); `"?"` for another.
@MainActor
private func viewText(_ view: AnyObject) -> String {
    (view as? Labelled)?.text ?? contentText(of: view) ?? "?"
}

/// The text of a cell showing a list content configuration: its text and secondary text, one a line, the
/// first followed by ` ░` when its background has a colour; `nil` for another view.
@MainActor
private func contentText(of view: AnyObject) -> String? {
    let content: (any UIContentConfiguration)?
    let background: UIBackgroundConfiguration?
    switch view {
    case let cell as UICollectionViewCell:
        (content, background) = (cell.contentConfiguration, cell.backgroundConfiguration)
    case let cell as UITableViewCell: (content, background) = (cell.contentConfiguration, cell.backgroundConfiguration)
    default: return nil
    }
    guard let list = content as? UIListContentConfiguration else { return nil }
    let mark = background?.backgroundColor == nil ? "" : " ░"
    return ([(list.text ?? "") + mark] + [list.secondaryText].compactMap { $0 }).joined(separator: "\n")
}

/// A cell's lines with what its host shows with it, `height` lines in all: the cell's own lines (cut or
/// padded to what the attachments leave), its item-scoped views' lines, framed by its card, as
/// `TextListView` draws them.
@MainActor
private func rowLines(of cell: UIView, _ attachments: Attachments, width: Int, height: Int) -> [String] {
    let cards = attachments.decorations.compactMap { $0 as? UIKitCardView }
    let inner = max(
        0, cards.reduce(width) { $0 - Int($1.directionalLayoutMargins.leading + $1.directionalLayoutMargins.trailing) })
    let below = attachments.supplementaries.compactMap { $0 as? UIView }.flatMap { ownLines(of: $0, width: inner) }
    var edges = 0
    for _ in cards {
        if attachments.position.isFirst { edges += 1 }
        if attachments.position.isLast { edges += 1 }
    }
    let own = ownLines(of: cell, width: inner)
    let ownHeight = max(0, height - below.count - edges)
    var lines = Array(own.prefix(ownHeight)) + [String](repeating: "", count: max(0, ownHeight - own.count)) + below
    for card in cards {
        let padded = lines.map { line in
            let fitted = TextWidth.fit(line, width: inner)
            return fitted + String(repeating: " ", count: max(0, inner - TextWidth.columns(of: fitted)))
        }
        lines = card.drawing.frame(padded, width: width, position: attachments.position)
    }
    return lines
}
#endif
