// The compositional layout's declarations CellKitUIKit compiles against (iOS 13; the list sections of iOS
// 14), with the signature Apple documents and where, as in UIKitAPI.swift. How the stand-in lays them out
// (vertical groups' items one below the other, horizontal groups' side by side on one row, pinned
// boundary items, estimated sizes resolved by self-sizing) is in
// Internal/CompositionalLayoutResolver.swift.
//
// Deviations, besides UIKitAPI.swift's: the layout-description classes (`NSCollectionLayoutDimension`,
// `NSCollectionLayoutSize`, `NSCollectionLayoutGroup`, `NSCollectionLayoutBoundarySupplementaryItem`,
// `NSCollectionLayoutSection`) are `final` root classes, so that their factory methods can return `Self`
// as UIKit's do without a required initializer UIKit does not have (nothing subclasses them); and
// `NSCollectionLayoutEnvironment` has no `traitCollection` (the stand-in has no traits).

#if !canImport(UIKit)
import Foundation

// MARK: - Dimensions and sizes

/// https://developer.apple.com/documentation/uikit/nsrectalignment
/// `enum NSRectAlignment : Int, @unchecked Sendable`, iOS 13.0+.
public enum NSRectAlignment: Int, Sendable {
    /// `case none`
    case none = 0
    /// `case top`
    case top
    /// `case topLeading`
    case topLeading
    /// `case leading`
    case leading
    /// `case bottomLeading`
    case bottomLeading
    /// `case bottom`
    case bottom
    /// `case bottomTrailing`
    case bottomTrailing
    /// `case trailing`
    case trailing
    /// `case topTrailing`
    case topTrailing
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension
/// `@MainActor class NSCollectionLayoutDimension : NSObject`, iOS 13.0+.
@MainActor
public final class NSCollectionLayoutDimension {
    enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind

    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/fractionalwidth(_:)
    /// `class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self`
    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth, fractionalWidth) }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/fractionalheight(_:)
    /// `class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self`
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self {
        Self(.fractionalHeight, fractionalHeight)
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/absolute(_:)
    /// `class func absolute(_ absoluteDimension: CGFloat) -> Self`
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute, absoluteDimension) }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/estimated(_:)
    /// `class func estimated(_ estimatedDimension: CGFloat) -> Self`: the view sizes itself once shown
    /// (`preferredLayoutAttributesFitting(_:)`); until then it takes the estimate.
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated, estimatedDimension) }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/isfractionalwidth
    /// `var isFractionalWidth: Bool { get }`
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/isfractionalheight
    /// `var isFractionalHeight: Bool { get }`
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/isabsolute
    /// `var isAbsolute: Bool { get }`
    public var isAbsolute: Bool { kind == .absolute }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/isestimated
    /// `var isEstimated: Bool { get }`
    public var isEstimated: Bool { kind == .estimated }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/dimension
    /// `var dimension: CGFloat { get }`
    public let dimension: CGFloat
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize
/// `@MainActor class NSCollectionLayoutSize : NSObject`, iOS 13.0+.
@MainActor
public final class NSCollectionLayoutSize {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize/init(widthdimension:heightdimension:)
    /// `convenience init(widthDimension width: NSCollectionLayoutDimension, heightDimension height:
    /// NSCollectionLayoutDimension)`
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension)
    {
        widthDimension = width
        heightDimension = height
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize/widthdimension
    /// `var widthDimension: NSCollectionLayoutDimension { get }`
    public let widthDimension: NSCollectionLayoutDimension
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize/heightdimension
    /// `var heightDimension: NSCollectionLayoutDimension { get }`
    public let heightDimension: NSCollectionLayoutDimension
}

