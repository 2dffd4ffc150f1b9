@_spi(ListHost) import CellKit
import DiffableStore

// The context menu a long press opens under a row: asked of the data source (`ListHostContextMenus`),
// tied to the row's item, rendered over the lines below the row, chosen by title.

extension TextListView {
    /// Opens the context menu of an item's row, as a long press would: asks the data source for the
    /// menu (`ListHostContextMenus/contextMenu(at:in:)`) and keeps it, with the item the row shows now,
    /// until an action is chosen or ``closeContextMenu()`` closes it. A menu open on another row closes.
    ///
    /// The menu is tied to its item: when an apply moves the row, the menu follows it; when an apply
    /// deletes the item (or reloads its row), the menu closes and none of its actions runs. ``render()``
    /// shows it over the lines below the row (above it when it does not fit below), a title line, the
    /// menu's preview if it has one (`previewing(text:)`, each line after `: `, on the
    /// menu's first level), one numbered line per entry, and a closing line:
    ///
    /// ```
    /// + Mail
    /// : From Ann: lunch today?
    /// | 1 Reply
    /// | 2 Move to >
    /// | 3 Mark as read (disabled)
    /// | 4 Delete (destructive)
    /// +-----
    /// ```
    ///
    /// - Parameter indexPath: An item in the list.
    /// - Returns: The titles of the menu's entries, top to bottom; `nil` when the item is not in the list
    ///   or has no menu (nothing is open then).
    /// - Complexity: O(log n), plus the data source's answer.
    @discardableResult
    public func openContextMenu(_ indexPath: ListIndexPath) -> [String]? {
        transaction {
            loadIfNeeded()
            openMenu = nil
            guard rows.row(of: indexPath) != nil, let dataSource = dataSource as? any ListHostContextMenus,
                let item = dataSource.itemIdentifier(at: indexPath, in: self),
                let menu = dataSource.contextMenu(at: [indexPath], in: self)
            else { return nil }
            openMenu = (item, indexPath, menu, [])
            return menu.children.map(\.title)
        }
    }

    /// The row whose context menu is open, where it is now (it follows its item through batches), or `nil`.
    public var contextMenuIndexPath: ListIndexPath? { openMenu?.indexPath }

    /// The titles of the entries the open menu shows (the open submenu's, once one is chosen), top to
    /// bottom; empty when no menu is open.
    public var offeredContextMenuEntries: [String] { shownMenuLevel?.children.map(\.title) ?? [] }

    /// Chooses an entry of the open menu, as a tap (or its number key) would: a submenu shows its
    /// entries; an action closes the menu and performs on the item the menu was opened for, as it is
    /// now (wherever an apply moved it).
    ///
    /// - Parameter title: The title of an entry the menu shows now (``offeredContextMenuEntries``).
    /// - Returns: `false`, doing nothing, when no menu is open, it shows no such entry, or the entry is a
    ///   disabled action.
    @discardableResult
    public func chooseContextMenuEntry(_ title: String) -> Bool {
        guard let open = openMenu, let level = shownMenuLevel,
            let element = level.children.first(where: { $0.title == title })
        else { return false }
        switch element {
        case .submenu:
            transaction { openMenu?.submenus.append(title) }
        case .action(let action):
            guard !action.isDisabled else { return false }
            transaction { openMenu = nil }
            action.perform([open.item])
        }
        return true
    }

    /// Goes back one level without acting, as the escape key does: closes the open submenu, showing the
    /// menu that holds it again, or the menu when no submenu is open.
    public func closeContextMenu() {
        transaction {
            if openMenu?.submenus.isEmpty == false {
                openMenu?.submenus.removeLast()
            } else {
                openMenu = nil
            }
        }
    }

    /// Opens on this list the menu open on `other`, a list showing the same items: the same menu value,
    /// on the row at the same index path, with the same submenus open. For a brand-new list given the same
    /// state (`assertMatchesFreshList`); nothing opens when `other` has no menu open or this list has no
    /// row there.
    ///
    /// - Parameter other: A list whose open menu to copy.
    @_spi(Testing) public func _openContextMenu(like other: TextListView) {
        transaction {
            loadIfNeeded()
            openMenu = nil
            guard let open = other.openMenu, rows.row(of: open.indexPath) != nil,
                let item = dataSource?.itemIdentifier(at: open.indexPath, in: self)
            else { return }
            openMenu = (item, open.indexPath, open.menu, open.submenus)
        }
    }

    /// The menu or submenu the open menu shows now.
    private var shownMenuLevel: ContextMenu? {
        guard let open = openMenu else { return nil }
        var level = open.menu
        for title in open.submenus {
            guard case .submenu(let submenu) = level.children.first(where: { $0.title == title }) else { return nil }
            level = submenu
        }
        return level
    }

    /// The open menu's lines, as ``render()`` shows them.
    private var contextMenuLines: [String] {
        guard let open = openMenu, let level = shownMenuLevel else { return [] }
        let path = ([open.menu.title] + open.submenus).filter { !$0.isEmpty }.joined(separator: " > ")
        var lines = [path.isEmpty ? "+" : "+ \(path)"]
        if open.submenus.isEmpty, case .text(let preview) = open.menu.preview {
            lines += preview().split(separator: "\n", omittingEmptySubsequences: false).map { ": \($0)" }
        }
        for (number, element) in level.children.enumerated() {
            var line = "| \(number + 1) \(element.title)"
            switch element {
            case .submenu: line += " >"
            case .action(let action):
                if action.isDisabled { line += " (disabled)" }
                if action.isDestructive { line += " (destructive)" }
            }
            lines.append(line)
        }
        lines.append("+" + String(repeating: "-", count: max(0, min(width, 20) - 1)))
        return lines
    }

    /// Draws the open menu over the viewport's lines: below its row when it fits there, above it when
    /// it fits there instead, below it (cut at the bottom) otherwise; not at all while the row is out of
    /// view.
    func overlayContextMenu(on lines: inout [String]) {
        guard let open = openMenu, let row = rows.row(of: open.indexPath) else { return }
        let top = rows.top(ofRow: row) - firstVisibleLine
        let bottom = top + rows.height(ofRow: row)
        guard bottom > 0, top < height else { return }
        let menu = contextMenuLines
        let start = bottom + menu.count <= height || top - menu.count < 0 ? bottom : top - menu.count
        for (index, line) in menu.enumerated() where start + index >= 0 && start + index < lines.count {
            lines[start + index] = TextWidth.fit(line, width: width)
        }
    }
}

extension ContextMenu {
    /// The menu with a preview the text host shows above its entries, in place of the pressed row as
    /// UIKit's preview shows: lines of text, made each time the menu is drawn. The UIKit hosts show
    /// their own kind of preview (`previewing(_:)` of CellKitUIKit) and ignore this one.
    ///
    /// - Parameter text: Makes the preview's lines (`\n` between them).
    /// - Returns: The menu, with the preview.
    public func previewing(text: @escaping @MainActor () -> String) -> ContextMenu {
        var menu = self
        menu.preview = .text(text)
        return menu
    }
}
