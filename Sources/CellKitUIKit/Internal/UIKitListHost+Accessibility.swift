#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// What VoiceOver reads on a cell and the custom actions it offers there, set as the cell is configured:
// asked of the data source (`ListHostAccessibility`), whose actions act on the cell's item by identity.
// The context menu's actions are not among them: VoiceOver offers a cell's menu itself ("Show Context
// Menu"), and the menu is built only when the user asks for it, not for every cell configured.

extension UIKitListHost {
    /// Sets a cell's accessibility label, value, hint, traits and custom actions from what the data source
    /// says about its item (a description without a label keeps the cell's own label); what the host set
    /// on a reused cell before is cleared first (its label only while the cell shows it still).
    ///
    /// - Complexity: O(a) for the *a* custom actions, plus the data source's answer.
    func describe(_ cell: UIView, at path: ListIndexPath) {
        let key = ObjectIdentifier(cell)
        // The label the host set last time, cleared unless the configuration just set the cell's own.
        if let labelled = state.describedCells.removeValue(forKey: key) {
            if let label = labelled, cell.accessibilityLabel == label {
                cell.accessibilityLabel = nil
                cell.isAccessibilityElement = false
            }
            cell.accessibilityValue = nil
            cell.accessibilityHint = nil
            cell.accessibilityTraits = []
            cell.accessibilityCustomActions = nil
        }
        guard let dataSource = dataSource as? any ListHostAccessibility,
            let element = dataSource.accessibilityElement(at: path, includingMenuActions: false, in: self)
        else { return }
        let description = element.description
        state.describedCells[key] = .some(description.label)
        if let label = description.label {
            cell.isAccessibilityElement = true
            cell.accessibilityLabel = label
        }
        cell.accessibilityValue = description.value
        cell.accessibilityHint = description.hint
        cell.accessibilityTraits = Self.uiTraits(description.traits)
        cell.accessibilityCustomActions = element.customActions.map { action in
            UIAccessibilityCustomAction(name: action.name) { _ in MainActor.assumeIsolated { action.perform() } }
        }
    }

    /// UIKit's traits for a description's.
    ///
    /// By raw value: the SDK imports `UIAccessibilityTraits.button` and the others from mutable C globals
    /// (`UIKIT_EXTERN UIAccessibilityTraits UIAccessibilityTraitButton;`), which Swift 6 refuses to read
    /// ("not concurrency-safe because it involves shared mutable state"). The values are UIKit's, fixed by
    /// its ABI (`UIAccessibilityTraitButton` is 1, `UIAccessibilityTraitHeader` 1 << 16, ...); the
    /// stand-in declares the same.
    private static func uiTraits(_ traits: ListAccessibilityTraits) -> UIAccessibilityTraits {
        let pairs: [(ListAccessibilityTraits, UInt64)] = [
            (.button, 1 << 0), (.link, 1 << 1), (.image, 1 << 2), (.selected, 1 << 3), (.staticText, 1 << 6),
            (.notEnabled, 1 << 8), (.updatesFrequently, 1 << 9), (.adjustable, 1 << 12), (.header, 1 << 16),
        ]
        return UIAccessibilityTraits(
            rawValue: pairs.reduce(into: UInt64(0)) { if traits.contains($1.0) { $0 |= $1.1 } })
    }
}
