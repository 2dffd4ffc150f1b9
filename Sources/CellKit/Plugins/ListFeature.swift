/// A behaviour that one attached plugin provides, and that an item type may need.
///
/// Two plugins that provide the same feature would both act on the same gesture or row (two swipe
/// providers, two loaders for the bottom of the list), so ``UniversalDataSource/attach(_:)`` refuses the
/// second with ``PluginError/secondProvider(feature:pluginType:providedBy:)``. An item type that needs a
/// feature (a `FoldableItem` of `CellKitPlugins` needs `.folding`) is refused by `apply` with
/// ``DataSourceError/missingFeature(item:itemType:feature:indexPath:)`` while no attached plugin provides
/// it, instead of silently doing nothing.
///
/// ```swift
/// struct Folder: FoldableItem { var name: String; var files: [String]
///     var foldableChildren: [AnyHashable]? { files.map(AnyHashable.init) } }
/// try dataSource.apply(snapshotWithFolders)
/// // Throws "item Folder(...) of type App.Folder at 0.0 needs a plugin that provides folding; none is attached"
/// ```
public struct ListFeature: Hashable, Sendable, CustomStringConvertible {
    /// What the feature is called in messages: its ``description``.
    let name: String

    /// Creates a feature; plugins of your own may define theirs.
    ///
    /// - Parameter name: A name unique among features.
    public init(_ name: String) {
        self.name = name
    }

    /// The feature's name.
    public var description: String { name }
}

/// An item type whose behaviour needs a plugin: `apply` refuses a snapshot holding one while no
/// attached plugin provides ``requiredFeature``, and a plugin providing it cannot be detached while
/// such an item is shown.
public protocol FeatureDependentItem {
    /// The feature items of this type need.
    static var requiredFeature: ListFeature { get }
}
