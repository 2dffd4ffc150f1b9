// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Test support: the members are the documented `DraftView` and `StaticLabelBlock` requirements.)
@_spi(ListHost) import CellKit
import DiffableStore
@_spi(Testing) import CellKitText

#if !canImport(UIKit)
@_spi(Simulation) import UIKitStandIn
#endif

// The views the tests show as `StaticView` items, on each host: a draft with state of its own (what the
// user typed), and a block of numbered lines whose size the test changes.

/// A static view with state of its own, "what the user typed": it shows `<title>: [<typed>]`, one line
/// (point) a line of it.
@MainActor
public protocol DraftView: AnyObject {
    var title: String { get set }
    var typed: String { get set }
}

extension DraftView {
    /// The lines the draft shows.
    var lines: [String] { textLines("\(title): [\(typed)]") }
}

/// A view you own shown as a static item: `block <id>.1` to `block <id>.<lines>`, its size its line count.
@MainActor
public protocol StaticLabelBlock: AnyObject {
    var id: Int { get }
    /// How many lines it shows; after a change, say so with `invalidateSize(of:)`.
    var lines: Int { get set }
    /// Whether it shows in `cell`, the container cell of its item.
    func isShown(in cell: AnyObject) -> Bool
}

extension StaticLabelBlock {
    /// The lines it shows.
    public var blockLines: [String] { (1...max(1, lines)).map { "block \(id).\($0)" } }
}

// MARK: - Text host

/// A text block shown as a static view.
@MainActor public final class TextDraftView: TextCell, DraftView {
    public var title = ""
    public var typed = ""
    convenience init(title: String) {
        self.init()
        self.title = title
    }
    public override func render(width: Int) -> [String] { lines }
}

/// A text-host static block.
@MainActor public final class TextStaticBlock: TextCell, StaticLabelBlock {
    public private(set) var id = 0
    public var lines = 1
    public convenience init(id: Int, lines: Int) {
        self.init()
        self.id = id
        self.lines = lines
    }
    public override func render(width: Int) -> [String] { blockLines }
    /// A container renders its block only while the block shows in it.
    public func isShown(in cell: AnyObject) -> Bool {
        (cell as? TextCell)?.render(width: 80) == blockLines
    }
}

#if !canImport(UIKit)

// MARK: - UIKit hosts

/// The static views the UIKit harnesses made, to find the one a container cell shows (the stand-in's
/// subviews are not API).
@MainActor
enum MadeStaticViews {
    private final class Weak {
        weak var view: UIView?
        init(_ view: UIView) { self.view = view }
    }
    private static var made: [Weak] = []

    /// Remembers a view made.
    static func add(_ view: UIView) {
        made.removeAll { $0.view == nil }
        made.append(Weak(view))
    }

    /// The static view of a type shown in a container cell, if any.
    static func shown<View: UIView>(_ type: View.Type, in cell: AnyObject?) -> View? {
        guard let contentView = contentView(of: cell) else { return nil }
        return made.lazy.compactMap { $0.view as? View }.first { $0.superview === contentView }
    }
}

/// A list view cell's content view (`nil` for any other view).
@MainActor
func contentView(of cell: AnyObject?) -> UIView? {
    (cell as? UICollectionViewCell)?.contentView ?? (cell as? UITableViewCell)?.contentView
}

/// A `UIView` shown as a static view: as tall as its lines.
@MainActor public final class UIKitDraftView: UIView, DraftView {
    public var title = ""
    public var typed = ""

    convenience init(title: String) {
        self.init(frame: .zero)
        self.title = title
        MadeStaticViews.add(self)
    }

    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(lines.count))
    }
}

/// A UIKit static block: a `UIView` as tall as its lines.
@MainActor public final class UIKitStaticBlock: UIView, StaticLabelBlock, Labelled {
    public private(set) var id = 0
    public var lines = 1
    public convenience init(id: Int, lines: Int) {
        self.init(frame: .zero)
        self.id = id
        self.lines = lines
        MadeStaticViews.add(self)
    }
    public var text: String {
        get { blockLines.joined(separator: "\n") }
        set {}
    }
    public override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize { CGSize(width: targetSize.width, height: CGFloat(max(1, lines))) }
    public func isShown(in cell: AnyObject) -> Bool {
        superview != nil && superview === contentView(of: cell)
    }
}

extension UIKitHarness {
    public func makeDraft(title: String) -> any DraftView { UIKitDraftView(title: title) }
    public func makeStaticBlock(id: Int, lines: Int) -> any StaticLabelBlock { UIKitStaticBlock(id: id, lines: lines) }
    public func draft(at indexPath: ListIndexPath) -> (any DraftView)? {
        MadeStaticViews.shown(UIKitDraftView.self, in: cell(at: indexPath))
    }
    public func container(of block: any DraftView) -> AnyObject? {
        guard let superview = (block as? UIView)?.superview else { return nil }
        listView.layoutIfNeeded()
        return visibleIndexPaths.lazy.compactMap(visibleCell(at:)).first { contentView(of: $0) === superview }
    }
}
#endif
