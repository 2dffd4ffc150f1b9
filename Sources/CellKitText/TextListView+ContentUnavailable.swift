@_spi(ListHost) import CellKit

// The block shown in place of the rows: an empty, loading or failed list.

extension TextListView {
    /// Shows `content` in place of the rows from the next render on, or the rows again for `nil`.
    ///
    /// - Parameter content: What to show, or `nil`.
    @_spi(ListHost) public func showContentUnavailable(_ content: ContentUnavailable?) {
        contentUnavailable = content
    }

    /// Presses the button of the block shown in place of the rows (``contentUnavailable``): runs its
    /// action, as a tap or the return key would.
    ///
    /// - Returns: Whether a button with an action was shown and pressed.
    @discardableResult
    public func activateContentUnavailableButton() -> Bool {
        guard let content = contentUnavailable, content.buttonTitle != nil, let action = content.buttonAction else {
            return false
        }
        action()
        return true
    }

    /// The block's lines, each ``width`` columns: a blank line, then the image, the text, the secondary
    /// text and the button as `[ Title ]`, each centred (and cut to the width).
    func contentUnavailableLines(_ content: ContentUnavailable) -> [String] {
        let parts = [content.image, content.text, content.secondaryText, content.buttonTitle.map { "[ \($0) ]" }]
        return ([""] + parts.compactMap { $0 }).map(centred)
    }

    /// `text` fitted to the width, centred (the extra column, if any, on the right).
    private func centred(_ text: String) -> String {
        let left = max(0, width - TextWidth.columns(of: text)) / 2
        return TextWidth.fit(String(repeating: " ", count: left) + text, width: width)
    }
}