// MARK: - Items, groups, boundary items

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem
/// `@MainActor class NSCollectionLayoutItem : NSObject`, iOS 13.0+.
@MainActor
open class NSCollectionLayoutItem {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem/init(layoutsize:)
    /// `convenience init(layoutSize: NSCollectionLayoutSize)`
    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem/layoutsize
    /// `var layoutSize: NSCollectionLayoutSize { get }`
    public let layoutSize: NSCollectionLayoutSize
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup
/// `@MainActor class NSCollectionLayoutGroup : NSCollectionLayoutItem`, iOS 13.0+: its subitems are laid
/// out in order, then again from the first for the section's next items.
@MainActor
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    private init(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], isHorizontal: Bool) {
        self.subitems = subitems
        _isHorizontal = isHorizontal
        super.init(layoutSize: layoutSize)
    }

    /// Whether the subitems lie side by side (`horizontal`) rather than one below the other (`vertical`).
    let _isHorizontal: Bool

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/vertical(layoutsize:subitems:)
    /// `class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self`:
    /// the subitems one below the other.
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        Self(layoutSize: layoutSize, subitems: subitems, isHorizontal: false)
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/horizontal(layoutsize:subitems:)
    /// `class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self`:
    /// the subitems side by side, leading to trailing, on one row as tall as the group.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        Self(layoutSize: layoutSize, subitems: subitems, isHorizontal: true)
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/subitems
    /// `var subitems: [NSCollectionLayoutItem] { get }`
    public let subitems: [NSCollectionLayoutItem]

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/interitemspacing
    /// `var interItemSpacing: NSCollectionLayoutSpacing? { get set }`: the space between two subitems along
    /// the group's axis (the stand-in honours `.fixed(_:)`; a flexible spacing counts as its minimum).
    public var interItemSpacing: NSCollectionLayoutSpacing?
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing
/// `@MainActor class NSCollectionLayoutSpacing : NSObject`, iOS 13.0+.
@MainActor
public final class NSCollectionLayoutSpacing {
    private init(spacing: CGFloat, isFlexible: Bool) {
        self.spacing = spacing
        self.isFlexibleSpacing = isFlexible
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing/fixed(_:)
    /// `class func fixed(_ fixedSpacing: CGFloat) -> Self`
    public class func fixed(_ fixedSpacing: CGFloat) -> Self { Self(spacing: fixedSpacing, isFlexible: false) }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing/flexible(_:)
    /// `class func flexible(_ flexibleSpacing: CGFloat) -> Self`
    public class func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(spacing: flexibleSpacing, isFlexible: true) }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing/spacing
    /// `var spacing: CGFloat { get }`
    public let spacing: CGFloat

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing/isflexiblespacing
    /// `var isFlexibleSpacing: Bool { get }`
    public let isFlexibleSpacing: Bool
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsupplementaryitem
/// `@MainActor class NSCollectionLayoutSupplementaryItem : NSCollectionLayoutItem`, iOS 13.0+.
@MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsupplementaryitem/elementkind
    /// `var elementKind: String { get }`
    public let elementKind: String
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem
/// `@MainActor class NSCollectionLayoutBoundarySupplementaryItem : NSCollectionLayoutSupplementaryItem`,
/// iOS 13.0+. The stand-in lays out a section's header (`UICollectionView.elementKindSectionHeader`, aligned
/// `.top`) above its items and its footer (`elementKindSectionFooter`, `.bottom`) below them, full width;
/// it lays out no other boundary item.
@MainActor
public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem/init(layoutsize:elementkind:alignment:)
    /// `convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment)`
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.alignment = alignment
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem/alignment
    /// `var alignment: NSRectAlignment { get }`
    public let alignment: NSRectAlignment

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem/pintovisiblebounds
    /// `var pinToVisibleBounds: Bool { get set }` (default `false`): "whether the boundary supplementary
    /// item is pinned to the visible bounds of the section". The stand-in keeps a pinned header at the top
    /// of the viewport (a pinned footer at its bottom) while any of its section is in view, never outside
    /// the section's own frame: it scrolls away with the section's last item (first item, for a footer).
    public var pinToVisibleBounds = false
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem
/// `@MainActor class NSCollectionLayoutDecorationItem : NSCollectionLayoutItem`, iOS 13.0+: "an object used
/// to add a background to a section of a collection view". Its view is one of the class the layout
/// registered for its kind (`register(_:forDecorationViewOfKind:)`), made and reused by the collection view,
/// which asks no data source for it ("decoration views ... are not otherwise tied to the data provided by
/// the collection view's data source",
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/register(_:fordecorationviewofkind:)-361k6)
/// and hands it its layout attributes (`apply(_:)`). The stand-in lays a background out over the whole
/// section (header, items and footer, full width), inset by the item's `contentInsets`, behind the
/// section's cells and boundary items, and shows it while any of that frame is in the viewport.
@MainActor
public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    private init(elementKind: String) {
        self.elementKind = elementKind
        super.init(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem/background(elementkind:)
    /// `class func background(elementKind: String) -> Self`: "creates a section background with a string to
    /// identify the element kind".
    public class func background(elementKind: String) -> Self { Self(elementKind: elementKind) }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem/elementkind
    /// `var elementKind: String { get }`
    public let elementKind: String

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem/zindex
    /// `var zIndex: Int { get set }` (the stand-in draws every decoration behind the section's views).
    public var zIndex = 0

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem/contentinsets
    /// `var contentInsets: NSDirectionalEdgeInsets { get set }`, declared by `NSCollectionLayoutItem` in
    /// UIKit; the stand-in declares it where it honours it: the background's frame, inset.
    public var contentInsets = NSDirectionalEdgeInsets()
}

// MARK: - Sections

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection
/// `@MainActor class NSCollectionLayoutSection : NSObject`, iOS 13.0+.
@MainActor
public final class NSCollectionLayoutSection {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/init(group:)
    /// `convenience init(group: NSCollectionLayoutGroup)`
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }

    let group: NSCollectionLayoutGroup

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/boundarysupplementaryitems
    /// `var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] { get set }`
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    /// The list configuration of a section made by `list(using:layoutEnvironment:)`, where the stand-in
    /// finds its swipe action providers.
    var _listConfiguration: UICollectionLayoutListConfiguration?

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/orthogonalscrollingbehavior
    /// `var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior { get set }`
    /// (default `.none`): "the section's scrolling behavior in relation to the main layout axis". A
    /// section that scrolls orthogonally is one band as tall as its group, the group repeated side by
    /// side along it, `interGroupSpacing` apart, with its own horizontal content offset (the stand-in
    /// models horizontal groups there; where a paging behaviour comes to rest is the gesture's, and its
    /// simulation scrolls to an offset).
    public var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/intergroupspacing
    /// `var interGroupSpacing: CGFloat { get set }`: the space between the section's groups (the stand-in
    /// honours it in a section that scrolls orthogonally, the only one the host repeats groups in).
    public var interGroupSpacing: CGFloat = 0

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/decorationitems
    /// `var decorationItems: [NSCollectionLayoutDecorationItem] { get set }`: "the decoration items that are
    /// anchored to the section, such as background decoration views".
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/contentinsets
    /// `var contentInsets: NSDirectionalEdgeInsets { get set }`: "the amount of space between the content of
    /// the section and its boundaries". The stand-in lays the section's group out in the container's width
    /// less the leading and trailing insets, its items that much from the leading edge, and the top and
    /// bottom insets between the header and the first row and between the last row and the footer, in a
    /// section with items; its header and footer stay full width.
    public var contentInsets = NSDirectionalEdgeInsets()

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/visibleitemsinvalidationhandler
    /// `var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    /// { get set }`: "a closure called before each layout cycle to allow modification of the items in the
    /// section immediately before they are displayed". The stand-in calls it in each layout pass for each
    /// section in the viewport, with the section's visible items and its content offset (the horizontal
    /// offset of a section that scrolls orthogonally, the collection view's vertical one).
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
}

