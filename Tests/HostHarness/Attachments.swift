// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
@_spi(ListHost) import CellKit
import DiffableStore
@_spi(Testing) import CellKitText

#if !canImport(UIKit)
@_spi(Testing) import CellKitUIKit
@_spi(Simulation) import UIKitStandIn
#endif

// The views a host shows with a cell: item-scoped separators (a rule, a text) and a card drawn around a
// section's items, on each host.

/// A view that shows a rule when shown.
@MainActor
public protocol RuleSeparator: AnyObject {
    var rule: Character { get set }
    var isShown: Bool { get set }
}

/// A card: a frame, rounded or square, with a title in its top edge.
@MainActor
public protocol Card: AnyObject {
    /// The drawing: style and title.
    var drawing: TextSectionBackground { get }
}

extension TextSectionBackground: Card {
    public var drawing: TextSectionBackground { self }
}

extension HostHarness {
    /// Registers an item-scoped view of `kind` that draws a rule of `rule` the width of its row (inside a
    /// card, the card's inner width) when `isShown` says so, and nothing (no line) otherwise. `isShown`
    /// gets the item's context, the item, its section, and whether the view is configured to show (not to
    /// be measured off screen, as the UIKit hosts do).
    public func registerRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        isShown: @escaping @MainActor (_ context: CellContext, _ item: AnyHashable, _ section: S, _ shows: Bool) -> Bool
    ) throws {
        try registerRuleSeparator(dataSource, kind: kind, viewType: ruleSeparatorType, rule: rule, isShown: isShown)
    }

    private func registerRuleSeparator<S: Hashable, View: ReusableView & RuleSeparator>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, viewType: View.Type, rule: Character,
        isShown: @escaping @MainActor (CellContext, AnyHashable, S, Bool) -> Bool
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: viewType) {
            view, context, item, section in
            view.rule = rule
            view.isShown = isShown(context, item, section, !self.isSizingView(view))
        }
    }

    /// Registers an item-scoped view of `kind` showing a text (`""` is one blank line).
    public func registerTextSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (_ context: CellContext, _ item: AnyHashable, _ section: S) -> String
    ) throws {
        try registerTextSeparator(dataSource, kind: kind, viewType: separatorLabelType, text: text)
    }

    private func registerTextSeparator<S: Hashable, View: ReusableView & Labelled>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, viewType: View.Type,
        text: @escaping @MainActor (CellContext, AnyHashable, S) -> String
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: viewType) {
            view, context, item, section in
            view.text = text(context, item, section)
        }
    }

    /// Registers a card drawn around each section's items as a decoration of `kind`: rounded or square,
    /// with a title in its top edge; `configure` gets the section and whether the view is configured to
    /// show.
    public func registerCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        configure: @escaping @MainActor (_ section: S, _ shows: Bool) -> (rounded: Bool, title: String)
    ) throws {
        try registerCard(dataSource, kind: kind, viewType: cardType, configure: configure)
    }

    private func registerCard<S: Hashable, View: ReusableView & Card>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, viewType: View.Type,
        configure: @escaping @MainActor (S, Bool) -> (rounded: Bool, title: String)
    ) throws {
        try dataSource.registerDecorationView(ofKind: kind, viewType: viewType) { card, section in
            let (rounded, title) = configure(section, !self.isSizingView(card))
            card.drawing.style = rounded ? .rounded : .square
            card.drawing.title = title
        }
    }
}

// MARK: - Text host

/// A text-host rule separator: a line of its rule, the row's width, when shown; nothing otherwise.
@MainActor public final class TextRuleSeparator: TextCell, RuleSeparator {
    public var rule: Character = "-"
    public var isShown = true
    public override func render(width: Int) -> [String] { isShown ? [String(repeating: rule, count: width)] : [] }
}

/// A text-host item-scoped view showing a text.
@MainActor public final class TextSeparatorLabel: TextCell, Labelled {}

#if !canImport(UIKit)

// MARK: - UIKit hosts

/// A UIKit rule separator: a line of its rule, the row's width, when shown; nothing (no height) otherwise.
@MainActor public final class UIKitRuleSeparator: UIView, ReusableView, RuleSeparator {
    public var rule: Character = "-"
    public var isShown = true
    public func lines(width: Int) -> [String] { isShown ? [String(repeating: rule, count: width)] : [] }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: isShown ? 1 : 0) }
}

/// A UIKit item-scoped view showing a text, one point a line (`""` is one blank line).
@MainActor public final class UIKitSeparatorLabel: UIView, ReusableView, Labelled {
    public var text = ""
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: CGFloat(textLines(text).count)) }
}

/// A UIKit card: a decoration whose layout margins (one point above the first item and below the
/// last) make room for its edges, drawn as `TextSectionBackground` draws them.
@MainActor public final class UIKitCardView: UIView, ReusableView, Card {
    public let drawing = TextSectionBackground()
    public required init(frame: CGRect) {
        super.init(frame: frame)
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2)
    }
    public required init?(coder: NSCoder) { nil }
}

extension UIKitHarness {
    public func isSizingView(_ view: AnyObject) -> Bool { uikitHost.isSizingView(view) }
    public var ruleSeparatorType: any (ReusableView & RuleSeparator).Type { UIKitRuleSeparator.self }
    public var separatorLabelType: any (ReusableView & Labelled).Type { UIKitSeparatorLabel.self }
    public var cardType: any (ReusableView & Card).Type { UIKitCardView.self }
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject? {
        guard let cell = cell(at: indexPath), let attachments = uikitHost.attachments(of: cell),
            let index = ((uikitHost.dataSource as? any ListHostItemViews)?.itemSupplementaryKinds(in: uikitHost) ?? [])
                .firstIndex(of: kind),
            attachments.supplementaries.indices.contains(index)
        else { return nil }
        return attachments.supplementaries[index]
    }
}
#endif
