import CellKit

// The features the plugins of this module provide.

extension ListFeature {
    /// Showing and hiding an item's children (``FoldingPlugin``).
    public static let folding = ListFeature("folding")
    /// The actions a swipe on a row reveals (``SwipeActionsPlugin``).
    public static let swipeActions = ListFeature("swipe actions")
    /// The menu a long press on a row opens (``ContextMenuPlugin``).
    public static let contextMenus = ListFeature("context menus")
    /// What assistive technologies say about a row (``AccessibilityPlugin``).
    public static let accessibility = ListFeature("accessibility")
    /// Which items can take the focus and how the list treats it (``FocusPlugin``).
    public static let focus = ListFeature("focus")
    /// Pull to refresh (``RefreshPlugin``).
    public static let refresh = ListFeature("refresh")
    /// The titles of a section index (``SectionIndexTitlesPlugin``).
    public static let sectionIndexTitles = ListFeature("section index titles")

    /// Loading pages at one end of the list (``PaginationPlugin``): one provider per end.
    ///
    /// - Parameter edge: The end.
    public static func pagination(_ edge: PaginationPlugin.Edge) -> ListFeature {
        ListFeature(edge == .bottom ? "pagination at the bottom" : "pagination at the top")
    }
}
