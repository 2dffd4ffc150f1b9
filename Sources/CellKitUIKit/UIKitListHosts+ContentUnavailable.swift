#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit

// An empty, loading or failed list on both hosts: the description shows as the list view's background view.

extension CollectionViewHost {
    /// Makes the view shown for a ``/CellKit/ContentUnavailable`` description in place of the rows, on any iOS
    /// version; `nil` (the default) shows a `UIContentUnavailableView` from iOS 17 and nothing before.
    ///
    /// The view becomes the collection view's `backgroundView`; return `nil` to show nothing.
    public var contentUnavailableView: (@MainActor (ContentUnavailable) -> UIView?)? {
        get { state.makeContentUnavailableView }
        set { state.makeContentUnavailableView = newValue }
    }

    /// Sets the collection view's `backgroundView` to the view for `content` (see
    /// ``contentUnavailableView``), or to `nil`.
    ///
    /// - Parameter content: What to show in place of the rows, or `nil`.
    @_spi(ListHost) public func showContentUnavailable(_ content: ContentUnavailable?) {
        collectionView.backgroundView = content.flatMap(backgroundView(for:))
    }
}

extension TableViewHost {
    /// Makes the view shown for a ``/CellKit/ContentUnavailable`` description in place of the rows, on any iOS
    /// version; `nil` (the default) shows a `UIContentUnavailableView` from iOS 17 and nothing before.
    ///
    /// The view becomes the table view's `backgroundView`; return `nil` to show nothing.
    public var contentUnavailableView: (@MainActor (ContentUnavailable) -> UIView?)? {
        get { state.makeContentUnavailableView }
        set { state.makeContentUnavailableView = newValue }
    }

    /// Sets the table view's `backgroundView` to the view for `content` (see
    /// ``contentUnavailableView``), or to `nil`.
    ///
    /// - Parameter content: What to show in place of the rows, or `nil`.
    @_spi(ListHost) public func showContentUnavailable(_ content: ContentUnavailable?) {
        tableView.backgroundView = content.flatMap(backgroundView(for:))
    }
}

extension UIKitListHost {
    /// The app's view for `content`, or else from iOS 17 a `UIContentUnavailableView` showing it.
    fileprivate func backgroundView(for content: ContentUnavailable) -> UIView? {
        if let make = state.makeContentUnavailableView { return make(content) }
        if #available(iOS 17.0, tvOS 17.0, *) {
            return UIContentUnavailableView(configuration: Self.configuration(for: content))
        }
        return nil
    }

    /// `content` as a `UIContentUnavailableConfiguration`: a system image, the texts, and a plain button
    /// whose primary action runs the description's action.
    @available(iOS 17.0, tvOS 17.0, *)
    fileprivate static func configuration(for content: ContentUnavailable) -> UIContentUnavailableConfiguration {
        var configuration = UIContentUnavailableConfiguration.empty()
        configuration.image = content.image.flatMap { UIImage(systemName: $0) }
        configuration.text = content.text
        configuration.secondaryText = content.secondaryText
        if let title = content.buttonTitle {
            var button = UIButton.Configuration.plain()
            button.title = title
            configuration.button = button
            if let action = content.buttonAction {
                configuration.buttonProperties.primaryAction = UIAction(title: title) { _ in action() }
            }
        }
        return configuration
    }
}
