/// What a list shows in place of its rows when it has nothing to show, is loading its first content, or
/// failed to load it: an image, a text, a secondary text and a button.
///
/// A value the hosts render their own way: `TextListView` as a block of centred lines in place of the rows;
/// the UIKit hosts on iOS 17 as a `UIContentUnavailableConfiguration` in a `UIContentUnavailableView` set as
/// the list's background view, and before iOS 17 through a view the app makes. `ContentStatePlugin` of
/// `CellKitPlugins` chooses one from the list's state and shows it.
public struct ContentUnavailable: Sendable {
    /// The name of an image: an SF Symbol on the UIKit hosts (`UIImage(systemName:)`), a glyph shown as is
    /// on the text host; `nil` for none.
    public var image: String?
    /// The main text.
    public var text: String
    /// A second, smaller text, or `nil`.
    public var secondaryText: String?
    /// The button's title, or `nil` for no button.
    public var buttonTitle: String?
    /// What the button does (retry, for an error).
    public var buttonAction: (@MainActor @Sendable () -> Void)?

    /// Creates a description.
    ///
    /// - Parameters:
    ///   - image: The name of an image (an SF Symbol on UIKit, a glyph on the text host), or `nil`.
    ///   - text: The main text.
    ///   - secondaryText: A second, smaller text, or `nil`.
    ///   - buttonTitle: The button's title, or `nil` for no button.
    ///   - buttonAction: What the button does.
    public init(
        image: String? = nil, text: String, secondaryText: String? = nil, buttonTitle: String? = nil,
        buttonAction: (@MainActor @Sendable () -> Void)? = nil
    ) {
        self.image = image
        self.text = text
        self.secondaryText = secondaryText
        self.buttonTitle = buttonTitle
        self.buttonAction = buttonAction
    }
}
