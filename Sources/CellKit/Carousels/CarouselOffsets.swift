import DiffableStore

/// The sideways offset of each carousel section, kept by section identifier: what hosts report after a
/// scroll and read back when a section comes into view, so that an offset follows its section through
/// applies, moves and view reuse. Not API.
///
/// An offset is dropped only when an apply deletes its section (``dropOffsets(ofSectionsDeletedFrom:to:)``,
/// called by the apply transaction once a plan is shown) or when the app resets it.
@MainActor
final class CarouselOffsets<SectionIdentifier: Hashable> {
    /// Each section's offset; a section absent here is at 0.
    private(set) var offsets: [SectionIdentifier: Double] = [:]

    /// The offset of a section, 0 when none is kept.
    ///
    /// - Complexity: Expected O(1).
    func offset(of section: SectionIdentifier) -> Double { offsets[section] ?? 0 }

    /// Keeps an offset for a section (a negative one as 0); 0 drops the entry.
    ///
    /// - Returns: Whether the kept offset changed.
    /// - Complexity: Expected O(1).
    @discardableResult
    func set(_ offset: Double, of section: SectionIdentifier) -> Bool {
        let value = max(0, offset)
        guard value != self.offset(of: section) else { return false }
        offsets[section] = value == 0 ? nil : value
        return true
    }

    /// Drops the offsets of the sections `before` had and `after` does not: the sections an apply
    /// deleted. An offset set for a section not yet shown stays until one of its own applies.
    ///
    /// - Complexity: O(k) expected for the *k* offsets kept.
    func dropOffsets(
        ofSectionsDeletedFrom before: Snapshot<SectionIdentifier, AnyHashable>,
        to after: Snapshot<SectionIdentifier, AnyHashable>
    ) {
        guard !offsets.isEmpty else { return }
        for section in offsets.keys
        where before.indexOfSection(section) != nil && after.indexOfSection(section) == nil {
            offsets[section] = nil
        }
    }
}
