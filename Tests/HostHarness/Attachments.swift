// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `HostHarness` requirements.)
import CellKit
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
    var isShown: Bool { get }
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
@MainActor public final class UIKitCardView: UIView, ReusableView {
    /// The drawing: style and title.
    public let drawing = TextSectionBackground()
    public required init(frame: CGRect) {
        super.init(frame: frame)
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2)
    }
    public required init?(coder: NSCoder) { nil }
}

extension UIKitHarness {
    /// The host configures a view to measure it as well as to show it: `isShown` is told which.
    public func registerRuleSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind, rule: Character,
        isShown: @escaping @MainActor (CellContext, AnyHashable, S, Bool) -> Bool
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: UIKitRuleSeparator.self) {
            [uikitHost] view, context, item, section in
            view.rule = rule
            view.isShown = isShown(context, item, section, !uikitHost.isMeasuringViews)
        }
    }
    public func registerTextSeparator<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        text: @escaping @MainActor (CellContext, AnyHashable, S) -> String
    ) throws {
        try dataSource.registerItemSupplementaryView(ofKind: kind, viewType: UIKitSeparatorLabel.self) {
            view, context, item, section in
            view.text = text(context, item, section)
        }
    }
    /// The host configures a view to measure it as well as to show it: `configure` is told which.
    public func registerCard<S: Hashable>(
        _ dataSource: UniversalDataSource<S>, kind: SupplementaryKind,
        configure: @escaping @MainActor (S, Bool) -> (rounded: Bool, title: String)
    ) throws {
        try dataSource.registerDecorationView(ofKind: kind, viewType: UIKitCardView.self) {
            [uikitHost] card, section in
            let (rounded, title) = configure(section, !uikitHost.isMeasuringViews)
            card.drawing.style = rounded ? .rounded : .square
            card.drawing.title = title
        }
    }
    public func itemSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ListIndexPath) -> AnyObject? {
        guard let cell = cell(at: indexPath), let attachments = uikitHost.attachments(of: cell),
            let index = (uikitHost.dataSource?.itemSupplementaryKinds(in: uikitHost) ?? []).firstIndex(of: kind),
            attachments.supplementaries.indices.contains(index)
        else { return nil }
        return attachments.supplementaries[index]
    }
}
#endif
