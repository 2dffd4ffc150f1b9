import DiffableStore

// Which items can take the focus and how the list treats it: the plugins' answers (a `FocusPlugin`),
// every item focusable when none says otherwise.

extension HostAdapter {
    /// Whether the item at an index path can take the focus: the focus plugin's answer for it, `true`
    /// when no plugin says; `false` for an index path with no item.
    ///
    /// - Complexity: O(f) for the *f* focus registrations, plus their answers.
    func canFocusItem(at indexPath: ListIndexPath, in host: any ListHost) -> Bool {
        guard let item = store.current.itemIdentifier(at: indexPath) else { return false }
        let plugins = owner.pluginCoordinator
        guard !plugins.isEmpty else { return true }
        return plugins.canFocus(item, context: plugins.context(for: owner)) ?? true
    }

    /// The focus plugin's behaviour, or `nil` when none is attached.
    func focusBehavior(in host: any ListHost) -> ListFocusBehavior? {
        owner.pluginCoordinator.focusBehavior
    }
}
