import DiffableStore

// What assistive technologies say about a row, and the custom actions they offer on it: the row's
// swipe actions and context-menu actions (the same wrapped actions a swipe or a menu performs, so they
// act on the item by identity) and, where the row may be reordered, moves.

extension HostAdapter {
    /// The description the plugins give the item at an index path, and its custom actions: its swipe
    /// actions (leading edge, then trailing), its context menu's enabled actions when asked for (a
    /// submenu's as "Submenu > Action"), then "Move up", "Move down" and "Move to top" where the reordering allows
    /// the move; a name offered twice is kept once, first. `nil` when the item has neither.
    ///
    /// - Complexity: O(a) for the *a* actions offered, plus the plugins' answers.
    func accessibilityElement(at indexPath: ListIndexPath, includingMenuActions: Bool, in host: any ListHost)
        -> ListAccessibilityElement?
    {
        guard let item = store.current.itemIdentifier(at: indexPath) else { return nil }
        let plugins = owner.pluginCoordinator
        var description: ListAccessibilityDescription?
        var actions: [ListAccessibilityAction] = []
        if !plugins.isEmpty {
            description = plugins.accessibilityDescription(for: item, context: plugins.context(for: owner))
            for edge in [SwipeEdge.leading, .trailing] {
                for action in swipeActions(at: indexPath, edge: edge, in: host)?.actions ?? [] {
                    actions.append(
                        ListAccessibilityAction(name: action.title) { [weak store] in
                            guard store?.currentItem(for: item) != nil else { return false }
                            action.perform(item) { _ in }
                            return true
                        })
                }
            }
            if includingMenuActions, let menu = contextMenu(at: [indexPath], in: host) {
                appendActions(of: menu, prefix: "", for: item, to: &actions)
            }
        }
        for move in AccessibilityMove.allCases where destination(of: move, from: indexPath, in: store.current) != nil {
            actions.append(
                ListAccessibilityAction(name: move.name) { [weak self] in self?.perform(move, on: item) ?? false })
        }
        var names = Set<String>()
        actions = actions.filter { names.insert($0.name).inserted }
        guard description != nil || !actions.isEmpty else { return nil }
        return ListAccessibilityElement(
            description: description ?? ListAccessibilityDescription(), customActions: actions)
    }

    /// Adds a menu's enabled actions, submenus' with their path, as custom actions.
    private func appendActions(
        of menu: ContextMenu, prefix: String, for item: AnyHashable, to actions: inout [ListAccessibilityAction]
    ) {
        for element in menu.children {
            switch element {
            case .action(let action) where !action.isDisabled:
                actions.append(
                    ListAccessibilityAction(name: prefix + action.title) { [weak store] in
                        guard store?.currentItem(for: item) != nil else { return false }
                        action.perform([item])
                        return true
                    })
            case .action: continue
            case .submenu(let submenu):
                appendActions(of: submenu, prefix: prefix + submenu.title + " > ", for: item, to: &actions)
            }
        }
    }

    /// Where a move takes the item at `source` in `snapshot`: the reordering's answer for the proposal,
    /// or `nil` when the item may not move, the move would leave it where it is, or the reordering
    /// vetoes it.
    private func destination(
        of move: AccessibilityMove, from source: ListIndexPath, in snapshot: Snapshot<SectionIdentifier, AnyHashable>
    ) -> ListIndexPath? {
        let reordering = owner.reordering
        let outlines = owner.outlineStore
        guard reordering.canMoveItem(at: source, in: snapshot, outlines: outlines) else { return nil }
        let count = snapshot.numberOfItems(inSectionAt: source.section)
        let proposed: Int
        switch move {
        case .up: proposed = source.item - 1
        case .down: proposed = source.item + 1
        case .top: proposed = source.item > 1 ? 0 : -1
        }
        guard proposed >= 0, proposed < count else { return nil }
        guard
            let target = reordering.targetIndexPath(
                forMoveFrom: source, to: ListIndexPath(item: proposed, section: source.section), in: snapshot,
                outlines: outlines),
            target != source, target.section >= 0, target.section < snapshot.numberOfSections,
            target.item >= 0,
            target.item <= snapshot.numberOfItems(inSectionAt: target.section)
                - (target.section == source.section ? 1 : 0)
        else { return nil }
        return target
    }

    /// Moves an item as a custom action asked, from where it is now on screen (found by identity): the
    /// reordering's `willReorder` hears the move, the moved snapshot is applied (animated), then
    /// `didReorder` hears it. Returns `false`, changing nothing, when the item is gone, the move is no
    /// longer allowed, applies are queued (the list is between states), or the apply is refused (which
    /// `onApplyError` hears).
    private func perform(_ move: AccessibilityMove, on item: AnyHashable) -> Bool {
        let transaction = owner.transaction
        // While applies are queued, the snapshot a move would start from is not on screen yet: decline.
        let snapshot = store.current
        guard transaction.plans.isEmpty, let now = store.currentItem(for: item),
            let source = snapshot.indexPath(of: now),
            let target = destination(of: move, from: source, in: snapshot),
            let reorder = owner.reordering.move(from: [source], to: target, in: snapshot)
        else { return false }
        owner.reordering.willMove(reorder)
        do {
            try transaction.apply(reorder.finalSnapshot, animated: true)
        } catch {
            owner.handlers.onApplyError?(error)
            return false
        }
        owner.reordering.handlers.didReorder?(reorder)
        return true
    }
}

/// A move a custom action offers on a row that may be reordered.
enum AccessibilityMove: CaseIterable {
    /// One place up, within the section.
    case up
    /// One place down, within the section.
    case down
    /// To the top of the section (offered from the third row on; from the second, "Move up" does it).
    case top

    /// The action's name.
    var name: String {
        switch self {
        case .up: "Move up"
        case .down: "Move down"
        case .top: "Move to top"
        }
    }
}
