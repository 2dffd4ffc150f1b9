// The content and background configurations of cells (iOS 14), with the signature Apple documents and
// where, as in UIKitAPI.swift: `contentConfiguration` and `backgroundConfiguration` on collection and table
// view cells, their automatic updates for the cell's state, `UIBackgroundConfiguration`, and the few colours
// a background takes. (`UIContentConfiguration`, `UIContentView` and `UIListContentConfiguration` are in
// UIKitAPI+ListCells.swift; `setNeedsUpdateConfiguration()`, `updateConfiguration(using:)` and
// `configurationUpdateHandler` in the cell classes, in UIKitAPI.swift.)
//
// What a cell does, from https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentconfiguration
// and .../automaticallyupdatescontentconfiguration: setting a content configuration replaces the content
// view with the configuration's `makeContentView()`, or gives the content view there the configuration
// when it is of the same type; when the cell's configuration state changes, the cell calls `updated(for:)`
// on its content and background configurations (unless `automaticallyUpdates…` is off) and applies the
// results, then calls `updateConfiguration(using:)` and the `configurationUpdateHandler`.
//
// Deviations: the background configuration draws nothing (the stand-in has no drawing); it is kept, and
// updated for the state, for tests to read. `UIBackgroundConfiguration` has a colour, a corner radius and a
// stroke width only, and its `updated(for:)` returns it unchanged (UIKit's system styles change colours
// with the state; the stand-in has no system colours). `UIColor` is a name.

#if !canImport(UIKit)

// MARK: - Colours

/// https://developer.apple.com/documentation/uikit/uicolor
/// `class UIColor : NSObject, NSSecureCoding, Sendable` (a name here, for tests to read).
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour's name (`"systemBlue"`).
    public let _name: String

    init(_name: String) {
        self._name = _name
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/clear
    /// `class var clear: UIColor { get }`
    public static var clear: UIColor { UIColor(_name: "clear") }
    /// https://developer.apple.com/documentation/uikit/uicolor/systembackground
    /// `class var systemBackground: UIColor { get }`
    public static var systemBackground: UIColor { UIColor(_name: "systemBackground") }
    /// https://developer.apple.com/documentation/uikit/uicolor/secondarysystembackground
    /// `class var secondarySystemBackground: UIColor { get }`
    public static var secondarySystemBackground: UIColor { UIColor(_name: "secondarySystemBackground") }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemblue
    /// `class var systemBlue: UIColor { get }`
    public static var systemBlue: UIColor { UIColor(_name: "systemBlue") }
    /// https://developer.apple.com/documentation/uikit/uicolor/systemyellow
    /// `class var systemYellow: UIColor { get }`
    public static var systemYellow: UIColor { UIColor(_name: "systemYellow") }

    /// Colours of the same name are equal.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs._name == rhs._name }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(_name) }
    /// The name.
    public var description: String { _name }
}

// MARK: - Background configurations

/// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct
/// `struct UIBackgroundConfiguration : Hashable`, iOS 14.0+ (a colour, a corner radius and a stroke width).
@available(iOS 14.0, tvOS 14.0, *)
public struct UIBackgroundConfiguration: Hashable {
    /// The style it was made with (`"clear"`, `"listPlainCell"`, ...).
    public let _style: String

    private init(style: String) {
        _style = style
    }

    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/clear()
    /// `static func clear() -> UIBackgroundConfiguration`
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: "clear") }
    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/listplaincell()
    /// `static func listPlainCell() -> UIBackgroundConfiguration`
    public static func listPlainCell() -> UIBackgroundConfiguration {
        UIBackgroundConfiguration(style: "listPlainCell")
    }
    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/listgroupedcell()
    /// `static func listGroupedCell() -> UIBackgroundConfiguration`
    public static func listGroupedCell() -> UIBackgroundConfiguration {
        UIBackgroundConfiguration(style: "listGroupedCell")
    }

    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/backgroundcolor
    /// `var backgroundColor: UIColor? { get set }`
    public var backgroundColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/cornerradius
    /// `var cornerRadius: CGFloat { get set }`
    public var cornerRadius: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/strokewidth
    /// `var strokeWidth: CGFloat { get set }`
    public var strokeWidth: CGFloat = 0

    /// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration-swift.struct/updated(for:)
    /// `func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration` (unchanged here:
    /// the stand-in has no system colours).
    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration { self }
}

// MARK: - Cells

