// Every UIKit declaration CellKitUIKit compiles against, with the signature Apple documents and where.
//
// This file, with UIKitAPI+CompositionalLayout.swift, UIKitAPI+ListCells.swift and UIKitAPI+Menus.swift, is the audit list: the
// host's sources (Sources/CellKitUIKit) use nothing from UIKit that is not declared there, with its
// documented Swift signature (a link to Apple's page above each). On Apple
// platforms the host imports UIKit instead and this module is empty. The behaviour behind these
// declarations (counts, visible cells, reuse, batch rules, layout) is in Internal/, one engine for the
// collection view and the table view; the calls tests make as a user would (taps, drags, swipes,
// interactive moves and reordering) are in Simulation.swift, behind `@_spi(Simulation)`.
//
// Deviations, all forced by Swift without the Objective-C runtime, none of which lets host code compile
// here that would not compile against UIKit:
// - Optional protocol requirements are requirements with a default implementation (in the extension
//   after each protocol) that does what UIKit does when the method is absent.
// - `UIView.init(frame:)`, `UITableViewCell.init(style:reuseIdentifier:)` and
//   `UITableViewHeaderFooterView.init(reuseIdentifier:)` are `required`: Swift instantiates a registered
//   `AnyClass` only through a required initializer, where UIKit uses `alloc` and `initWithFrame:`,
//   `initWithStyle:reuseIdentifier:` or `initWithReuseIdentifier:`. The host never instantiates a class
//   itself. (A subclass that overrides one of them writes `required` here; UIKit accepts that too.)
// - `class let elementKindSectionHeader` and `class let automaticDimension` are `class var`s (Swift has no
//   stored class properties in source).
// - `UIView`, `UICollectionViewLayout`, `UICollectionViewLayoutAttributes`, `UIContextualAction`,
//   `UISwipeActionsConfiguration`, `UIDragItem`, `UIDropProposal` and `NSItemProvider` (Foundation's, which
//   swift-corelibs-foundation lacks) are root classes, not `NSObject` (`UIResponder`) subclasses: the host
//   uses none of `NSObject`'s API on them.

#if !canImport(UIKit)
@_exported import Foundation
import DiffableStore

// MARK: - UIView

/// https://developer.apple.com/documentation/uikit/uiview
/// `@MainActor class UIView : UIResponder`
@MainActor
open class UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    /// `init(frame: CGRect)`
    public required init(frame: CGRect) {
        self.frame = frame
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    /// `init?(coder: NSCoder)` (declared so subclasses face UIKit's initializer rules; the stand-in
    /// decodes nothing).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// `init()`, inherited from `NSObject` in UIKit: `init(frame: .zero)`.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/frame
    /// `var frame: CGRect { get set }`
    open var frame: CGRect

    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    /// `var bounds: CGRect { get set }` (the stand-in's bounds are the frame's size at the origin,
    /// except a scroll view's, which start at its content offset).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/superview
    /// `var superview: UIView? { get }`
    public private(set) weak var superview: UIView?

    /// The subviews, back to front.
    var _subviews: [UIView] = []

    /// https://developer.apple.com/documentation/uikit/uiview/subviews
    /// `var subviews: [UIView] { get }`: back to front. (The stand-in's list views keep their cells and
    /// boundary views out of it; their section backgrounds are in it.)
    public var subviews: [UIView] { _subviews }

    /// The accessibility properties (UIAccessibility, UIKitAPI+Accessibility.swift).
    var _accessibility = ViewAccessibility()

    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    /// `func addSubview(_ view: UIView)`
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        _subviews.append(view)
        view.superview = self
        view.didMoveToSuperview()
    }

    /// https://developer.apple.com/documentation/uikit/uiview/didmovetosuperview()
    /// `func didMoveToSuperview()`: "tells the view that its superview changed"; the default does nothing.
    open func didMoveToSuperview() {}

    /// https://developer.apple.com/documentation/uikit/uiview/insertsubview(_:at:)
    /// `func insertSubview(_ view: UIView, at index: Int)`
    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        _subviews.insert(view, at: min(max(0, index), _subviews.count))
        view.superview = self
        view.didMoveToSuperview()
    }

    /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
    /// `func removeFromSuperview()`
    open func removeFromSuperview() {
        guard let superview else { return }
        superview._subviews.removeAll { $0 === self }
        self.superview = nil
        didMoveToSuperview()
    }

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
    /// `var autoresizingMask: UIView.AutoresizingMask { get set }`
    open var autoresizingMask: AutoresizingMask = []

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
    /// `struct AutoresizingMask` (an `OptionSet` of `UInt`).
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// Creates a mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
        /// `static var flexibleWidth: UIView.AutoresizingMask { get }`
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
        /// `static var flexibleHeight: UIView.AutoresizingMask { get }`
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
    /// `func layoutIfNeeded()` (the stand-in lays out collection views only).
    open func layoutIfNeeded() {}

    /// https://developer.apple.com/documentation/uikit/uiview/directionallayoutmargins
    /// `var directionalLayoutMargins: NSDirectionalEdgeInsets { get set }` (8 points on each side by
    /// default, as for most views).
    open var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

    /// https://developer.apple.com/documentation/uikit/uiview/systemlayoutsizefitting(_:withhorizontalfittingpriority:verticalfittingpriority:)
    /// `func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority
    /// horizontalFittingPriority: UILayoutPriority, verticalFittingPriority: UILayoutPriority) -> CGSize`
    ///
    /// The stand-in has no Auto Layout: the default returns the target width and the view's own height;
    /// test views override it.
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: frame.height)
    }
}

/// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets
/// `struct NSDirectionalEdgeInsets`
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/top
    /// `var top: CGFloat`
    public var top: CGFloat
    /// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/leading
    /// `var leading: CGFloat`
    public var leading: CGFloat
    /// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/bottom
    /// `var bottom: CGFloat`
    public var bottom: CGFloat
    /// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/trailing
    /// `var trailing: CGFloat`
    public var trailing: CGFloat

    /// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/init()
    /// `init()`: every inset 0.
    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }

    /// https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets/init(top:leading:bottom:trailing:)-6wnda
    /// `init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat)`
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// https://developer.apple.com/documentation/uikit/uilayoutpriority
/// `struct UILayoutPriority` (a `Float` raw value).
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
    /// The priority, from 0 to 1000 (``required``).
    public var rawValue: Float
    /// Creates a priority from its value.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uilayoutpriority/required
    /// `static let required: UILayoutPriority`
    public static let required = UILayoutPriority(rawValue: 1000)
    /// https://developer.apple.com/documentation/uikit/uilayoutpriority/fittingsizelevel
    /// `static let fittingSizeLevel: UILayoutPriority`
    public static let fittingSizeLevel = UILayoutPriority(rawValue: 50)
}

// MARK: - UIScrollView

