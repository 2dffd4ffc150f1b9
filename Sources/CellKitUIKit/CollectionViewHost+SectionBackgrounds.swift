#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// A section's card (a decoration of the data source's, `registerDecorationView(ofKind:viewType:configure:)`)
// in the compositional layout the host makes: the layout's own background decoration item, one view behind
// the section's items, as Apple's compositional layout draws a section background
// (https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem). Other layouts (a list
// layout, a section provider of the app's) draw the card piece by piece in each cell
// (Internal/UIKitListHost+Attachments.swift).

extension CollectionViewHost {
    private static let backgroundKindPrefix = "CellKit.background."

    /// The element kind of the layout's background for one of the data source's decoration kinds.
    static func elementKind(ofDecoration kind: SupplementaryKind) -> String {
        backgroundKindPrefix + kind.rawValue
    }

    /// The decoration kind a background's element kind stands for; `nil` for another element kind.
    static func decorationKind(ofElementKind elementKind: String) -> SupplementaryKind? {
        guard elementKind.hasPrefix(backgroundKindPrefix) else { return nil }
        return SupplementaryKind(rawValue: String(elementKind.dropFirst(backgroundKindPrefix.count)))
    }

    /// Makes a compositional layout of your own, whose section provider builds the host's sections with
    /// ``layoutSection(at:environment:itemHeight:)``, draw the data source's cards (its decoration views,
    /// `registerDecorationView(ofKind:viewType:configure:)`) as ``makeCompositionalLayout(itemHeight:)``'s
    /// layout does: each section's card is a background decoration item of the layout
    /// (`NSCollectionLayoutDecorationItem.background(elementKind:)`), one view behind the section's items
    /// that shows the data source's view for the section, instead of a piece drawn in each cell.
    ///
    /// ```swift
    /// let layout = UICollectionViewCompositionalLayout { section, environment in
    ///     // Your own sections where you want them; the host's elsewhere.
    ///     host.layoutSection(at: section, environment: environment, itemHeight: .absolute(44))
    /// }
    /// host.drawSectionBackgrounds(in: layout)
    /// host.collectionView.collectionViewLayout = layout
    /// ```
    ///
    /// The host draws the backgrounds of one layout: the last one given here or made by
    /// ``makeCompositionalLayout(itemHeight:)``, while it is the collection view's layout. It registers
    /// its background view class on the layout for each decoration kind (element kinds starting with
    /// `CellKit.background.`).
    ///
    /// - Parameter layout: The layout; the host holds it weakly.
    public func drawSectionBackgrounds(in layout: UICollectionViewCompositionalLayout) {
        state.backgroundLayout = layout
        state.backgroundKindsRegistered = []
    }

    /// Whether the collection view lays out with the compositional layout the host made, which draws the
    /// sections' cards as background decoration items (then no cell draws a piece of one).
    var drawsSectionBackgroundsInLayout: Bool {
        guard let layout = state.backgroundLayout else { return false }
        return collectionView.collectionViewLayout === layout
    }

    /// The background decoration items of a section in the layout the host made: one for each decoration
    /// kind the section shows (not one it omits), over its items (inset by its header's and footer's
    /// heights, as a card frames the items), each kind registered on the layout the first time.
    ///
    /// - Complexity: O(d) for *d* decoration kinds.
    func backgroundItems(inSection section: Int) -> [NSCollectionLayoutDecorationItem] {
        guard drawsSectionBackgroundsInLayout, let layout = state.backgroundLayout, let dataSource else { return [] }
        var items: [NSCollectionLayoutDecorationItem] = []
        for kind in decorationKinds(of: dataSource)
        where dataSource.reuse(for: .decoration(kind, section: section), in: self) != nil {
            let elementKind = Self.elementKind(ofDecoration: kind)
            if state.backgroundKindsRegistered.insert(kind).inserted {
                layout.register(SectionBackgroundView.self, forDecorationViewOfKind: elementKind)
            }
            let item = NSCollectionLayoutDecorationItem.background(elementKind: elementKind)
            item.contentInsets = NSDirectionalEdgeInsets(
                top: heightOfSupplementaryView(ofKind: .header, inSection: section), leading: 0,
                bottom: heightOfSupplementaryView(ofKind: .footer, inSection: section), trailing: 0)
            items.append(item)
        }
        return items
    }

    /// Shows in a background view the data source's decoration view of its kind for its section,
    /// configured now (the one it shows already when the registration is the same), filling it.
    func configureBackground(_ background: SectionBackgroundView) {
        guard let section = background.section, let kind = background.kind,
            knownCounts().indices.contains(section)
        else { return }
        var inPlace: [UIKitHostState.ReuseKey: UIView] = [:]
        if let previous = background.embedded, let key = state.attachmentKeys[ObjectIdentifier(previous)] {
            inPlace[key] = previous
        }
        let configured =
            configuredView(for: .decoration(kind, section: section)) { attachmentView(for: $0, reusing: &inPlace) }
            as? UIView
        for left in inPlace.values { recycleAttachment(left) }
        background.embedded = configured
        if let configured {
            configured.frame = background.bounds
            configured.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if configured.superview !== background { background.addSubview(configured) }
        }
        state.backgrounds.removeAll { $0.view == nil }
        if !state.backgrounds.contains(where: { $0.view === background }) {
            state.backgrounds.append(WeakSectionBackground(view: background))
        }
    }

    /// Configures again every background view the collection view shows, after a change of the data
    /// (UIKit hands a background new layout attributes only when its frame or place changes).
    func refreshBackgrounds() {
        for background in state.backgrounds.compactMap(\.view) where background.superview != nil {
            configureBackground(background)
        }
    }

    /// The data source's decoration views shown behind a section by the layout's backgrounds.
    func backgroundViews(inSection section: Int) -> [UIView] {
        state.backgrounds.compactMap(\.view).filter { $0.superview != nil && $0.section == section }
            .compactMap(\.embedded)
    }
}
