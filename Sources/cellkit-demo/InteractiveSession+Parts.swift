import CellKit
import CellKitText
import DiffableStore

// The parts of the `--interactive` feed that are not plugins: the "Suggested" block editing its own rows
// through its slice, the "Groups" outline, and the view that ends the feed once the last page is loaded.

extension InteractiveSession.State {
    /// What `a` and `m` say on the block's rows: the block edits them, nobody else.
    static let blockOwnsItsRows = "The Suggested block owns its rows: s edits them."

    // MARK: The Suggested block

    /// `s`: the block dismisses its first suggestion and brings the next one in, through its slice. The
    /// session does not know where the block's rows are; a cursor on the dismissed row goes to the row that
    /// took its place.
    func dismissSuggestion() {
        let first = suggested.slice[0]
        let cursorWasOnFirst = first != nil && cursor.flatMap { feed.itemIdentifier(at: $0) } == first
        let before = cursor
        do {
            guard let (dismissed, next) = try suggested.dismissFirst() else {
                say("No more suggestions: the block is empty.")
                return
            }
            say(
                "Not now: \(dismissed.name)."
                    + (next.map { " Suggested \($0.name) instead." } ?? " No more suggestions."))
        } catch {
            say("Refused: " + withoutModuleName("\(error)"))
            return
        }
        if cursorWasOnFirst, let before {
            let items = allItems
            if let next = items.first(where: { $0 >= before }) ?? items.last { moveCursor(to: next) }
        }
    }

    // MARK: The Groups outline

    /// Enter on a row of the outline (through the selection plugin): a group expands or collapses, in one
    /// batch, and its row stays where it is; a topic is only selected.
    func toggle(_ node: GroupNode) {
        let item = AnyHashable(node)
        guard !GroupsOutline.children(of: node).isEmpty else {
            say("Selected \(Self.name(of: item)).")
            return
        }
        let wasExpanded = screen.dataSource.isExpanded(item)
        do {
            try screen.dataSource.toggle(item)
            say((wasExpanded ? "Closed " : "Opened ") + Self.name(of: item) + ".")
        } catch {
            say("Refused: " + withoutModuleName("\(error)"))
        }
    }

    // MARK: All caught up

    /// Puts ``caughtUp`` at the end of the feed, once: the view the session owns, as an item.
    func showCaughtUp() {
        let item = AnyHashable(StaticView(caughtUp))
        guard feed.indexPath(of: item) == nil, let last = feed.sectionIdentifiers.last else { return }
        caughtUp.summary = "\(Self.pages.count + 1) pages, \(contentItemCount.counted("item"))"
        // The status line says "That was the last page."; the view says the rest.
        apply(nil) { feed in try feed.appendItems([item], toSection: last) }
    }

    /// Tells ``caughtUp`` whether the cursor is on it: the list highlights its container, not the view.
    func markCaughtUp() {
        caughtUp.isUnderCursor = cursor.flatMap { feed.itemIdentifier(at: $0) } == AnyHashable(StaticView(caughtUp))
    }
}