/// https://developer.apple.com/documentation/uikit/uicollectionlayoutsectionorthogonalscrollingbehavior
/// `enum UICollectionLayoutSectionOrthogonalScrollingBehavior : Int, @unchecked Sendable`, iOS 13.0+.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// `case none`: the section does not scroll orthogonally.
    case none = 0
    /// `case continuous`
    case continuous = 1
    /// `case continuousGroupLeadingBoundary`
    case continuousGroupLeadingBoundary = 2
    /// `case paging`
    case paging = 3
    /// `case groupPaging`
    case groupPaging = 4
    /// `case groupPagingCentered`
    case groupPagingCentered = 5
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem
/// `@MainActor protocol NSCollectionLayoutVisibleItem : NSCollectionLayoutGeometryProvider, NSObjectProtocol,
/// UIDynamicItem`, iOS 13.0+ (the stand-in declares the members it fills).
@MainActor
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem/indexpath
    /// `var indexPath: IndexPath { get }`
    var indexPath: IndexPath { get }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem/frame
    /// `var frame: CGRect { get }`
    var frame: CGRect { get }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem/representedelementkind
    /// `var representedElementKind: String? { get }` (`nil` for a cell)
    var representedElementKind: String? { get }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsectionvisibleitemsinvalidationhandler
/// `typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = ([any NSCollectionLayoutVisibleItem],
/// CGPoint, any NSCollectionLayoutEnvironment) -> Void`
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = (
    [any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment
) -> Void

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer
/// `@MainActor protocol NSCollectionLayoutContainer : NSObjectProtocol`, iOS 13.0+.
@MainActor
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer/contentsize
    /// `var contentSize: CGSize { get }`
    var contentSize: CGSize { get }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer/effectivecontentsize
    /// `var effectiveContentSize: CGSize { get }`
    var effectiveContentSize: CGSize { get }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer/contentinsets
    /// `var contentInsets: NSDirectionalEdgeInsets { get }`
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer/effectivecontentinsets
    /// `var effectiveContentInsets: NSDirectionalEdgeInsets { get }`
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutenvironment
/// `@MainActor protocol NSCollectionLayoutEnvironment : NSObjectProtocol`, iOS 13.0+ (without its
/// `traitCollection`).
@MainActor
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutenvironment/container
    /// `var container: any NSCollectionLayoutContainer { get }`
    var container: any NSCollectionLayoutContainer { get }
}

