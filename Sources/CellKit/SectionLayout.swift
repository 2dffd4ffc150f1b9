/// How a host lays out one section's items: full-width rows (``list``), a grid, or a horizontal
/// ``carousel(itemWidth:spacing:scrolling:)``, with the section's header and footer optionally pinned while
/// the section scrolls under them.
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
/// - Note: `CollectionViewHost`'s compositional layout and `TextListView` lay out grids, carousels and
///   pinned headers and footers (`TextListView` draws no section decoration around a carousel's strip).
///   `TableViewHost` lays every section out as rows, its headers and footers floating in a plain table and
///   scrolling with their section in a grouped one, whatever the layout says.
public struct SectionLayout: Hashable, Sendable {
    /// How the items are arranged.
    enum Arrangement: Hashable, Sendable {
        case rows
        case columns(Int)
        case adaptive(minimumItemWidth: Double)
        case carousel(CarouselItemWidth, CarouselScrolling)
    }

    /// How a carousel section scrolls sideways and where it comes to rest (UIKit's
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`).
    public enum CarouselScrolling: Hashable, Sendable {
        /// Scrolls freely and comes to rest wherever the user lifts the finger.
        case continuous
        /// Comes to rest a whole page (the section's width) at a time.
        case paging
        /// Comes to rest with an item at the leading edge.
        case groupPaging
    }

    /// How wide each item of a carousel is: a length, or a fraction of the section's width (below 1, the
    /// next item peeks in at the trailing edge).
    public enum CarouselItemWidth: Hashable, Sendable {
        /// A width in the host's unit.
        case absolute(Double)
        /// A fraction of the section's width, above 0 and at most 1.
        case fractional(Double)
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

    /// A horizontal carousel: the items side by side on one band as tall as its tallest item, which
    /// scrolls sideways on its own while the list scrolls vertically (UIKit's orthogonal scrolling).
    ///
    /// The data source keeps each carousel's sideways offset by section identifier, across applies,
    /// section moves and view reuse (``UniversalDataSource/carouselOffset(of:)``).
    ///
    /// ```swift
    /// dataSource.sectionLayouts = { section in
    ///     section == .featured ? .carousel(itemWidth: .fractional(0.8), spacing: 8, scrolling: .groupPaging) : .list
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - itemWidth: How wide each item is: `.absolute(_:)` above 0, or `.fractional(_:)` of the
    ///     section's width, above 0 and at most 1.
    ///   - spacing: The space between two items; not negative.
    ///   - scrolling: Where a sideways scroll comes to rest.
    /// - Returns: The layout.
    /// - Precondition: The width is above 0 (a fraction at most 1) and `spacing >= 0`.
    public static func carousel(
        itemWidth: CarouselItemWidth, spacing: Double = 0, scrolling: CarouselScrolling = .continuous
    ) -> SectionLayout {
        let valid =
            switch itemWidth {
            case .absolute(let width): width > 0 && width.isFinite
            case .fractional(let fraction): fraction > 0 && fraction <= 1
            }
        precondition(
            valid && spacing >= 0 && spacing.isFinite,
            "A carousel needs an item width above 0 (a fraction at most 1) and a spacing of 0 or more")
        return SectionLayout(.carousel(itemWidth, scrolling), spacing: spacing)
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
        case .rows, .carousel: return 1
        case .columns(let count): return count
        case .adaptive(let minimum):
            let fitting = ((width + spacing) / (minimum + spacing)).rounded(.down)
            return fitting >= 1 && fitting.isFinite ? Int(min(fitting, 10_000)) : 1
        }
    }

    /// Whether the items are laid out in a grid rather than in rows.
    @_spi(ListHost)
    public var isGrid: Bool {
        switch arrangement {
        case .columns, .adaptive: true
        case .rows, .carousel: false
        }
    }

    /// How a carousel scrolls sideways; `nil` for a section that is not a carousel.
    @_spi(ListHost)
    public var carouselScrolling: CarouselScrolling? {
        guard case .carousel(_, let scrolling) = arrangement else { return nil }
        return scrolling
    }

    /// How wide a carousel's items are; `nil` for a section that is not a carousel.
    @_spi(ListHost)
    public var carouselItemWidth: CarouselItemWidth? {
        guard case .carousel(let width, _) = arrangement else { return nil }
        return width
    }

    /// The width of a carousel's items in a section of a width (a fraction of it, or the absolute
    /// width); `nil` for a section that is not a carousel.
    ///
    /// - Parameter width: The width the section is laid out in.
    @_spi(ListHost)
    public func carouselItemWidth(inSectionWidth width: Double) -> Double? {
        switch carouselItemWidth {
        case nil: nil
        case .absolute(let length): length
        case .fractional(let fraction): width * fraction
        }
    }
}
