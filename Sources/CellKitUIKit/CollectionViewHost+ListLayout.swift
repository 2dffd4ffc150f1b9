#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif
@_spi(ListHost) import CellKit
import DiffableStore

// A list layout (iOS 14) wired to the data source: the list configuration's swipe action providers give the
// data source's swipe actions, and its header and footer modes follow the data source's registrations.

@available(iOS 14.0, tvOS 14.0, *)
extension CollectionViewHost {
    /// A list layout (`UICollectionViewCompositionalLayout` of list sections) whose every section is
    /// ``listSection(at:environment:configuration:)`` of `configuration`: swipe actions and headers and
    /// footers come from the data source, with no wiring of yours.
    ///
    /// ```swift
    /// var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    /// configuration.showsSeparators = false
    /// host.collectionView.collectionViewLayout = host.makeListLayout(configuration)
    /// ```
    ///
    /// - Parameter configuration: The list's appearance and separators; its swipe action providers and
    ///   header and footer modes are set as ``listSection(at:environment:configuration:)`` says.
    /// - Returns: A layout that holds the host weakly; give it to the collection view
    ///   (`collectionViewLayout`).
    public func makeListLayout(_ configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout { [weak self] section, environment in
            guard let self else {
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
            }
            return listSection(at: section, environment: environment, configuration: configuration)
        }
    }

    /// A list section (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`) for one of the host's
    /// sections, wired to the data source: call it from a section provider.
    ///
    /// - Its leading and trailing swipe action providers, unless you set your own, give the data source's
    ///   swipe actions (``swipeActionsConfiguration(forItemAt:edge:)``; not on tvOS): a swipe shows the
    ///   actions of the item swiped, each performed on that item even if rows are inserted above it before
    ///   the user taps it. Swipe actions show on `UICollectionViewListCell`s (``CellKit/UniversalDataSource/registerListCell(itemType:accessories:configure:)``).
    /// - Its header mode is `.supplementary` when the data source has a ``/CellKit/SupplementaryKind/header``
    ///   registration, and `.none` when it has none (unless you asked for `.firstItemInSection`); its
    ///   footer mode is `.supplementary` exactly when it has a ``/CellKit/SupplementaryKind/footer`` one.
    ///   UIKit asks for the section again at every layout pass after a reload, so a registration made later
    ///   shows at the next one.
    ///
    /// A list section sizes its cells, headers and footers itself (self-sizing, from an estimate): the data
    /// source's item sizes (`ItemSizing`) are not used, and what shows with a cell (separators, a card's
    /// margins) does not add to its height. For rows of the sizes the data source gives, use
    /// ``layoutSection(at:environment:itemHeight:)``.
    ///
    /// - Parameters:
    ///   - section: The section index, as the section provider gets it.
    ///   - environment: The layout environment, as the section provider gets it.
    ///   - configuration: The list's appearance and separators.
    /// - Returns: The section.
    /// - Complexity: O(k) for the data source's *k* supplementary kinds.
    public func listSection(
        at section: Int, environment: any NSCollectionLayoutEnvironment,
        configuration: UICollectionLayoutListConfiguration
    ) -> NSCollectionLayoutSection {
        NSCollectionLayoutSection.list(using: wired(configuration), layoutEnvironment: environment)
    }

    /// The configuration with the host's swipe action providers (where it has none) and the header and
    /// footer modes of the data source's registrations.
    private func wired(_ configuration: UICollectionLayoutListConfiguration) -> UICollectionLayoutListConfiguration {
        var wired = configuration
        let kinds = dataSource?.supplementaryKinds(in: self) ?? []
        if kinds.contains(.header) {
            wired.headerMode = .supplementary
        } else if wired.headerMode == .supplementary {
            wired.headerMode = .none
        }
        wired.footerMode = kinds.contains(.footer) ? .supplementary : .none
        #if !os(tvOS)
        if wired.leadingSwipeActionsConfigurationProvider == nil {
            wired.leadingSwipeActionsConfigurationProvider = { [weak self] indexPath in
                self?.swipeActionsConfiguration(at: indexPath, edge: .leading)
            }
        }
        if wired.trailingSwipeActionsConfigurationProvider == nil {
            wired.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
                self?.swipeActionsConfiguration(at: indexPath, edge: .trailing)
            }
        }
        #endif
        return wired
    }
}