// MARK: - The layout

/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutsectionprovider
/// `typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment)
/// -> NSCollectionLayoutSection?`
public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment) ->
    NSCollectionLayoutSection?

/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
/// `@MainActor class UICollectionViewCompositionalLayout : UICollectionViewLayout`, iOS 13.0+.
///
/// The collection view asks the section provider for every section at each layout pass after the layout
/// was invalidated (a batch, `invalidateLayout()`, a new size) and lays each section out as its header,
/// its items as its groups place them (a horizontal group's side by side on one row), its footer; it never
/// calls the delegate's flow layout methods.
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/init(section:)
    /// `init(section: NSCollectionLayoutSection)`
    public init(section: NSCollectionLayoutSection) {
        _sectionProvider = { _, _ in section }
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/init(sectionprovider:)
    /// `init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider)`
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        _sectionProvider = sectionProvider
        super.init()
    }

    let _sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
}

// MARK: - Lists (iOS 14)

/// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct
/// `struct UICollectionLayoutListConfiguration`, iOS 14.0+.
@available(iOS 14.0, tvOS 14.0, *)
public struct UICollectionLayoutListConfiguration {
    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/appearance-swift.enum
    /// `enum Appearance`
    public enum Appearance: Hashable {
        /// `case plain`
        case plain
        /// `case grouped`
        case grouped
        /// `case insetGrouped` (not tvOS)
        case insetGrouped
        /// `case sidebar` (not tvOS)
        case sidebar
        /// `case sidebarPlain` (not tvOS)
        case sidebarPlain
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/headermode-swift.enum
    /// `enum HeaderMode`
    public enum HeaderMode: Hashable {
        /// `case none`: no headers.
        case none
        /// `case supplementary`: a header supplementary view (`UICollectionView.elementKindSectionHeader`).
        case supplementary
        /// `case firstItemInSection`: the section's first item is styled as its header.
        case firstItemInSection
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/footermode-swift.enum
    /// `enum FooterMode`
    public enum FooterMode: Hashable {
        /// `case none`: no footers.
        case none
        /// `case supplementary`: a footer supplementary view (`UICollectionView.elementKindSectionFooter`).
        case supplementary
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/swipeactionsconfigurationprovider
    /// `typealias SwipeActionsConfigurationProvider = (_ indexPath: IndexPath) -> UISwipeActionsConfiguration?`
    /// (not tvOS)
    public typealias SwipeActionsConfigurationProvider = (_ indexPath: IndexPath) -> UISwipeActionsConfiguration?

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/init(appearance:)
    /// `init(appearance: UICollectionLayoutListConfiguration.Appearance)`
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/appearance-swift.property
    /// `var appearance: UICollectionLayoutListConfiguration.Appearance { get }`
    public let appearance: Appearance

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/showsseparators
    /// `var showsSeparators: Bool { get set }` (not tvOS; the stand-in draws no separators).
    public var showsSeparators = true

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/leadingswipeactionsconfigurationprovider
    /// `var leadingSwipeActionsConfigurationProvider:
    /// UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider? { get set }` (not tvOS)
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/trailingswipeactionsconfigurationprovider
    /// `var trailingSwipeActionsConfigurationProvider:
    /// UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider? { get set }` (not tvOS)
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/headermode-swift.property
    /// `var headerMode: UICollectionLayoutListConfiguration.HeaderMode { get set }` (default `.none`)
    public var headerMode = HeaderMode.none

    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/footermode-swift.property
    /// `var footerMode: UICollectionLayoutListConfiguration.FooterMode { get set }` (default `.none`)
    public var footerMode = FooterMode.none
}

/// The height the stand-in estimates a list section's items, headers and footers at until they size
/// themselves: 44 points, the standard row height (UIKit does not document the estimate it uses).
let _listEstimatedHeight: CGFloat = 44

@available(iOS 14.0, tvOS 14.0, *)
extension NSCollectionLayoutSection {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/list(using:layoutenvironment:)
    /// `@MainActor static func list(using configuration: UICollectionLayoutListConfiguration,
    /// layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection`, iOS 14.0+: a
    /// section of full-width self-sizing items (estimated at 44 points here), with a header and a footer
    /// of that kind when the configuration's modes are `.supplementary`.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(_listEstimatedHeight))
        let section = NSCollectionLayoutSection(
            group: .vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: size, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: size, elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section._listConfiguration = configuration
        return section
    }
}

@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionViewCompositionalLayout {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/list(using:)
    /// `@MainActor static func list(using configuration: UICollectionLayoutListConfiguration) ->
    /// UICollectionViewCompositionalLayout`, iOS 14.0+: every section a list section of the configuration.
    public static func list(using configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}
#endif
