/// Where the size of a registration's items comes from: a fixed length, a length calculated from the
/// item without a view, or a length measured from a configured view.
///
/// A size is the item's length along the list's axis (a row's height in a vertical list) for the
/// length available across it: the width the item's view renders at, which is the list's width less
/// what is drawn around the item (a card's insets: an item in a `TextSectionBackground` renders 4
/// columns narrower, and is calculated and measured at that width). Give one when you register a cell; the data source
/// answers the host's `ListHostDataSource/lengthOfItem(at:crossAxisLength:in:measuring:)` from it:
///
/// ```swift
/// dataSource.registerCellType(DividerCell.self, sizing: .fixed(1))
/// dataSource.registerCellType(MessageCell.self, sizing: .calculated { message, width in
///     Double(wrappedLineCount(message.text, width: width))
/// })
/// dataSource.registerCellType(CommentCell.self, sizing: .automatic)
/// ```
///
/// Calculated and automatic sizes are cached by the item's identity, its content and the width: a hit
/// calls neither the closure nor the measure. An entry is dropped when its item is deleted or reloaded,
/// reconfigured (a content change or a reconfigure mark), when its registration is replaced, and by
/// ``UniversalDataSource/invalidateSize(of:)``; an automatic entry also when the item's position in its
/// section changes a context-reading cell. Inserts and moves keep entries, and so does an apply without
/// animation for the items that stay as they were. Each entry is for the width it was made at, and an
/// entry made at another width is never returned: after a new list width every item is sized again,
/// and items inside and outside a card keep entries for their own widths.
///
/// A registration made without a sizing is measured by the host itself, each time the host needs the
/// size (`TextListView` keeps a row's height until the row is reloaded or reconfigured, or the width
/// changes), and nothing is cached.
public struct ItemSizing<Item> {
    @usableFromInline let erased: _AnySizing

    @usableFromInline
    init(_ erased: _AnySizing) {
        self.erased = erased
    }

    /// Measured from the configured cell, once per item identity, content and width, then cached.
    public static var automatic: ItemSizing { ItemSizing(.automatic) }

    /// The same length for every item; no view is measured and nothing is cached.
    ///
    /// - Parameter length: The length along the list's axis (lines, on `TextListView`).
    /// - Returns: The sizing.
    public static func fixed(_ length: Double) -> ItemSizing { ItemSizing(.fixed(length)) }

    /// Calculated from the item and the width, without a view, then cached.
    ///
    /// - Parameter length: Returns the item's length along the list's axis for the length available
    ///   across it (the width, in a vertical list). It must depend on nothing else, since its answer
    ///   is cached.
    /// - Returns: The sizing.
    @inlinable
    public static func calculated(_ length: @escaping @MainActor (_ item: Item, _ width: Double) -> Double)
        -> ItemSizing
    {
        ItemSizing(.calculated { value, width in length(_castValue(value, to: Item.self), width) })
    }
}

/// A sizing with its item type erased: what a registration stores. Not API.
@usableFromInline
enum _AnySizing {
    case automatic
    case fixed(Double)
    case calculated(@MainActor (_ value: Any, _ width: Double) -> Double)

    /// Whether the size is measured from a view (and may depend on what the view was configured with).
    var isMeasured: Bool {
        if case .automatic = self { return true }
        return false
    }
}
