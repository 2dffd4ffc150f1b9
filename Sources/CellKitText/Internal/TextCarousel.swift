@_spi(ListHost) import CellKit

/// A carousel section's strip on a ``TextListView``, in columns of characters: the window the cards
/// scroll through, each card's width and the blank columns between two cards, and where a scroll may
/// come to rest.
///
/// The strip takes the list's width: a gutter column at each edge (for the signs that more lies to that
/// side, when the list is at least 3 columns wide) and the window between them. Card `k` spans columns
/// `k * stride ..< k * stride + itemWidth` of the strip's content; the window shows the content's
/// columns `offset ..< offset + window`.
struct TextCarousel: Hashable {
    /// The columns a card renders at: the layout's item width (a fraction of ``window``, or absolute),
    /// rounded, `1...window`.
    var itemWidth: Int
    /// The blank columns between two cards: the layout's spacing, rounded, `0...window`.
    var spacing: Int
    /// The columns of content the strip shows at once.
    var window: Int
    /// Whether a gutter column flanks the window on each side.
    var hasGutters: Bool
    /// Where a scroll comes to rest.
    var scrolling: SectionLayout.CarouselScrolling

    /// The strip a layout asks for at a width, or `nil` for a layout that is not a carousel.
    init?(_ layout: SectionLayout, width: Int) {
        guard let scrolling = layout.carouselScrolling else { return nil }
        hasGutters = width >= 3
        window = max(1, hasGutters ? width - 2 : width)
        let length = layout.carouselItemWidth(inSectionWidth: Double(window)) ?? 1
        itemWidth = length.isFinite ? min(max(1, Int(length.rounded())), window) : window
        spacing = layout.spacing.isFinite ? min(max(0, Int(layout.spacing.rounded())), window) : 0
        self.scrolling = scrolling
    }

    /// The columns from one card's start to the next's.
    var stride: Int { itemWidth + spacing }

    /// The columns the cards of a section with `count` items take side by side.
    func contentWidth(count: Int) -> Int { count <= 0 ? 0 : count * itemWidth + (count - 1) * spacing }

    /// The largest offset: the last card's end at the window's end (`0` when every card fits).
    func maximumOffset(count: Int) -> Int { max(0, contentWidth(count: count) - window) }

    /// An offset clamped to `0...maximumOffset(count:)`.
    func clamped(_ offset: Int, count: Int) -> Int { min(max(0, offset), maximumOffset(count: count)) }

    /// The items with at least one column in the window at an offset (empty when the window shows only
    /// spacing). O(1).
    func visibleItems(offset: Int, count: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        var first = offset / stride
        if offset - first * stride >= itemWidth { first += 1 }
        let last = min(count - 1, (offset + window - 1) / stride)
        return first <= last ? first..<(last + 1) : first..<first
    }

    /// The column of the strip's content where an item's card starts.
    func start(ofItem item: Int) -> Int { item * stride }

    /// The distance between two resting offsets when the strip pages: a window (``SectionLayout/CarouselScrolling/paging``)
    /// or a card and its spacing (``SectionLayout/CarouselScrolling/groupPaging``); `nil` when it scrolls
    /// continuously.
    var page: Int? {
        switch scrolling {
        case .continuous: nil
        case .paging: window
        case .groupPaging: stride
        }
    }

    /// Where a scroll from `current` toward `target` comes to rest: the target, clamped, when the strip
    /// scrolls continuously; otherwise the resting offset (a multiple of ``page``, or the end) nearest the
    /// target, ties going the way of the scroll, and at least one resting offset away from `current` when
    /// the target differs from it (a short swipe still turns a page).
    func resting(from current: Int, toward target: Int, count: Int) -> Int {
        let end = maximumOffset(count: count)
        let aimed = min(max(0, target), end)
        guard let page, page > 0, target != current else { return aimed }
        let lower = aimed / page * page
        let upper = min(lower + page, end)
        var snapped: Int
        if aimed - lower != upper - aimed {
            snapped = aimed - lower < upper - aimed ? lower : upper
        } else {
            snapped = target > current ? upper : lower
        }
        if snapped == current {
            snapped = target > current ? min((current / page + 1) * page, end) : max(0, (current - 1) / page * page)
        }
        return min(max(0, snapped), end)
    }

    /// The offset closest to `current` that shows an item's whole card (its start when the card is
    /// wider than the window), then at a resting offset at or before the card's start when the strip
    /// pages and the card still shows whole there; clamped.
    func offset(showing item: Int, from current: Int, count: Int) -> Int {
        let start = start(ofItem: item)
        var offset = current
        if start < current || itemWidth > window {
            offset = start
        } else if start + itemWidth > current + window {
            offset = start + itemWidth - window
        }
        if let page, page > 0, offset != current {
            let rest = start / page * page
            if start + itemWidth <= rest + window { offset = rest }
        }
        return clamped(offset, count: count)
    }
}
