// The list cell and content configuration declarations CellKitUIKit compiles against (iOS 14), with the
// signature Apple documents and where, as in UIKitAPI.swift.
//
// Deviations, besides UIKitAPI.swift's: `UIConfigurationState` declares no requirements, and the accessory
// options have no `tintColor` (the stand-in has no traits and no colours); `UIListContentConfiguration` has
// its text properties only (no image). The stand-in has no fonts either: a `UIListContentView` measures one
// point a line of its text and secondary text (what the tests' labels do), and draws nothing.

#if !canImport(UIKit)
import Foundation

// MARK: - Content configurations

/// https://developer.apple.com/documentation/uikit/uiconfigurationstate
/// `protocol UIConfigurationState`, iOS 14.0+ (its requirements are left out: the stand-in has no traits).
@available(iOS 14.0, tvOS 14.0, *)
public protocol UIConfigurationState {}

/// https://developer.apple.com/documentation/uikit/uicontentconfiguration
/// `protocol UIContentConfiguration`, iOS 14.0+.
@available(iOS 14.0, tvOS 14.0, *)
public protocol UIContentConfiguration {
    /// https://developer.apple.com/documentation/uikit/uicontentconfiguration/makecontentview()
    /// `@MainActor func makeContentView() -> any UIView & UIContentView`
    @MainActor func makeContentView() -> any UIView & UIContentView
    /// https://developer.apple.com/documentation/uikit/uicontentconfiguration/updated(for:)
    /// `func updated(for state: any UIConfigurationState) -> Self`
    func updated(for state: any UIConfigurationState) -> Self
}

/// https://developer.apple.com/documentation/uikit/uicontentview
/// `@MainActor protocol UIContentView : NSObjectProtocol`, iOS 14.0+ (`AnyObject` here: the stand-in's
/// `UIView` is not an `NSObject`).
@available(iOS 14.0, tvOS 14.0, *)
@MainActor
public protocol UIContentView: AnyObject {
    /// https://developer.apple.com/documentation/uikit/uicontentview/configuration
    /// `var configuration: any UIContentConfiguration { get set }`
    var configuration: any UIContentConfiguration { get set }
}

/// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct
/// `struct UIListContentConfiguration : UIContentConfiguration, Hashable`, iOS 14.0+.
@available(iOS 14.0, tvOS 14.0, *)
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    /// The style it was made with (`"cell"`, `"subtitleCell"`, ...).
    let _style: String

    private init(style: String) {
        _style = style
    }

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/cell()
    /// `static func cell() -> UIListContentConfiguration`
    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(style: "cell") }
    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/subtitlecell()
    /// `static func subtitleCell() -> UIListContentConfiguration`
    public static func subtitleCell() -> UIListContentConfiguration {
        UIListContentConfiguration(style: "subtitleCell")
    }
    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/valuecell()
    /// `static func valueCell() -> UIListContentConfiguration`
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(style: "valueCell") }
    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/plainheader()
    /// `static func plainHeader() -> UIListContentConfiguration`
    public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: "plainHeader") }
    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/plainfooter()
    /// `static func plainFooter() -> UIListContentConfiguration`
    public static func plainFooter() -> UIListContentConfiguration { UIListContentConfiguration(style: "plainFooter") }

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/text
    /// `var text: String? { get set }`
    public var text: String?
    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/secondarytext
    /// `var secondaryText: String? { get set }`
    public var secondaryText: String?

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/makecontentview()
    /// `@MainActor func makeContentView() -> any UIView & UIContentView`: a `UIListContentView`.
    @MainActor
    public func makeContentView() -> any UIView & UIContentView {
        UIListContentView(configuration: self)
    }

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/updated(for:)
    /// `func updated(for state: any UIConfigurationState) -> UIListContentConfiguration` (the stand-in's
    /// configurations do not change with the state).
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// https://developer.apple.com/documentation/uikit/uilistcontentview
/// `@MainActor class UIListContentView : UIView, UIContentView`, iOS 14.0+.
@available(iOS 14.0, tvOS 14.0, *)
@MainActor
open class UIListContentView: UIView, UIContentView {
    /// https://developer.apple.com/documentation/uikit/uilistcontentview/init(configuration:)
    /// `init(configuration: UIListContentConfiguration)`
    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
    }

    /// `UIView`'s `init(frame:)`, unavailable in UIKit.
    @available(*, unavailable)
    public required init(frame: CGRect) {
        listConfiguration = .cell()
        super.init(frame: frame)
    }

    /// `UIView`'s `init?(coder:)`: the stand-in decodes nothing.
    public required init?(coder: NSCoder) {
        return nil
    }

    private var listConfiguration: UIListContentConfiguration

    /// https://developer.apple.com/documentation/uikit/uilistcontentview/configuration
    /// `var configuration: any UIContentConfiguration { get set }` (a `UIListContentConfiguration`; another
    /// kind is ignored).
    public var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set { if let newValue = newValue as? UIListContentConfiguration { listConfiguration = newValue } }
    }

    /// The lines shown: the text's, then the secondary text's (one point a line when measured).
    var _lines: [String] {
        [listConfiguration.text, listConfiguration.secondaryText].compactMap { $0 }.flatMap {
            $0.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
    }

    /// The target width, and one point a line of text (at least one).
    open override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        CGSize(width: targetSize.width, height: CGFloat(max(1, _lines.count)))
    }
}