extension UICollectionViewCell {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentconfiguration
    /// `var contentConfiguration: (any UIContentConfiguration)? { get set }`, iOS 14.0+: setting one puts
    /// its content view (`makeContentView()`) in the content view, or gives the one there the new
    /// configuration when it is of the same type.
    @available(iOS 14.0, tvOS 14.0, *)
    public var contentConfiguration: (any UIContentConfiguration)? {
        get { _configurations.content }
        set { _configurations.setContent(newValue, in: contentView) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/backgroundconfiguration
    /// `var backgroundConfiguration: UIBackgroundConfiguration? { get set }`, iOS 14.0+.
    @available(iOS 14.0, tvOS 14.0, *)
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        get { _configurations.background }
        set { _configurations.background = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/automaticallyupdatescontentconfiguration
    /// `var automaticallyUpdatesContentConfiguration: Bool { get set }`, iOS 14.0+ (default `true`).
    @available(iOS 14.0, tvOS 14.0, *)
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { _configurations.updatesContent }
        set { _configurations.updatesContent = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/automaticallyupdatesbackgroundconfiguration
    /// `var automaticallyUpdatesBackgroundConfiguration: Bool { get set }`, iOS 14.0+ (default `true`).
    @available(iOS 14.0, tvOS 14.0, *)
    public var automaticallyUpdatesBackgroundConfiguration: Bool {
        get { _configurations.updatesBackground }
        set { _configurations.updatesBackground = newValue }
    }
}

extension UITableViewCell {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/contentconfiguration
    /// `var contentConfiguration: (any UIContentConfiguration)? { get set }`, iOS 14.0+: as a collection view
    /// cell's.
    @available(iOS 14.0, tvOS 14.0, *)
    public var contentConfiguration: (any UIContentConfiguration)? {
        get { _configurations.content }
        set { _configurations.setContent(newValue, in: contentView) }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/backgroundconfiguration
    /// `var backgroundConfiguration: UIBackgroundConfiguration? { get set }`, iOS 14.0+.
    @available(iOS 14.0, tvOS 14.0, *)
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        get { _configurations.background }
        set { _configurations.background = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/automaticallyupdatescontentconfiguration
    /// `var automaticallyUpdatesContentConfiguration: Bool { get set }`, iOS 14.0+ (default `true`).
    @available(iOS 14.0, tvOS 14.0, *)
    public var automaticallyUpdatesContentConfiguration: Bool {
        get { _configurations.updatesContent }
        set { _configurations.updatesContent = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/automaticallyupdatesbackgroundconfiguration
    /// `var automaticallyUpdatesBackgroundConfiguration: Bool { get set }`, iOS 14.0+ (default `true`).
    @available(iOS 14.0, tvOS 14.0, *)
    public var automaticallyUpdatesBackgroundConfiguration: Bool {
        get { _configurations.updatesBackground }
        set { _configurations.updatesBackground = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/defaultcontentconfiguration()
    /// `func defaultContentConfiguration() -> UIListContentConfiguration`, iOS 14.0+: `.cell()`.
    @available(iOS 14.0, tvOS 14.0, *)
    public func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// What a cell keeps of its configurations, for both cell classes: the content configuration and the
/// content view it made, the background configuration, and whether each updates for the state.
@MainActor
struct _CellConfigurations {
    /// The content configuration set, and the view showing it (in the cell's content view).
    private(set) var content: (any UIContentConfiguration)?
    private(set) var contentView: (any UIView & UIContentView)?
    /// The background configuration set.
    var background: UIBackgroundConfiguration?
    /// `automaticallyUpdatesContentConfiguration` and `automaticallyUpdatesBackgroundConfiguration`.
    var updatesContent = true
    var updatesBackground = true

    /// Sets the content configuration: its content view replaces the one there, unless that one is of the
    /// same configuration type, which then takes the new configuration.
    mutating func setContent(_ configuration: (any UIContentConfiguration)?, in host: UIView) {
        content = configuration
        guard let configuration else {
            contentView?.removeFromSuperview()
            contentView = nil
            return
        }
        if let view = contentView, type(of: view.configuration) == type(of: configuration) {
            view.configuration = configuration
            return
        }
        contentView?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = host.bounds
        host.addSubview(view)
        contentView = view
    }

    /// The automatic updates for a new state: each configuration's `updated(for:)`, applied.
    mutating func updateAutomatically(for state: UICellConfigurationState, in host: UIView) {
        if updatesContent, let content { setContent(content.updated(for: state), in: host) }
        if updatesBackground, let background { self.background = background.updated(for: state) }
    }
}
#endif
