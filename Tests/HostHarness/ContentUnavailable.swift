// What a host shows in place of its rows (a `ContentUnavailable` description), read the same way on every
// host: the text host's block, the UIKit hosts' `UIContentUnavailableView` background view.
#if !canImport(UIKit)
@_spi(ListHost) import CellKit
import CellKitText
import CellKitUIKit
import UIKitStandIn

extension HostHarness {
    /// What shows in place of the rows, as `"text | secondary | [button]"` (parts that are absent left
    /// out), or `nil` when the rows show. On the UIKit hosts, read from the list view's background view.
    public var shownContentUnavailable: String? {
        if let text = self as? TextHarness {
            return text.list.contentUnavailable.map { describe($0.text, $0.secondaryText, $0.buttonTitle) }
        }
        guard let configuration = contentUnavailableView?._configuration else { return nil }
        return describe(configuration.text ?? "", configuration.secondaryText, configuration.button.title)
    }

    /// Presses the button shown in place of the rows, as a user would.
    ///
    /// - Returns: Whether a button with an action showed.
    @discardableResult
    public func pressContentUnavailableButton() -> Bool {
        if let text = self as? TextHarness { return text.list.activateContentUnavailableButton() }
        return contentUnavailableView?._tapButton() ?? false
    }

    /// The UIKit host's background view, when it is a `UIContentUnavailableView`.
    private var contentUnavailableView: UIContentUnavailableView? {
        switch host {
        case let host as CollectionViewHost: host.collectionView.backgroundView as? UIContentUnavailableView
        case let host as TableViewHost: host.tableView.backgroundView as? UIContentUnavailableView
        default: nil
        }
    }

    private func describe(_ text: String, _ secondary: String?, _ button: String?) -> String {
        ([text, secondary, button.map { "[\($0)]" }].compactMap { $0 }).joined(separator: " | ")
    }
}
#endif