// MARK: - List cells

/// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell
/// `@MainActor class UICollectionViewListCell : UICollectionViewCell`, iOS 14.0+.
@available(iOS 14.0, tvOS 14.0, *)
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/defaultcontentconfiguration()
    /// `func defaultContentConfiguration() -> UIListContentConfiguration`: `.cell()`.
    public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/accessories
    /// `var accessories: [UICellAccessory] { get set }`
    public var accessories: [UICellAccessory] = []
}

/// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct
/// `struct UICellAccessory`, iOS 14.0+ (a few of its kinds).
@available(iOS 14.0, tvOS 14.0, *)
public struct UICellAccessory {
    /// The kind (`"disclosureIndicator"`, `"checkmark"`), as the tests read it.
    public let _kind: String

    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/displayedstate-swift.enum
    /// `enum DisplayedState`
    public enum DisplayedState: Hashable {
        /// `case always`
        case always
        /// `case whenEditing`
        case whenEditing
        /// `case whenNotEditing`
        case whenNotEditing
    }

    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/layoutdimension
    /// `enum LayoutDimension`
    public enum LayoutDimension {
        /// `case actual`
        case actual
        /// `case standard`
        case standard
        /// `case custom(CGFloat)`
        case custom(CGFloat)
    }

    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/disclosureindicatoroptions
    /// `struct DisclosureIndicatorOptions` (without `tintColor`).
    public struct DisclosureIndicatorOptions {
        /// `var isHidden: Bool`
        public var isHidden: Bool
        /// `var reservedLayoutWidth: UICellAccessory.LayoutDimension`
        public var reservedLayoutWidth: LayoutDimension
        /// `init(isHidden: Bool? = nil, reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil, ...)`
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/checkmarkoptions
    /// `struct CheckmarkOptions` (without `tintColor`).
    public struct CheckmarkOptions {
        /// `var isHidden: Bool`
        public var isHidden: Bool
        /// `var reservedLayoutWidth: UICellAccessory.LayoutDimension`
        public var reservedLayoutWidth: LayoutDimension
        /// `init(isHidden: Bool? = nil, reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil, ...)`
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil) {
            self.isHidden = isHidden ?? false
            self.reservedLayoutWidth = reservedLayoutWidth ?? .standard
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/disclosureindicator(displayed:options:)
    /// `static func disclosureIndicator(displayed: UICellAccessory.DisplayedState = .always, options:
    /// UICellAccessory.DisclosureIndicatorOptions = DisclosureIndicatorOptions()) -> UICellAccessory`
    public static func disclosureIndicator(
        displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = DisclosureIndicatorOptions()
    ) -> UICellAccessory {
        UICellAccessory(_kind: "disclosureIndicator")
    }

    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/checkmark(displayed:options:)
    /// `static func checkmark(displayed: UICellAccessory.DisplayedState = .always, options:
    /// UICellAccessory.CheckmarkOptions = CheckmarkOptions()) -> UICellAccessory`
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = CheckmarkOptions())
        -> UICellAccessory
    {
        UICellAccessory(_kind: "checkmark")
    }
}
#endif
