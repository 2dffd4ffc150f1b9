/// How a host lays out one section's items: full-width rows (``list``) or a grid, with the section's header
/// and footer optionally pinned while the section scrolls under them.
///
/// A data source picks a layout per section with ``UniversalDataSource/sectionLayouts``, and may pick
/// another on any apply.
///
/// ```swift
/// dataSource.sectionLayouts = { section in
///     section == .photos ? .grid(columns: 3, spacing: 8).pinned() : .list
/// }
/// ```
///
/// Lengths (an item's minimum width, the spacing) are in the host's unit: points on UIKit, columns of
/// characters on a text host.
///
/// - Note: `CollectionViewHost`'s compositional layout lays out grids and pinned headers and footers.
///   `TableViewHost` lays every section out as rows, its headers and footers floating in a plain table and
///   scrolling with their section in a grouped one, whatever the layout says; `TextListView` lays every
///   section out as rows with headers that scroll with it.
public struct SectionLayout: Hashable, Sendable {
    /// How the items are arranged.
    enum Arrangement: Hashable, Sendable {
        case rows
        case columns(Int)
        case adaptive(minimumItemWidth: Double)
    }

    let arrangement: Arrangement

    /// The space between two columns and between two rows of a grid; `0` in a list.
    @_spi(ListHost)
    public let spacing: Double

    /// Whether the section's header stays at the top of the viewport while the section scrolls under it.
    @_spi(ListHost)
    public var pinsHeader = false

    /// Whether the section's footer stays at the bottom of the viewport while the section scrolls under it.
    @_spi(ListHost)
    public var pinsFooter = false

    init(_ arrangement: Arrangement, spacing: Double) {
        self.arrangement = arrangement
        self.spacing = spacing
    }

    /// Full-width rows, one item a row: the layout of a section the data source says nothing about.
    public static let list = SectionLayout(.rows, spacing: 0)

    /// A grid of a fixed number of columns: the items fill each row left to right, rows top to bottom,
    /// each item as wide as a column.
    ///
    /// - Parameters:
    ///   - columns: The number of columns; at least 1.
    ///   - spacing: The space between two columns and between two rows; not negative.
    /// - Returns: The layout.
    /// - Precondition: `columns >= 1` and `spacing >= 0` (the values are the code's, not the data's).
    public static func grid(columns: Int, spacing: Double = 0) -> SectionLayout {
        precondition(columns >= 1 && spacing >= 0, "A grid needs at least one column and a spacing of 0 or more")
        return SectionLayout(.columns(columns), spacing: spacing)
    }

    /// A grid of as many columns as fit the section's width with each item at least `minimumItemWidth`
    /// wide (at least one column): the column count follows the width of the container.
    ///
    /// - Parameters:
    ///   - minimumItemWidth: The narrowest an item may be; more than 0.
    ///   - spacing: The space between two columns and between two rows; not negative.
    /// - Returns: The layout.
    /// - Precondition: `minimumItemWidth > 0` and `spacing >= 0`.
    public static func grid(minimumItemWidth: Double, spacing: Double = 0) -> SectionLayout {
        precondition(
            minimumItemWidth > 0 && spacing >= 0, "A grid needs a minimum item width above 0 and a spacing of 0 or more"
        )
        return SectionLayout(.adaptive(minimumItemWidth: minimumItemWidth), spacing: spacing)
    }

    /// This layout with its header (and, if asked, its footer) pinned while the section scrolls under it.
    ///
    /// - Parameters:
    ///   - header: Whether the header stays at the top of the viewport.
    ///   - footer: Whether the footer stays at the bottom of the viewport.
    /// - Returns: The layout, pinned.
    public func pinned(header: Bool = true, footer: Bool = false) -> SectionLayout {
        var layout = self
        layout.pinsHeader = header
        layout.pinsFooter = footer
        return layout
    }

    /// The number of columns the section has at a width: 1 for a list, the grid's count, or as many
    /// items of the minimum width (with the spacing between them) as fit, at least 1.
    ///
    /// - Parameter width: The width the section is laid out in.
    /// - Returns: The column count, at least 1.
    @_spi(ListHost)
    public func columnCount(forWidth width: Double) -> Int {
        switch arrangement {
        case .rows: return 1
        case .columns(let count): return count
        case .adaptive(let minimum):
            let fitting = ((width + spacing) / (minimum + spacing)).rounded(.down)
            return fitting >= 1 && fitting.isFinite ? Int(min(fitting, 10_000)) : 1
        }
    }

    /// Whether the items are laid out in a grid rather than in rows.
    @_spi(ListHost)
    public var isGrid: Bool { arrangement != .rows }
}
