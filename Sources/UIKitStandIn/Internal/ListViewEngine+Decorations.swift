#if !canImport(UIKit)
import DiffableStore
import Foundation

// A compositional layout's section backgrounds (`NSCollectionLayoutDecorationItem.background(elementKind:)`,
// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem): one view per section and
// kind, of the class the layout registered for the kind, made and reused by the collection view without
// its data source, given its layout attributes (`apply(_:)`), and shown while its frame is in the viewport.

extension ListViewEngine {
    /// A decoration view's place: its kind and its section.
    struct DecorationKey: Hashable, Comparable {
        var kind: String
        var section: Int
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.section, lhs.kind) < (rhs.section, rhs.kind) }
    }

    /// Where a section's decoration of a kind lies: the whole section (header, items and footer, the list
    /// view's width) inset by the decoration item's `contentInsets`; `nil` for a section the layout gives no
    /// such decoration, or one without height.
    func frame(ofDecoration key: DecorationKey) -> CGRect? {
        guard let insets = view._decorations(ofSection: key.section).first(where: { $0.kind == key.kind })?.insets,
            let slot = slotWithInsets(ofSection: key.section), slot.height > 0
        else { return nil }
        return CGRect(
            x: insets.leading, y: slot.top + insets.top,
            width: max(0, view.frame.width - insets.leading - insets.trailing),
            height: max(0, slot.height - insets.top - insets.bottom))
    }

    /// Shows the decorations whose frames are in the viewport and recycles the others; a view shown gets
    /// its attributes (`apply(_:)`) when it is placed, when its frame changes, and after each change of
    /// the layout (`reapplying`: a batch or a reload may have given its place to another section).
    func updateDecorations(reapplying: Bool) {
        var wanted: [DecorationKey: CGRect] = [:]
        for section in itemSlots.indices {
            for decoration in view._decorations(ofSection: section) {
                let key = DecorationKey(kind: decoration.kind, section: section)
                guard let frame = frame(ofDecoration: key), isVisible(Slot(top: frame.minY, height: frame.height))
                else { continue }
                wanted[key] = frame
            }
        }
        for key in decorations.keys.sorted() where wanted[key] == nil {
            recycleDecoration(decorations.removeValue(forKey: key)!.view, kind: key.kind)
        }
        for key in wanted.keys.sorted() {
            let frame = wanted[key]!
            if let shown = decorations[key] {
                guard reapplying || shown.frame != frame else { continue }
                apply(frame, key, to: shown.view)
            } else {
                guard let made = decorationPool[key.kind]?.popLast() ?? view._makeDecorationView(ofKind: key.kind)
                else {
                    raise("no decoration view class registered for kind \(key.kind)")
                    continue
                }
                // Behind the section's cells and boundary views, as a background is drawn.
                view.insertSubview(made, at: 0)
                apply(frame, key, to: made)
            }
        }
    }

    /// Recycles every decoration shown (a reload).
    func removeAllDecorations() {
        for (key, shown) in decorations.sorted(by: { $0.key < $1.key }) {
            recycleDecoration(shown.view, kind: key.kind)
        }
        decorations = [:]
    }

    /// The decoration view shown for a section's decoration of a kind, if any.
    func visibleDecorationView(ofKind kind: String, section: Int) -> UICollectionReusableView? {
        decorations[DecorationKey(kind: kind, section: section)]?.view
    }

    private func apply(_ frame: CGRect, _ key: DecorationKey, to decoration: UICollectionReusableView) {
        let attributes = UICollectionViewLayoutAttributes(
            forDecorationViewOfKind: key.kind, with: ListIndexPath(item: 0, section: key.section).indexPath)
        attributes.frame = frame
        decoration.frame = frame
        decoration.apply(attributes)
        decorations[key] = (decoration, frame)
    }

    private func recycleDecoration(_ decoration: UICollectionReusableView, kind: String) {
        decoration.removeFromSuperview()
        decoration.prepareForReuse()
        decorationPool[kind, default: []].append(decoration)
    }
}
#endif