/// https://developer.apple.com/documentation/uikit/uiscrollview
/// `@MainActor class UIScrollView : UIView`
@MainActor
open class UIScrollView: UIView {
    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
    /// `var contentOffset: CGPoint { get set }`; setting it tells the delegate `scrollViewDidScroll(_:)`.
    open var contentOffset: CGPoint = .zero {
        didSet {
            guard contentOffset != oldValue else { return }
            _contentOffsetDidChange()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentsize
    /// `var contentSize: CGSize { get set }`
    open var contentSize: CGSize = .zero

    open override var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// What a subclass does when the offset changes (a collection view tells its delegate and lays out).
    func _contentOffsetDidChange() {}
}

/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate
/// `@MainActor protocol UIScrollViewDelegate : NSObjectProtocol`
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidscroll(_:)
    /// `optional func scrollViewDidScroll(_ scrollView: UIScrollView)`
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewwillbegindragging(_:)
    /// `optional func scrollViewWillBeginDragging(_ scrollView: UIScrollView)`
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewwillenddragging(_:withvelocity:targetcontentoffset:)
    /// `optional func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    /// targetContentOffset: UnsafeMutablePointer<CGPoint>)`
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidenddragging(_:willdecelerate:)
    /// `optional func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)`
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidenddecelerating(_:)
    /// `optional func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)`
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

// Defaults stand in for UIKit's `optional` requirements, documented on the protocol.
// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}

// MARK: - Reusable views

/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
/// `@MainActor class UICollectionReusableView : UIView`
@MainActor
open class UICollectionReusableView: UIView {
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/prepareforreuse()
    /// `func prepareForReuse()`
    open func prepareForReuse() {}

    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/apply(_:)
    /// `func apply(_ layoutAttributes: UICollectionViewLayoutAttributes)`: "applies the specified layout
    /// attributes to the view"; the default does nothing (the collection view sets the frame).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/reuseidentifier
    /// `var reuseIdentifier: String? { get }`
    open var reuseIdentifier: String? { _reuseIdentifier }

    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/preferredlayoutattributesfitting(_:)
    /// `func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) ->
    /// UICollectionViewLayoutAttributes`: a layout whose size for the view is estimated asks it for the
    /// size it wants (self-sizing); by default the attributes' width, and the height
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` gives at that width.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let width = layoutAttributes.frame.width
        let fitted = systemLayoutSizeFitting(
            CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        layoutAttributes.frame.size = CGSize(width: width, height: fitted.height)
        return layoutAttributes
    }

    /// The identifier the view was dequeued under.
    var _reuseIdentifier: String?
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
/// `@MainActor class UICollectionViewCell : UICollectionReusableView`
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
    /// `var contentView: UIView { get }`
    public private(set) lazy var contentView: UIView = {
        let view = UIView(frame: bounds)
        addSubview(view)
        return view
    }()

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/isselected
    /// `var isSelected: Bool { get set }`: the collection view sets it as the item is selected and
    /// deselected, and for a cell it displays (app-side API: the host does not use it; cells override it).
    /// A change asks for a configuration update (``setNeedsUpdateConfiguration()``), as in UIKit.
    open var isSelected: Bool {
        get { _isSelected }
        set {
            guard newValue != _isSelected else { return }
            _isSelected = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/ishighlighted
    /// `var isHighlighted: Bool { get set }`: the collection view sets it while a finger is on the item
    /// (app-side API, as `isSelected`). A change asks for a configuration update.
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set {
            guard newValue != _isHighlighted else { return }
            _isHighlighted = newValue
            setNeedsUpdateConfiguration()
        }
    }

    private var _isSelected = false
    private var _isHighlighted = false

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/configurationstate
    /// `var configurationState: UICellConfigurationState { get }`, iOS 14.0+: the cell's selected and
    /// highlighted states, whether it has the focus (`UIView.isFocused`), and whether it is swiped open (the
    /// stand-in has no editing or drag).
    @available(iOS 14.0, tvOS 14.0, *)
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isFocused = isFocused
        state.isSwiped = _isSwiped
        return state
    }

    /// https://developer.apple.com/documentation/uikit/uiview/isfocused
    /// `var isFocused: Bool { get }`: whether the cell has the focus (the focus engine moves it: in the
    /// stand-in, the list view's `_focus(_:)`). A change asks for a configuration update, as the focus is
    /// part of the cell's configuration state.
    open var isFocused: Bool { _isFocused }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/setneedsupdateconfiguration()
    /// `func setNeedsUpdateConfiguration()`, iOS 14.0+: the update is coalesced and made in the list view's
    /// next layout pass (``updateConfiguration(using:)``, then ``configurationUpdateHandler``), or when the
    /// cell is next displayed.
    @available(iOS 14.0, tvOS 14.0, *)
    open func setNeedsUpdateConfiguration() {
        _needsUpdateConfiguration = true
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/updateconfiguration(using:)
    /// `func updateConfiguration(using state: UICellConfigurationState)`, iOS 14.0+: subclasses override it;
    /// the default does nothing (the stand-in's content configurations do not change with the state).
    @available(iOS 14.0, tvOS 14.0, *)
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/configurationupdatehandler-swift.property
    /// `var configurationUpdateHandler: UICollectionViewCell.ConfigurationUpdateHandler? { get set }`, iOS
    /// 15.0+: called after ``updateConfiguration(using:)``; setting one asks for an update.
    @available(iOS 15.0, tvOS 15.0, *)
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/configurationupdatehandler-swift.typealias
    /// `typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void`, iOS 15.0+.
    @available(iOS 15.0, tvOS 15.0, *)
    public typealias ConfigurationUpdateHandler = (_ cell: UICollectionViewCell, _ state: UICellConfigurationState) ->
        Void

    /// Whether a configuration update is owed, and whether the cell is swiped open (the list view sets it).
    var _needsUpdateConfiguration = true
    var _isFocused = false {
        didSet { if _isFocused != oldValue { setNeedsUpdateConfiguration() } }
    }
    var _isSwiped = false {
        didSet { if _isSwiped != oldValue { setNeedsUpdateConfiguration() } }
    }

    /// Makes the configuration update owed, if any: the automatic updates of the content and background
    /// configurations for the state, then ``updateConfiguration(using:)``, then the handler.
    func _updateConfigurationIfNeeded() {
        guard _needsUpdateConfiguration else { return }
        _needsUpdateConfiguration = false
        let state = configurationState
        _configurations.updateAutomatically(for: state, in: contentView)
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    /// The content and background configurations set (UIKitAPI+CellConfigurations.swift) and their views.
    var _configurations = _CellConfigurations()

    /// A cell with a content configuration measures its content view, as Auto Layout would; another, as
    /// `UIView` does.
    open override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        guard let view = _configurations.contentView else {
            return super.systemLayoutSizeFitting(
                targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                verticalFittingPriority: verticalFittingPriority)
        }
        return view.systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
            verticalFittingPriority: verticalFittingPriority)
    }
}

// MARK: - Layout

/// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
/// `@MainActor class UICollectionViewLayout : NSObject`
@MainActor
open class UICollectionViewLayout {
    /// `init()`.
    public init() {}

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/collectionview
    /// `var collectionView: UICollectionView? { get }`
    public internal(set) weak var collectionView: UICollectionView?

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/invalidatelayout()
    /// `func invalidateLayout()`: the layout asks for every size again at the next layout pass.
    open func invalidateLayout() {
        collectionView?._layoutInvalidated()
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/register(_:fordecorationviewofkind:)-361k6
    /// `func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String)`: the class the
    /// collection view makes the layout's decoration views of that kind from (`nil` unregisters); "you do
    /// not need to create decoration views explicitly".
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        _decorationClasses[elementKind] = viewClass
    }

    /// The classes registered for decoration views, by kind.
    var _decorationClasses: [String: AnyClass] = [:]
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
/// `@MainActor class UICollectionViewLayoutAttributes : NSObject`
@MainActor
open class UICollectionViewLayoutAttributes {
    /// `init()`, inherited from `NSObject` in UIKit.
    public init() {}

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/init(fordecorationviewofkind:with:)
    /// `convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath)`
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementKind = decorationViewKind
        representedElementCategory = .decorationView
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/frame
    /// `var frame: CGRect { get set }`
    open var frame: CGRect = .zero

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/indexpath
    /// `var indexPath: IndexPath { get set }`
    open var indexPath = IndexPath()

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/representedelementkind
    /// `var representedElementKind: String? { get }` (`nil` for a cell)
    public private(set) var representedElementKind: String?

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/representedelementcategory
    /// `var representedElementCategory: UICollectionView.ElementCategory { get }`
    public private(set) var representedElementCategory = UICollectionView.ElementCategory.cell

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/zindex
    /// `var zIndex: Int { get set }`
    open var zIndex = 0
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout
/// `@MainActor class UICollectionViewFlowLayout : UICollectionViewLayout`
///
/// The stand-in stacks every item on its own row (a vertical list), each section as: header, items,
/// footer; sizes come from the delegate (`UICollectionViewDelegateFlowLayout`) or the properties below.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/itemsize
    /// `var itemSize: CGSize { get set }` (UIKit's default is 50 × 50).
    open var itemSize = CGSize(width: 50, height: 50)
}

// MARK: - Collection view

/// https://developer.apple.com/documentation/uikit/uicollectionview
/// `@MainActor class UICollectionView : UIScrollView`
@MainActor
open class UICollectionView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/init(frame:collectionviewlayout:)
    /// `init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout)`
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// `UIView`'s `init(frame:)`: a collection view with a `UICollectionViewFlowLayout`.
    public required init(frame: CGRect) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(frame: frame)
        collectionViewLayout.collectionView = self
    }

    /// `UIView`'s `init?(coder:)`: the stand-in decodes nothing.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A new size lays the collection view out again at the next layout pass, as a bounds change does.
    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { _layoutInvalidated() } }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/backgroundview
    /// `var backgroundView: UIView? { get set }` (kept, not laid out: the stand-in draws nothing).
    open var backgroundView: UIView?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/collectionviewlayout
    /// `var collectionViewLayout: UICollectionViewLayout { get set }`
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            collectionViewLayout.collectionView = self
            _layoutInvalidated()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/datasource
    /// `weak var dataSource: (any UICollectionViewDataSource)? { get set }`
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { _engine.dataSourceChanged() }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/delegate
    /// `weak var delegate: (any UICollectionViewDelegate)? { get set }`
    open weak var delegate: (any UICollectionViewDelegate)?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/prefetchdatasource
    /// `weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)? { get set }`
    open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/dragdelegate
    /// `weak var dragDelegate: (any UICollectionViewDragDelegate)? { get set }`, iOS 11.0+.
    open weak var dragDelegate: (any UICollectionViewDragDelegate)?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/dropdelegate
    /// `weak var dropDelegate: (any UICollectionViewDropDelegate)? { get set }`, iOS 11.0+.
    open weak var dropDelegate: (any UICollectionViewDropDelegate)?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/draginteractionenabled
    /// `var dragInteractionEnabled: Bool { get set }` (`true` on iPad, `false` on iPhone; the stand-in
    /// starts `false` and reads it nowhere: tests drag as an iPad user would).
    open var dragInteractionEnabled = false

    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementcategory
    /// `enum ElementCategory : UInt, @unchecked Sendable`
    public enum ElementCategory: UInt, Sendable {
        /// `case cell`
        case cell = 0
        /// `case supplementaryView`
        case supplementaryView = 1
        /// `case decorationView`
        case decorationView = 2
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionheader
    /// `class let elementKindSectionHeader: String`
    open class var elementKindSectionHeader: String { "UICollectionElementKindSectionHeader" }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionfooter
    /// `class let elementKindSectionFooter: String`
    open class var elementKindSectionFooter: String { "UICollectionElementKindSectionFooter" }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forcellwithreuseidentifier:)-2mpw2
    /// `func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String)`
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        _engine.register(cellClass, kind: nil, identifier: identifier)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forsupplementaryviewofkind:withreuseidentifier:)-661io
    /// `func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    /// withReuseIdentifier identifier: String)`
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        _engine.register(viewClass, kind: elementKind, identifier: identifier)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
    /// `func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell`
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        _engine.dequeueCell(identifier: identifier, indexPath: indexPath) as? UICollectionViewCell
            ?? UICollectionViewCell(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablesupplementaryview(ofkind:withreuseidentifier:for:)
    /// `func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
    /// for indexPath: IndexPath) -> UICollectionReusableView`
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String,
        for indexPath: IndexPath
    ) -> UICollectionReusableView {
        _engine.dequeueSupplementary(kind: elementKind, identifier: identifier, indexPath: indexPath)
            as? UICollectionReusableView
            ?? UICollectionReusableView(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
    /// `func reloadData()`
    open func reloadData() {
        _engine.reloadData()
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
    /// `func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        _engine.performBatchUpdates(updates, completion: completion)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
    /// `func insertSections(_ sections: IndexSet)`
    open func insertSections(_ sections: IndexSet) {
        _engine.record { $0.insertedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
    /// `func deleteSections(_ sections: IndexSet)`
    open func deleteSections(_ sections: IndexSet) {
        _engine.record { $0.deletedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloadsections(_:)
    /// `func reloadSections(_ sections: IndexSet)`
    open func reloadSections(_ sections: IndexSet) {
        _engine.record { $0.reloadedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/movesection(_:tosection:)
    /// `func moveSection(_ section: Int, toSection newSection: Int)`
    open func moveSection(_ section: Int, toSection newSection: Int) {
        _engine.record { $0.movedSections.append(Move(section, newSection)) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
    /// `func insertItems(at indexPaths: [IndexPath])`
    open func insertItems(at indexPaths: [IndexPath]) {
        _engine.record { $0.insertedItems += indexPaths.map(_path) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
    /// `func deleteItems(at indexPaths: [IndexPath])`
    open func deleteItems(at indexPaths: [IndexPath]) {
        _engine.record { $0.deletedItems += indexPaths.map(_path) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
    /// `func reloadItems(at indexPaths: [IndexPath])`
    open func reloadItems(at indexPaths: [IndexPath]) {
        _engine.record { $0.reloadedItems += indexPaths.map(_path) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
    /// `func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)`
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        _engine.record { $0.movedItems.append(Move(_path(indexPath), _path(newIndexPath))) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
    /// `func reconfigureItems(at indexPaths: [IndexPath])`, iOS 15.0+, tvOS 15.0+.
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        _engine.reconfigureItems(at: indexPaths)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforvisibleitems
    /// `var indexPathsForVisibleItems: [IndexPath] { get }` (in no particular order in UIKit; the
    /// stand-in gives them in the order the dictionary holds them, which is not sorted either).
    open var indexPathsForVisibleItems: [IndexPath] {
        _engine.visibleIndexPaths
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellforitem(at:)
    /// `func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell?`
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        _engine.visibleCell(at: indexPath) as? UICollectionViewCell
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/indexpath(for:)
    /// `func indexPath(for cell: UICollectionViewCell) -> IndexPath?` (`nil` when the cell is not visible).
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        _engine.indexPath(of: cell)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryview(forelementkind:at:)
    /// `func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    /// -> UICollectionReusableView?` (`nil` when the view is not shown).
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionReusableView?
    {
        let edge: SupplementaryEdge? =
            switch elementKind {
            case Self.elementKindSectionHeader: .header
            case Self.elementKindSectionFooter: .footer
            default: nil
            }
        guard let edge, let section = indexPath.first else { return nil }
        return _engine.visibleSupplementaryView(edge, section: section) as? UICollectionReusableView
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/layoutattributesforitem(at:)
    /// `func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?`
    /// (the stand-in brings the layout up to date first, without placing cells, as UIKit's layout does;
    /// `nil` for an index path outside the layout).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        _engine.prepareLayoutIfNeeded()
        guard let slot = _engine.slot(of: _path(indexPath)) else { return nil }
        let attributes = UICollectionViewLayoutAttributes()
        attributes.frame = CGRect(x: slot.x, y: slot.top, width: slot.width ?? frame.width, height: slot.height)
        return attributes
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/allowsmultipleselection
    /// `var allowsMultipleSelection: Bool { get set }` (default `false`): with it, a tap on an item adds it
    /// to the selection, and a tap on a selected item deselects it.
    open var allowsMultipleSelection: Bool {
        get { _engine.allowsMultipleSelection }
        set { _engine.allowsMultipleSelection = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforselecteditems
    /// `var indexPathsForSelectedItems: [IndexPath]? { get }`
    open var indexPathsForSelectedItems: [IndexPath]? {
        _engine.selectedIndexPaths
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition
    /// `struct ScrollPosition : OptionSet, @unchecked Sendable` (the stand-in scrolls to none of them).
    public struct ScrollPosition: OptionSet, Sendable {
        /// `var rawValue: UInt`
        public let rawValue: UInt
        /// `init(rawValue: UInt)`
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `static var top: UICollectionView.ScrollPosition`
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// `static var centeredVertically: UICollectionView.ScrollPosition`
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// `static var bottom: UICollectionView.ScrollPosition`
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/selectitem(at:animated:scrollposition:)
    /// `func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition)`
    /// (tells the delegate nothing, as in UIKit; with multiple selection off, the other items are deselected;
    /// the stand-in does not scroll).
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return }
        _engine.selectInCode(_path(indexPath))
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/deselectitem(at:animated:)
    /// `func deselectItem(at indexPath: IndexPath, animated: Bool)` (tells the delegate nothing, as in UIKit).
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        _engine.deselect(indexPath)
    }

    open override func layoutIfNeeded() {
        _engine.layoutIfNeeded()
    }

    // MARK: Stand-in machinery (not UIKit API)

    /// The emulation behind the declarations above.
    lazy var _engine = ListViewEngine(view: self)
    /// The sections of a compositional layout, as its section provider gave them for the last layout pass.
    var _resolvedSections: ResolvedSections?

    override func _contentOffsetDidChange() {
        _engine.contentOffsetChanged()
    }

    func _layoutInvalidated() {
        _engine.layoutInvalidated()
    }
}

// MARK: - Collection view protocols

/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
/// `@MainActor protocol UICollectionViewDataSource : NSObjectProtocol`
@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    /// `func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int`
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:)
    /// `func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell`
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
    /// `optional func numberOfSections(in collectionView: UICollectionView) -> Int`
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
    /// `optional func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    /// at indexPath: IndexPath) -> UICollectionReusableView`
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:canmoveitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool`
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:moveitemat:to:)
    /// `optional func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    /// to destinationIndexPath: IndexPath)`
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    /// Absent in UIKit: one section.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// Absent in UIKit: an exception when the layout asks for a supplementary view.
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView._engine.raise("the data source does not provide supplementary views of kind \(kind)")
        return UICollectionReusableView(frame: .zero)
    }
    /// Absent in UIKit: items do not move.
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Absent in UIKit: nothing.
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {}
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate
/// `@MainActor protocol UICollectionViewDelegate : UIScrollViewDelegate`
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:willdisplay:foritemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    /// forItemAt indexPath: IndexPath)`
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didenddisplaying:foritemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    /// forItemAt indexPath: IndexPath)`
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:willdisplaysupplementaryview:forelementkind:at:)
    /// `optional func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view:
    /// UICollectionReusableView, forElementKind elementKind: String, at indexPath: IndexPath)`
    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didenddisplayingsupplementaryview:forelementofkind:at:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view:
    /// UICollectionReusableView, forElementOfKind elementKind: String, at indexPath: IndexPath)`
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didselectitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)`
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:diddeselectitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)`
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didhighlightitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)`
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didunhighlightitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)`
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:targetindexpathformovefromitemat:toproposedindexpath:)
    /// `optional func collectionView(_ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt
    /// currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath`
    /// (iOS 9–15: deprecated from iOS 15, still called when the iOS 15 variant is absent).
    func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:targetcontentoffsetforproposedcontentoffset:)
    /// `optional func collectionView(_ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset
    /// proposedContentOffset: CGPoint) -> CGPoint` (iOS 9+): asked at the end of a batch of updates, once the
    /// layout is prepared for the new state and before the views are placed, for the offset to place them at.
    func collectionView(
        _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:contextmenuconfigurationforitemat:point:)
    /// `optional func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemAt
    /// indexPath: IndexPath, point: CGPoint) -> UIContextMenuConfiguration?`, iOS 13.0–16.0 (deprecated:
    /// UIKit calls the iOS 16 variant instead when the delegate implements it). See UIKitAPI+Menus.swift.
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration?
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:contextmenuconfigurationforitemsat:point:)
    /// `optional func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt
    /// indexPaths: [IndexPath], point: CGPoint) -> UIContextMenuConfiguration?`, iOS 16.0+: the items are the
    /// one pressed, or the selected items when the press is on one of several selected; an empty array for a
    /// press on the collection view's background.
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
    ) -> UIContextMenuConfiguration?
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:canfocusitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool`
    /// (iOS 9): "its return value takes precedence over" `allowsFocus`. See UIKitAPI+Focus.swift.
    func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldupdatefocusin:)
    /// `optional func collectionView(_ collectionView: UICollectionView, shouldUpdateFocusIn context:
    /// UICollectionViewFocusUpdateContext) -> Bool` (iOS 9).
    func collectionView(
        _ collectionView: UICollectionView, shouldUpdateFocusIn context: UICollectionViewFocusUpdateContext
    )
        -> Bool
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didupdatefocusin:with:)
    /// `optional func collectionView(_ collectionView: UICollectionView, didUpdateFocusIn context:
    /// UICollectionViewFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator)` (iOS 9).
    func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/indexpathforpreferredfocusedview(in:)
    /// `optional func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath?` (iOS 9).
    func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath?
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:selectionfollowsfocusforitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt
    /// indexPath: IndexPath) -> Bool` (iOS 15): not called when `selectionFollowsFocus` is off.
    func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool
}

// Defaults stand in for UIKit's `optional` requirements, documented on the protocol.
// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UICollectionViewDelegate {
    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// Absent in UIKit: the proposal.
    public func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    /// Absent in UIKit: the proposal.
    public func collectionView(
        _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint { proposedContentOffset }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout
/// `@MainActor protocol UICollectionViewDelegateFlowLayout : UICollectionViewDelegate`
@MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout/collectionview(_:layout:sizeforitemat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout:
    /// UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize`
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout/collectionview(_:layout:referencesizeforheaderinsection:)
    /// `optional func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout:
    /// UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize`
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout/collectionview(_:layout:referencesizeforfooterinsection:)
    /// `optional func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout:
    /// UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize`
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    /// Absent in UIKit: the layout's `itemSize`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    /// Absent in UIKit: the layout's header size (zero: no header).
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize { .zero }
    /// Absent in UIKit: the layout's footer size (zero: no footer).
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize { .zero }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching
/// `@MainActor protocol UICollectionViewDataSourcePrefetching : NSObjectProtocol`
@MainActor
public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching/collectionview(_:prefetchitemsat:)
    /// `func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])`
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasourceprefetching/collectionview(_:cancelprefetchingforitemsat:)
    /// `optional func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])`
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

// The default stands in for UIKit's `optional` requirement, documented on the protocol.
// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
    {}
}

// MARK: - Table view cells and header-footer views

/// https://developer.apple.com/documentation/uikit/uitableviewcell
/// `@MainActor class UITableViewCell : UIView`
@MainActor
open class UITableViewCell: UIView {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
    /// `enum CellStyle : Int, @unchecked Sendable` (`default`, `value1`, `value2`, `subtitle`).
    public enum CellStyle: Int, Sendable {
        case `default`
        case value1
        case value2
        case subtitle
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
    /// `init(style: UITableViewCell.CellStyle, reuseIdentifier: String?)`, the designated initializer
    /// (`required` here: see the top of this file).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        _reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// `init(frame:)`, inherited from `UIView`: the default style, no reuse identifier.
    public required convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Storyboards are not stood in for: always `nil`.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/contentview
    /// `var contentView: UIView { get }`
    public private(set) lazy var contentView: UIView = {
        let view = UIView(frame: bounds)
        addSubview(view)
        return view
    }()

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/prepareforreuse()
    /// `func prepareForReuse()`
    open func prepareForReuse() {}

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/isselected
    /// `var isSelected: Bool { get set }`; setting it calls ``setSelected(_:animated:)`` without animation
    /// (app-side API: the host does not use it).
    open var isSelected: Bool {
        get { _isSelected }
        set { setSelected(newValue, animated: false) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/setselected(_:animated:)
    /// `func setSelected(_ selected: Bool, animated: Bool)`: the table view calls it as the row is selected
    /// and deselected, and for a cell it displays; cells override it to restyle.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != _isSelected else { return }
        _isSelected = selected
        setNeedsUpdateConfiguration()
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/ishighlighted
    /// `var isHighlighted: Bool { get set }`; setting it calls ``setHighlighted(_:animated:)`` without
    /// animation (app-side API, as `isSelected`).
    open var isHighlighted: Bool {
        get { _isHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/sethighlighted(_:animated:)
    /// `func setHighlighted(_ highlighted: Bool, animated: Bool)`: the table view calls it while a finger is
    /// on the row.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != _isHighlighted else { return }
        _isHighlighted = highlighted
        setNeedsUpdateConfiguration()
    }

    private var _isSelected = false
    private var _isHighlighted = false

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/configurationstate
    /// `var configurationState: UICellConfigurationState { get }`, iOS 14.0+: the cell's selected and
    /// highlighted states, whether it has the focus (`UIView.isFocused`), and whether it is swiped open (the
    /// stand-in has no editing or drag).
    @available(iOS 14.0, tvOS 14.0, *)
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isFocused = isFocused
        state.isSwiped = _isSwiped
        return state
    }

    /// https://developer.apple.com/documentation/uikit/uiview/isfocused
    /// `var isFocused: Bool { get }`: whether the cell has the focus (the focus engine moves it: in the
    /// stand-in, the list view's `_focus(_:)`). A change asks for a configuration update, as the focus is
    /// part of the cell's configuration state.
    open var isFocused: Bool { _isFocused }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/setneedsupdateconfiguration()
    /// `func setNeedsUpdateConfiguration()`, iOS 14.0+: the update is coalesced and made in the table view's
    /// next layout pass, or when the cell is next displayed.
    @available(iOS 14.0, tvOS 14.0, *)
    open func setNeedsUpdateConfiguration() {
        _needsUpdateConfiguration = true
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/updateconfiguration(using:)
    /// `func updateConfiguration(using state: UICellConfigurationState)`, iOS 14.0+: subclasses override it;
    /// the default does nothing.
    @available(iOS 14.0, tvOS 14.0, *)
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/configurationupdatehandler-swift.property
    /// `var configurationUpdateHandler: UITableViewCell.ConfigurationUpdateHandler? { get set }`, iOS 15.0+:
    /// called after ``updateConfiguration(using:)``; setting one asks for an update.
    @available(iOS 15.0, tvOS 15.0, *)
    public var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/configurationupdatehandler-swift.typealias
    /// `typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void`, iOS 15.0+.
    @available(iOS 15.0, tvOS 15.0, *)
    public typealias ConfigurationUpdateHandler = (_ cell: UITableViewCell, _ state: UICellConfigurationState) -> Void

    /// Whether a configuration update is owed, and whether the cell is swiped open (the table view sets it).
    var _needsUpdateConfiguration = true
    var _isFocused = false {
        didSet { if _isFocused != oldValue { setNeedsUpdateConfiguration() } }
    }
    var _isSwiped = false {
        didSet { if _isSwiped != oldValue { setNeedsUpdateConfiguration() } }
    }

    /// Makes the configuration update owed, if any: the automatic updates of the content and background
    /// configurations for the state, then ``updateConfiguration(using:)``, then the handler.
    func _updateConfigurationIfNeeded() {
        guard _needsUpdateConfiguration else { return }
        _needsUpdateConfiguration = false
        let state = configurationState
        _configurations.updateAutomatically(for: state, in: contentView)
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    /// The content and background configurations set (UIKitAPI+CellConfigurations.swift) and their views.
    var _configurations = _CellConfigurations()

    /// A cell with a content configuration measures its content view, as Auto Layout would; another, as
    /// `UIView` does.
    open override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        guard let view = _configurations.contentView else {
            return super.systemLayoutSizeFitting(
                targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                verticalFittingPriority: verticalFittingPriority)
        }
        return view.systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
            verticalFittingPriority: verticalFittingPriority)
    }

    /// The identifier the cell was made with (`reuseIdentifier` in UIKit; the host does not read it).
    var _reuseIdentifier: String?
}

/// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview
/// `@MainActor class UITableViewHeaderFooterView : UIView`
@MainActor
open class UITableViewHeaderFooterView: UIView {
    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/init(reuseidentifier:)
    /// `init(reuseIdentifier: String?)` (`required` here: see the top of this file).
    public required init(reuseIdentifier: String?) {
        _reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// `init(frame:)`, inherited from `UIView`: no reuse identifier.
    public required convenience init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// Storyboards are not stood in for: always `nil`.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/prepareforreuse()
    /// `func prepareForReuse()`
    open func prepareForReuse() {}

    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/reuseidentifier
    /// `var reuseIdentifier: String? { get }`
    open var reuseIdentifier: String? { _reuseIdentifier }

    /// The identifier the view was made with.
    var _reuseIdentifier: String?
}

// MARK: - Table view

/// https://developer.apple.com/documentation/uikit/uitableview
/// `@MainActor class UITableView : UIScrollView`
///
/// The stand-in lays each section out as header, rows, footer, at the heights its delegate gives, with the
/// plain style's floating headers and footers; it does not model estimated heights or self-sizing (a row of
/// ``automaticDimension`` height is laid out 44 points tall).
@MainActor
open class UITableView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum
    /// `enum Style : Int, @unchecked Sendable` (`plain`, `grouped`, `insetGrouped`).
    public enum Style: Int, Sendable {
        case plain
        case grouped
        case insetGrouped
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
    /// `enum RowAnimation : Int, @unchecked Sendable` (the stand-in animates nothing).
    public enum RowAnimation: Int, Sendable {
        case fade
        case right
        case left
        case top
        case bottom
        case none
        case middle
        case automatic = 100
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
    /// `init(frame: CGRect, style: UITableView.Style)`
    public init(frame: CGRect, style: Style) {
        _style = style
        super.init(frame: frame)
    }

    /// `init(frame:)`, inherited from `UIView`: a plain table view.
    public required init(frame: CGRect) {
        _style = .plain
        super.init(frame: frame)
    }

    /// Storyboards are not stood in for: always `nil`.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The style the table view was made with (`style` in UIKit; the host does not read it).
    let _style: Style

    /// A new size lays the table view out again at the next layout pass, as a bounds change does.
    open override var frame: CGRect {
        didSet { if frame.size != oldValue.size { _engine.layoutInvalidated() } }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/datasource
    /// `weak var dataSource: (any UITableViewDataSource)? { get set }`
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { _engine.dataSourceChanged() }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/delegate
    /// `weak var delegate: (any UITableViewDelegate)? { get set }`
    open weak var delegate: (any UITableViewDelegate)?

    /// https://developer.apple.com/documentation/uikit/uitableview/prefetchdatasource
    /// `weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)? { get set }`
    open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?

    /// https://developer.apple.com/documentation/uikit/uitableview/dragdelegate
    /// `weak var dragDelegate: (any UITableViewDragDelegate)? { get set }`, iOS 11.0+.
    open weak var dragDelegate: (any UITableViewDragDelegate)?

    /// https://developer.apple.com/documentation/uikit/uitableview/dropdelegate
    /// `weak var dropDelegate: (any UITableViewDropDelegate)? { get set }`, iOS 11.0+.
    open weak var dropDelegate: (any UITableViewDropDelegate)?

    /// https://developer.apple.com/documentation/uikit/uitableview/backgroundview
    /// `var backgroundView: UIView? { get set }` (kept, not laid out: the stand-in draws nothing).
    open var backgroundView: UIView?

    /// https://developer.apple.com/documentation/uikit/uitableview/draginteractionenabled
    /// `var dragInteractionEnabled: Bool { get set }` (`true` on iPad, `false` on iPhone; the stand-in
    /// starts `false` and reads it nowhere: tests drag as an iPad user would).
    open var dragInteractionEnabled = false

    /// https://developer.apple.com/documentation/uikit/uitableview/rowheight
    /// `var rowHeight: CGFloat { get set }` (default ``automaticDimension``; ignored when the delegate
    /// implements `tableView(_:heightForRowAt:)`).
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { _engine.layoutInvalidated() }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/automaticdimension
    /// `class let automaticDimension: CGFloat`
    open class var automaticDimension: CGFloat { -1 }

    /// https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)-3l3ct
    /// `func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String)`
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        _engine.register(cellClass, kind: nil, identifier: identifier)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/register(_:forheaderfooterviewreuseidentifier:)-20ybb
    /// `func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String)`
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        _engine.register(aClass, kind: Self._headerFooterKind, identifier: identifier)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
    /// `func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell`
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        _engine.dequeueCell(identifier: identifier, indexPath: indexPath) as? UITableViewCell
            ?? UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusableheaderfooterview(withidentifier:)
    /// `func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView?`
    /// (`nil` when no class is registered for the identifier).
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        _engine.dequeueHeaderFooter(kind: Self._headerFooterKind, identifier: identifier)
            as? UITableViewHeaderFooterView
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
    /// `func reloadData()`
    open func reloadData() {
        _engine.reloadData()
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
    /// `func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`, iOS 11.0+,
    /// tvOS 11.0+.
    @available(iOS 11.0, tvOS 11.0, *)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        _engine.performBatchUpdates(updates, completion: completion)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
    /// `func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation)`
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        _engine.record { $0.insertedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
    /// `func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation)`
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        _engine.record { $0.deletedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/reloadsections(_:with:)
    /// `func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation)`
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        _engine.record { $0.reloadedSections += sections }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/movesection(_:tosection:)
    /// `func moveSection(_ section: Int, toSection newSection: Int)`
    open func moveSection(_ section: Int, toSection newSection: Int) {
        _engine.record { $0.movedSections.append(Move(section, newSection)) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    /// `func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)`
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        _engine.record { $0.insertedItems += indexPaths.map(_path) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
    /// `func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)`
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        _engine.record { $0.deletedItems += indexPaths.map(_path) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
    /// `func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)`
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        _engine.record { $0.reloadedItems += indexPaths.map(_path) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
    /// `func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)`
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        _engine.record { $0.movedItems.append(Move(_path(indexPath), _path(newIndexPath))) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
    /// `func reconfigureRows(at indexPaths: [IndexPath])`, iOS 15.0+, tvOS 15.0+.
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        _engine.reconfigureItems(at: indexPaths)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/indexpathsforvisiblerows
    /// `var indexPathsForVisibleRows: [IndexPath]? { get }` (`nil` when no row is visible; in no
    /// particular order here).
    open var indexPathsForVisibleRows: [IndexPath]? {
        let paths = _engine.visibleIndexPaths
        return paths.isEmpty ? nil : paths
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/cellforrow(at:)
    /// `func cellForRow(at indexPath: IndexPath) -> UITableViewCell?` (the stand-in returns visible cells
    /// only, as UIKit does before iOS 15).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        _engine.visibleCell(at: indexPath) as? UITableViewCell
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/indexpath(for:)
    /// `func indexPath(for cell: UITableViewCell) -> IndexPath?` (`nil` when the cell is not visible).
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        _engine.indexPath(of: cell)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/headerview(forsection:)
    /// `func headerView(forSection section: Int) -> UITableViewHeaderFooterView?` (`nil` when the section's
    /// header is not shown, or is not a `UITableViewHeaderFooterView`).
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        _engine.visibleSupplementaryView(.header, section: section) as? UITableViewHeaderFooterView
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/footerview(forsection:)
    /// `func footerView(forSection section: Int) -> UITableViewHeaderFooterView?` (`nil` when the section's
    /// footer is not shown, or is not a `UITableViewHeaderFooterView`).
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        _engine.visibleSupplementaryView(.footer, section: section) as? UITableViewHeaderFooterView
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/rectforrow(at:)
    /// `func rectForRow(at indexPath: IndexPath) -> CGRect` (`CGRectZero` for an invalid index path; the
    /// stand-in brings the row heights up to date first, without placing cells, as UIKit does).
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        _engine.prepareLayoutIfNeeded()
        guard let slot = _engine.slot(of: _path(indexPath)) else { return .zero }
        return CGRect(x: 0, y: slot.top, width: frame.width, height: slot.height)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/rect(forsection:)
    /// `func rect(forSection section: Int) -> CGRect`: the header, rows and footer (`CGRectZero` for an
    /// invalid section; the stand-in brings the heights up to date first, without placing cells).
    open func rect(forSection section: Int) -> CGRect {
        _engine.prepareLayoutIfNeeded()
        guard let slot = _engine.slot(ofSection: section) else { return .zero }
        return CGRect(x: 0, y: slot.top, width: frame.width, height: slot.height)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/allowsmultipleselection
    /// `var allowsMultipleSelection: Bool { get set }` (default `false`): with it, a tap on a row adds it to
    /// the selection, and a tap on a selected row deselects it.
    open var allowsMultipleSelection: Bool {
        get { _engine.allowsMultipleSelection }
        set { _engine.allowsMultipleSelection = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/indexpathsforselectedrows
    /// `var indexPathsForSelectedRows: [IndexPath]? { get }` (`nil` when no row is selected).
    open var indexPathsForSelectedRows: [IndexPath]? {
        let paths = _engine.selectedIndexPaths
        return paths.isEmpty ? nil : paths
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/scrollposition
    /// `enum ScrollPosition : Int, @unchecked Sendable` (the stand-in scrolls to none of them).
    public enum ScrollPosition: Int, Sendable {
        case none
        case top
        case middle
        case bottom
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/selectrow(at:animated:scrollposition:)
    /// `func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition)`
    /// (tells the delegate nothing, as in UIKit; with multiple selection off, the other rows are deselected;
    /// the stand-in does not scroll).
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return }
        _engine.selectInCode(_path(indexPath))
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/deselectrow(at:animated:)
    /// `func deselectRow(at indexPath: IndexPath, animated: Bool)` (tells the delegate nothing, as in UIKit).
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        _engine.deselect(indexPath)
    }

    open override func layoutIfNeeded() {
        _engine.layoutIfNeeded()
    }

    // MARK: Stand-in machinery (not UIKit API)

    /// The emulation behind the declarations above.
    lazy var _engine = ListViewEngine(view: self)

    /// The one registration kind of header and footer views (a table registers them by identifier alone).
    static let _headerFooterKind = "UITableViewHeaderFooterView"

    override func _contentOffsetDidChange() {
        _engine.contentOffsetChanged()
    }
}

// MARK: - Table view protocols

/// https://developer.apple.com/documentation/uikit/uitableviewdatasource
/// `@MainActor protocol UITableViewDataSource : NSObjectProtocol`
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    /// `func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int`
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    /// `func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell`
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
    /// `optional func numberOfSections(in tableView: UITableView) -> Int`
    func numberOfSections(in tableView: UITableView) -> Int
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:canmoverowat:)
    /// `optional func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool`
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:moverowat:to:)
    /// `optional func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    /// to destinationIndexPath: IndexPath)`
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDataSource {
    /// Absent in UIKit: one section.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// Absent in UIKit: rows move when the data source implements `tableView(_:moveRowAt:to:)`, which the
    /// stand-in cannot tell; it says no.
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Absent in UIKit: rows show no reorder control.
    public func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

/// https://developer.apple.com/documentation/uikit/uitableviewdelegate
/// `@MainActor protocol UITableViewDelegate : UIScrollViewDelegate`
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willdisplay:forrowat:)
    /// `optional func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)`
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didenddisplaying:forrowat:)
    /// `optional func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)`
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willdisplayheaderview:forsection:)
    /// `optional func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)`
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willdisplayfooterview:forsection:)
    /// `optional func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)`
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didenddisplayingheaderview:forsection:)
    /// `optional func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)`
    func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didenddisplayingfooterview:forsection:)
    /// `optional func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)`
    func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforrowat:)
    /// `optional func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat`
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforheaderinsection:)
    /// `optional func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat`
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:heightforfooterinsection:)
    /// `optional func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat`
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:viewforheaderinsection:)
    /// `optional func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?`
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:viewforfooterinsection:)
    /// `optional func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?`
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didselectrowat:)
    /// `optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)`
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:diddeselectrowat:)
    /// `optional func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)`
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didhighlightrowat:)
    /// `optional func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)`
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didunhighlightrowat:)
    /// `optional func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)`
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:leadingswipeactionsconfigurationforrowat:)
    /// `optional func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    /// -> UISwipeActionsConfiguration?`, iOS 11.0+ (not tvOS).
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:trailingswipeactionsconfigurationforrowat:)
    /// `optional func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    /// -> UISwipeActionsConfiguration?`, iOS 11.0+ (not tvOS).
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:targetindexpathformovefromrowat:toproposedindexpath:)
    /// `optional func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    /// toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath`
    func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:contextmenuconfigurationforrowat:point:)
    /// `optional func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
    /// point: CGPoint) -> UIContextMenuConfiguration?`, iOS 13.0+. See UIKitAPI+Menus.swift.
    func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration?
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:canfocusrowat:)
    /// `optional func tableView(_ tableView: UITableView, canFocusRowAt indexPath: IndexPath) -> Bool` (iOS 9).
    /// See UIKitAPI+Focus.swift.
    func tableView(_ tableView: UITableView, canFocusRowAt indexPath: IndexPath) -> Bool
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:shouldupdatefocusin:)
    /// `optional func tableView(_ tableView: UITableView, shouldUpdateFocusIn context: UITableViewFocusUpdateContext)
    /// -> Bool` (iOS 9).
    func tableView(_ tableView: UITableView, shouldUpdateFocusIn context: UITableViewFocusUpdateContext) -> Bool
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didupdatefocusin:with:)
    /// `optional func tableView(_ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext,
    /// with coordinator: UIFocusAnimationCoordinator)` (iOS 9).
    func tableView(
        _ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator)
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/indexpathforpreferredfocusedview(in:)
    /// `optional func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath?` (iOS 9).
    func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath?
    /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:selectionfollowsfocusforrowat:)
    /// `optional func tableView(_ tableView: UITableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool`
    /// (iOS 15): not called when `selectionFollowsFocus` is off.
    func tableView(_ tableView: UITableView, selectionFollowsFocusForRowAt indexPath: IndexPath) -> Bool
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}
    /// Absent in UIKit: the table's `rowHeight`.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    /// Absent in UIKit: the table's section header height (automatic: it fits a title or view), which the
    /// stand-in takes as no header.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 0 }
    /// Absent in UIKit: the table's section footer height, which the stand-in takes as no footer.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { 0 }
    /// Absent in UIKit: no custom header view.
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// Absent in UIKit: no custom footer view.
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// Absent in UIKit: the default actions (none, for rows that are not editable).
    public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    { nil }
    /// Absent in UIKit: the default actions (none, for rows that are not editable).
    public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    { nil }
    /// Absent in UIKit: the proposal.
    public func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { proposedDestinationIndexPath }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching
/// `@MainActor protocol UITableViewDataSourcePrefetching : NSObjectProtocol`
@MainActor
public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching/tableview(_:prefetchrowsat:)
    /// `func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])`
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching/tableview(_:cancelprefetchingforrowsat:)
    /// `optional func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])`
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

// MARK: - Drag and drop

/// https://developer.apple.com/documentation/foundation/nsitemprovider
/// `class NSItemProvider : NSObject` (Foundation's on Apple platforms; swift-corelibs-foundation has none).
open class NSItemProvider {
    /// https://developer.apple.com/documentation/foundation/nsitemprovider/init()
    /// `init()`: a provider with no items.
    public init() {}
}

/// https://developer.apple.com/documentation/uikit/uidragitem
/// `@MainActor class UIDragItem : NSObject`, iOS 11.0+.
@MainActor
open class UIDragItem {
    /// https://developer.apple.com/documentation/uikit/uidragitem/init(itemprovider:)
    /// `init(itemProvider: NSItemProvider)`
    public init(itemProvider: NSItemProvider) {
        self.itemProvider = itemProvider
    }

    /// https://developer.apple.com/documentation/uikit/uidragitem/itemprovider
    /// `var itemProvider: NSItemProvider { get }`
    public let itemProvider: NSItemProvider

    /// https://developer.apple.com/documentation/uikit/uidragitem/localobject
    /// `var localObject: Any? { get set }` (UIKit keeps it as an Objective-C object: a class instance comes
    /// back as it went in, a Swift value bridged, and the stand-in gives a value back as an object that
    /// casts to nothing; see Internal/DragAndDrop.swift).
    open var localObject: Any? {
        get { _localObject }
        set { _localObject = _bridgedThroughObjectiveC(newValue) }
    }
    private var _localObject: Any?
}

/// https://developer.apple.com/documentation/uikit/uidragdropsession
/// `@MainActor protocol UIDragDropSession : NSObjectProtocol`, iOS 11.0+ (its other members are left out:
/// the host does not use them).
@MainActor
public protocol UIDragDropSession: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uidragdropsession/items
    /// `var items: [UIDragItem] { get }`
    var items: [UIDragItem] { get }
    /// https://developer.apple.com/documentation/uikit/uidragdropsession/isrestrictedtodraggingapplication
    /// `var isRestrictedToDraggingApplication: Bool { get }`: whether the drag may drop only in the app that
    /// began it (the source's drag delegate says so when the drag begins).
    var isRestrictedToDraggingApplication: Bool { get }
}

/// https://developer.apple.com/documentation/uikit/uidragsession
/// `@MainActor protocol UIDragSession : UIDragDropSession`, iOS 11.0+ (its other members are left out).
@MainActor
public protocol UIDragSession: UIDragDropSession {
    /// https://developer.apple.com/documentation/uikit/uidragsession/localcontext
    /// `var localContext: Any? { get set }` (kept as an Objective-C object, as a drag item's `localObject` is).
    var localContext: Any? { get set }
}

/// https://developer.apple.com/documentation/uikit/uidropsession
/// `@MainActor protocol UIDropSession : UIDragDropSession, NSProgressReporting`, iOS 11.0+
/// (`NSProgressReporting` and the loading members are left out).
@MainActor
public protocol UIDropSession: UIDragDropSession {
    /// https://developer.apple.com/documentation/uikit/uidropsession/localdragsession
    /// `var localDragSession: (any UIDragSession)? { get }`: the drag session, when the drag started in this
    /// app; `nil` for a drag from another app.
    var localDragSession: (any UIDragSession)? { get }
}

/// https://developer.apple.com/documentation/uikit/uidraganimating
/// `@MainActor protocol UIDragAnimating : NSObjectProtocol`, iOS 11.0+ (its members are left out: the host
/// does not animate alongside a drop).
@MainActor
public protocol UIDragAnimating: NSObjectProtocol {}

/// https://developer.apple.com/documentation/uikit/uidropoperation
/// `enum UIDropOperation : UInt, @unchecked Sendable`, iOS 11.0+.
public enum UIDropOperation: UInt, Sendable {
    case cancel = 0
    case forbidden = 1
    case copy = 2
    case move = 3
}

/// https://developer.apple.com/documentation/uikit/uidropproposal
/// `@MainActor class UIDropProposal : NSObject, NSCopying`, iOS 11.0+ (a root class here).
@MainActor
open class UIDropProposal {
    /// https://developer.apple.com/documentation/uikit/uidropproposal/init(operation:)
    /// `init(operation: UIDropOperation)`
    public init(operation: UIDropOperation) {
        self.operation = operation
    }

    /// https://developer.apple.com/documentation/uikit/uidropproposal/operation
    /// `var operation: UIDropOperation { get }`
    public let operation: UIDropOperation
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdropproposal
/// `@MainActor class UICollectionViewDropProposal : UIDropProposal`, iOS 11.0+.
@MainActor
open class UICollectionViewDropProposal: UIDropProposal {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropproposal/intent-swift.enum
    /// `enum Intent : Int, @unchecked Sendable`
    public enum Intent: Int, Sendable {
        case unspecified = 0
        case insertAtDestinationIndexPath = 1
        case insertIntoDestinationIndexPath = 2
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropproposal/init(operation:intent:)
    /// `convenience init(operation: UIDropOperation, intent: UICollectionViewDropProposal.Intent)`
    public init(operation: UIDropOperation, intent: Intent) {
        self.intent = intent
        super.init(operation: operation)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropproposal/intent-swift.property
    /// `var intent: UICollectionViewDropProposal.Intent { get }`
    public let intent: Intent
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdropitem
/// `@MainActor protocol UICollectionViewDropItem : NSObjectProtocol`, iOS 11.0+.
@MainActor
public protocol UICollectionViewDropItem: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropitem/dragitem
    /// `var dragItem: UIDragItem { get }`
    var dragItem: UIDragItem { get }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropitem/sourceindexpath
    /// `var sourceIndexPath: IndexPath? { get }`: where the item is, when it is dragged from this collection view.
    var sourceIndexPath: IndexPath? { get }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropitem/previewsize
    /// `var previewSize: CGSize { get }`
    var previewSize: CGSize { get }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdropcoordinator
/// `@MainActor protocol UICollectionViewDropCoordinator : NSObjectProtocol`, iOS 11.0+ (the placeholder
/// and preview drops are left out).
@MainActor
public protocol UICollectionViewDropCoordinator: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropcoordinator/items
    /// `var items: [any UICollectionViewDropItem] { get }`
    var items: [any UICollectionViewDropItem] { get }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropcoordinator/destinationindexpath
    /// `var destinationIndexPath: IndexPath? { get }`
    var destinationIndexPath: IndexPath? { get }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropcoordinator/proposal
    /// `var proposal: UICollectionViewDropProposal { get }`
    var proposal: UICollectionViewDropProposal { get }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropcoordinator/session
    /// `var session: any UIDropSession { get }`
    var session: any UIDropSession { get }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropcoordinator/drop(_:toitemat:)
    /// `func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating`
    @discardableResult
    func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> any UIDragAnimating
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdragdelegate
/// `@MainActor protocol UICollectionViewDragDelegate : NSObjectProtocol`, iOS 11.0+.
@MainActor
public protocol UICollectionViewDragDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdragdelegate/collectionview(_:itemsforbeginning:at:)
    /// `func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession,
    /// at indexPath: IndexPath) -> [UIDragItem]`
    func collectionView(
        _ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath
    ) -> [UIDragItem]
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdragdelegate/collectionview(_:itemsforaddingto:at:point:)
    /// `optional func collectionView(_ collectionView: UICollectionView, itemsForAddingTo session: any
    /// UIDragSession, at indexPath: IndexPath, point: CGPoint) -> [UIDragItem]`
    func collectionView(
        _ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [UIDragItem]
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdragdelegate/collectionview(_:dragsessionisrestrictedtodraggingapplication:)
    /// `optional func collectionView(_ collectionView: UICollectionView, dragSessionIsRestrictedToDraggingApplication
    /// session: any UIDragSession) -> Bool`
    func collectionView(
        _ collectionView: UICollectionView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession
    ) -> Bool
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UICollectionViewDragDelegate {
    /// Absent, UIKit adds no item to a drag in progress.
    public func collectionView(
        _ collectionView: UICollectionView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [UIDragItem] { [] }

    /// Absent, the drag may leave the app: another app may take it.
    public func collectionView(
        _ collectionView: UICollectionView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession
    ) -> Bool { false }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdropdelegate
/// `@MainActor protocol UICollectionViewDropDelegate : NSObjectProtocol`, iOS 11.0+.
@MainActor
public protocol UICollectionViewDropDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropdelegate/collectionview(_:performdropwith:)
    /// `func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: any
    /// UICollectionViewDropCoordinator)`
    func collectionView(
        _ collectionView: UICollectionView, performDropWith coordinator: any UICollectionViewDropCoordinator)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropdelegate/collectionview(_:dropsessiondidupdate:withdestinationindexpath:)
    /// `optional func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any
    /// UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal`
    func collectionView(
        _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdropdelegate/collectionview(_:canhandle:)
    /// `optional func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession)
    /// -> Bool`: `false`, and the collection view takes no part in the drop: no proposal is asked, no drop made.
    func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UICollectionViewDropDelegate {
    /// Absent, the stand-in cancels the drop (the delegate proposes nothing it would perform).
    public func collectionView(
        _ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal {
        UICollectionViewDropProposal(operation: .cancel, intent: .unspecified)
    }

    /// Absent, the collection view can handle any drop session.
    public func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool {
        true
    }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdropproposal
/// `@MainActor class UITableViewDropProposal : UIDropProposal`, iOS 11.0+.
@MainActor
open class UITableViewDropProposal: UIDropProposal {
    /// https://developer.apple.com/documentation/uikit/uitableviewdropproposal/intent-swift.enum
    /// `enum Intent : Int, @unchecked Sendable`
    public enum Intent: Int, Sendable {
        case unspecified = 0
        case insertAtDestinationIndexPath = 1
        case insertIntoDestinationIndexPath = 2
        case automatic = 3
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdropproposal/init(operation:intent:)
    /// `convenience init(operation: UIDropOperation, intent: UITableViewDropProposal.Intent)`
    public init(operation: UIDropOperation, intent: Intent) {
        self.intent = intent
        super.init(operation: operation)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdropproposal/intent-swift.property
    /// `var intent: UITableViewDropProposal.Intent { get }`
    public let intent: Intent
}

/// https://developer.apple.com/documentation/uikit/uitableviewdropitem
/// `@MainActor protocol UITableViewDropItem : NSObjectProtocol`, iOS 11.0+.
@MainActor
public protocol UITableViewDropItem: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitableviewdropitem/dragitem
    /// `var dragItem: UIDragItem { get }`
    var dragItem: UIDragItem { get }
    /// https://developer.apple.com/documentation/uikit/uitableviewdropitem/sourceindexpath
    /// `var sourceIndexPath: IndexPath? { get }`: where the row is, when it is dragged from this table view.
    var sourceIndexPath: IndexPath? { get }
    /// https://developer.apple.com/documentation/uikit/uitableviewdropitem/previewsize
    /// `var previewSize: CGSize { get }`
    var previewSize: CGSize { get }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdropcoordinator
/// `@MainActor protocol UITableViewDropCoordinator : NSObjectProtocol`, iOS 11.0+ (the placeholder and
/// preview drops are left out).
@MainActor
public protocol UITableViewDropCoordinator: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitableviewdropcoordinator/items
    /// `var items: [any UITableViewDropItem] { get }`
    var items: [any UITableViewDropItem] { get }
    /// https://developer.apple.com/documentation/uikit/uitableviewdropcoordinator/destinationindexpath
    /// `var destinationIndexPath: IndexPath? { get }`
    var destinationIndexPath: IndexPath? { get }
    /// https://developer.apple.com/documentation/uikit/uitableviewdropcoordinator/proposal
    /// `var proposal: UITableViewDropProposal { get }`
    var proposal: UITableViewDropProposal { get }
    /// https://developer.apple.com/documentation/uikit/uitableviewdropcoordinator/session
    /// `var session: any UIDropSession { get }`
    var session: any UIDropSession { get }
    /// https://developer.apple.com/documentation/uikit/uitableviewdropcoordinator/drop(_:torowat:)
    /// `func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating`
    @discardableResult
    func drop(_ dragItem: UIDragItem, toRowAt indexPath: IndexPath) -> any UIDragAnimating
}

/// https://developer.apple.com/documentation/uikit/uitableviewdragdelegate
/// `@MainActor protocol UITableViewDragDelegate : NSObjectProtocol`, iOS 11.0+.
@MainActor
public protocol UITableViewDragDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitableviewdragdelegate/tableview(_:itemsforbeginning:at:)
    /// `func tableView(_ tableView: UITableView, itemsForBeginning session: any UIDragSession, at indexPath:
    /// IndexPath) -> [UIDragItem]`
    func tableView(_ tableView: UITableView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath)
        -> [UIDragItem]
    /// https://developer.apple.com/documentation/uikit/uitableviewdragdelegate/tableview(_:itemsforaddingto:at:point:)
    /// `optional func tableView(_ tableView: UITableView, itemsForAddingTo session: any UIDragSession, at
    /// indexPath: IndexPath, point: CGPoint) -> [UIDragItem]`
    func tableView(
        _ tableView: UITableView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [UIDragItem]
    /// https://developer.apple.com/documentation/uikit/uitableviewdragdelegate/tableview(_:dragsessionisrestrictedtodraggingapplication:)
    /// `optional func tableView(_ tableView: UITableView, dragSessionIsRestrictedToDraggingApplication session:
    /// any UIDragSession) -> Bool`
    func tableView(_ tableView: UITableView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession)
        -> Bool
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDragDelegate {
    /// Absent, UIKit adds no row to a drag in progress.
    public func tableView(
        _ tableView: UITableView, itemsForAddingTo session: any UIDragSession, at indexPath: IndexPath, point: CGPoint
    ) -> [UIDragItem] { [] }

    /// Absent, the drag may leave the app: another app may take it.
    public func tableView(
        _ tableView: UITableView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession
    ) -> Bool { false }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdropdelegate
/// `@MainActor protocol UITableViewDropDelegate : NSObjectProtocol`, iOS 11.0+.
@MainActor
public protocol UITableViewDropDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitableviewdropdelegate/tableview(_:performdropwith:)
    /// `func tableView(_ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator)`
    func tableView(_ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator)
    /// https://developer.apple.com/documentation/uikit/uitableviewdropdelegate/tableview(_:dropsessiondidupdate:withdestinationindexpath:)
    /// `optional func tableView(_ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
    /// withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal`
    func tableView(
        _ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UITableViewDropProposal
    /// https://developer.apple.com/documentation/uikit/uitableviewdropdelegate/tableview(_:canhandle:)
    /// `optional func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool`:
    /// `false`, and the table view takes no part in the drop: no proposal is asked, no drop made.
    func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool
}

// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension UITableViewDropDelegate {
    /// Absent, the stand-in cancels the drop (the delegate proposes nothing it would perform).
    public func tableView(
        _ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UITableViewDropProposal {
        UITableViewDropProposal(operation: .cancel, intent: .unspecified)
    }

    /// Absent, the table view can handle any drop session.
    public func tableView(_ tableView: UITableView, canHandle session: any UIDropSession) -> Bool { true }
}

// MARK: - Swipe actions

/// https://developer.apple.com/documentation/uikit/uicontextualaction
/// `@MainActor class UIContextualAction : NSObject`, iOS 11.0+ (not tvOS).
@MainActor
open class UIContextualAction {
    /// https://developer.apple.com/documentation/uikit/uicontextualaction/handler-swift.typealias
    /// `typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void`
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    /// https://developer.apple.com/documentation/uikit/uicontextualaction/style-swift.enum
    /// `enum Style : Int, @unchecked Sendable { case normal, destructive }`
    public enum Style: Int, Sendable {
        case normal
        case destructive
    }

    /// https://developer.apple.com/documentation/uikit/uicontextualaction/init(style:title:handler:)
    /// `convenience init(style: UIContextualAction.Style, title: String?, handler: @escaping UIContextualAction.Handler)`
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    /// https://developer.apple.com/documentation/uikit/uicontextualaction/style-swift.property
    /// `var style: UIContextualAction.Style { get }`
    public let style: Style
    /// https://developer.apple.com/documentation/uikit/uicontextualaction/title
    /// `var title: String? { get set }`
    open var title: String?
    /// https://developer.apple.com/documentation/uikit/uicontextualaction/handler-swift.property
    /// `var handler: UIContextualAction.Handler { get }`
    public let handler: Handler
}

/// https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration
/// `@MainActor class UISwipeActionsConfiguration : NSObject`, iOS 11.0+ (not tvOS).
@MainActor
open class UISwipeActionsConfiguration {
    /// https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration/init(actions:)
    /// `convenience init(actions: [UIContextualAction])`
    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }

    /// https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration/actions
    /// `var actions: [UIContextualAction] { get }`
    public let actions: [UIContextualAction]
    /// https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration/performsfirstactionwithfullswipe
    /// `var performsFirstActionWithFullSwipe: Bool { get set }` (default `true`).
    open var performsFirstActionWithFullSwipe = true
}
#endif
