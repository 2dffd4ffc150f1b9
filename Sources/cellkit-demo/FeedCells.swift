import CellKit
import CellKitPlugins
import CellKitText

// The feed's views. Each cell adopts `ConfigurableView` for one view model type, so registering it is one
// line and the data source picks it by the item's type: no reuse identifiers, casts or switches.

/// A feed cell: its content, with a `▸` in the left margin while the host has it focused (the
/// `--interactive` cursor; the story focuses nothing).
class FeedCell: TextCell {
    /// The line that carries the cursor marker.
    var markerLine: Int { 0 }

    /// Whether the cell draws the cursor marker: while the host has it focused.
    var showsMarker: Bool { isFocused }

    /// The lines the cell shows without the marker; the default is ``TextCell/text``.
    func content(width: Int) -> [String] { super.render(width: width) }

    override func render(width: Int) -> [String] {
        var lines = content(width: width)
        if showsMarker, markerLine < lines.count, lines[markerLine].hasPrefix("  ") {
            lines[markerLine] = "▸ " + lines[markerLine].dropFirst(2)
        }
        return lines
    }
}

/// Shows a ``Tile`` as a three-line card.
final class TileCell: FeedCell, ConfigurableView {
    private var tile: Tile?

    override var markerLine: Int { 1 }

    func configure(with viewModel: Tile) { tile = viewModel }

    override func content(width: Int) -> [String] {
        guard let tile else { return [""] }
        // A card indented by two columns: a border, the title with the likes on the right, the subtitle.
        let box = max(4, width - 4)
        let inner = box - 4
        let likes = "♥ \(tile.likes)"
        let gap = max(1, inner - TextWidth.columns(of: tile.title) - TextWidth.columns(of: likes))
        let edge = String(repeating: "─", count: box - 2)
        return [
            "  ┌" + edge + "┐",
            "  │ " + TextWidth.fit(tile.title + String(repeating: " ", count: gap) + likes, width: inner) + " │",
            "  │ " + TextWidth.fit(tile.subtitle, width: inner) + " │",
            "  └" + edge + "┘",
        ]
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        tile = nil
    }
}

/// Shows a ``Row`` on one line.
final class RowCell: FeedCell, ConfigurableView {
    func configure(with viewModel: Row) { text = "  • " + viewModel.text }
}

/// Shows an ``Alert`` on one line, marked by its level.
final class AlertCell: FeedCell, ConfigurableView {
    func configure(with viewModel: Alert) {
        switch viewModel.level {
        case .info: text = "  (i) " + viewModel.message
        case .warning: text = "  (!) " + viewModel.message
        }
    }
}

/// Shows a ``FeedSection``'s title as a header.
final class SectionHeader: TextCell, ConfigurableView {
    func configure(with viewModel: FeedSection) { text = "── " + viewModel.title.uppercased() + " ──" }
}

/// Shows a ``FeedSection``'s tagline as a footer.
final class SectionFooter: TextCell, ConfigurableView {
    func configure(with viewModel: FeedSection) { text = "   " + viewModel.tagline }
}

/// Shows a ``Folder`` as a header-like row that says whether its rows show and how many it holds; both are
/// read when the row is drawn, from the closures the registration sets (the folding plugin inserts and
/// deletes the rows after it, and the folder row itself is not configured again).
final class FolderCell: FeedCell {
    var folder: Folder?
    var isExpanded: () -> Bool = { false }
    var count: () -> Int = { 0 }

    override func content(width: Int) -> [String] {
        guard let folder else { return [""] }
        let rows = count().counted("row")
        return isExpanded()
            ? ["  [-] \(folder.title) · \(rows) · Enter folds"]
            : ["  [+] \(folder.title) · \(rows) folded · Enter shows"]
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        folder = nil
        isExpanded = { false }
        count = { 0 }
    }
}

/// Shows the row ``PaginationPlugin`` keeps at the end of the list while a page loads or after a load failed.
final class PageStatusCell: FeedCell, ConfigurableView {
    func configure(with row: PaginationStatusRow) {
        switch row.status {
        case .loading: text = "  … Loading the next page"
        case .failed(let message): text = "  (!) \(message) · Enter or r: retry"
        }
    }
}

/// Shows a ``Suggestion`` of the "Suggested" block on one line.
final class SuggestionCell: FeedCell, ConfigurableView {
    func configure(with suggestion: Suggestion) { text = "  " + suggestion.name + " · " + suggestion.reason }
}

/// Shows a ``GroupNode`` of the "Groups" outline, indented by its level: a group with `[+]` (and how many
/// topics it hides) or `[-]`, a topic with a dot.
final class GroupCell: FeedCell {
    /// Sets the text from the node and where the outline has it.
    ///
    /// - Parameters:
    ///   - node: The group or topic.
    ///   - level: Its depth in the outline (0 for a root), from its `CellContext`.
    ///   - isExpanded: Whether it is expanded, from its `CellContext`.
    ///   - topics: How many topics it has.
    func show(_ node: GroupNode, level: Int, isExpanded: Bool, topics: Int) {
        let indent = "  " + String(repeating: "    ", count: level)
        if topics == 0 {
            text = indent + "· " + node.title
        } else if isExpanded {
            text = indent + "[-] " + node.title
        } else {
            text = indent + "[+] " + node.title + " · " + topics.counted("topic")
        }
    }
}

/// The line under each row of a card section but its last; in other sections it takes no lines.
final class FeedSeparator: TextCell {
    var isShown = false

    override func render(width: Int) -> [String] {
        isShown ? ["  " + String(repeating: "┄", count: max(0, width - 2))] : []
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        isShown = false
    }
}

/// The card drawn around the items of a section that has a ``FeedSection/card`` title; around the items
/// of other sections it draws nothing and takes no columns (a decoration is registered for every section).
///
/// The card is indented by two columns on each side, as the tiles' boxes are.
final class FeedCard: TextSectionBackground {
    var isShown = false

    override var insets: (leading: Int, trailing: Int) { isShown ? (4, 4) : (0, 0) }

    override func frame(_ lines: [String], width: Int, position: PositionInSection) -> [String] {
        guard isShown else { return lines }
        return super.frame(lines, width: width - 4, position: position).map { "  " + $0 + "  " }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        isShown = false
    }
}

/// The view at the end of the `--interactive` feed once the last page is loaded: a view the session owns
/// and puts in the snapshot as it is (`StaticView`), with no view model and no registration. The list
/// never configures it; the session marks it when the cursor is on it (its container, not the view, is
/// what the list highlights).
final class CaughtUpView: FeedCell {
    /// What the feed holds, said under the title; set by the session before the view shows.
    var summary = ""
    /// Whether the cursor is on the view.
    var isUnderCursor = false

    override var showsMarker: Bool { isUnderCursor }

    override func content(width: Int) -> [String] {
        ["  ✓ You're all caught up", "    That is everything: " + summary]
    }
}
