import CellKit
import DiffableStore

extension ListPluginContext {
    /// The first item of the first section that has items, or `nil` when the list has none.
    ///
    /// - Complexity: O(s) at worst (leading empty sections are skipped).
    var firstItem: AnyHashable? {
        for section in 0..<numberOfSections where numberOfItems(inSection: section) > 0 {
            return item(at: ListIndexPath(item: 0, section: section))
        }
        return nil
    }

    /// The last item of the last section that has items, or `nil` when the list has none.
    ///
    /// - Complexity: O(s) at worst (trailing empty sections are skipped).
    var lastItem: AnyHashable? {
        var section = numberOfSections - 1
        while section >= 0 {
            let count = numberOfItems(inSection: section)
            if count > 0 { return item(at: ListIndexPath(item: count - 1, section: section)) }
            section -= 1
        }
        return nil
    }
}
