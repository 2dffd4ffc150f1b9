import CellKit

/// The views a ``TextListView`` can hand out: the registered factories, the reuse pools, and the
/// scratch pools ``TextListView/renderAll()`` uses so that it never touches the real ones.
///
/// It never calls a factory or a view itself: the list does, outside any access to the pool, so a
/// factory or `prepareForReuse()` that calls back into the list is safe.
@MainActor
struct ReusePool {
    private var cellFactories: [String: @MainActor () -> AnyObject] = [:]
    private var supplementaryFactories: [PoolKey: @MainActor () -> AnyObject] = [:]
    private var pools: [PoolKey: [TextCell]] = [:]
    private var scratchPools: [PoolKey: [TextCell]] = [:]

    /// Registers the factory for a key; a later registration replaces it.
    mutating func register(_ key: PoolKey, factory: @escaping @MainActor () -> AnyObject) {
        if key.kind == nil {
            cellFactories[key.reuseIdentifier] = factory
        } else {
            supplementaryFactories[key] = factory
        }
    }

    /// The factory registered for a key, if any.
    func factory(for key: PoolKey) -> (@MainActor () -> AnyObject)? {
        key.kind == nil ? cellFactories[key.reuseIdentifier] : supplementaryFactories[key]
    }

    /// Takes a recycled view for a key from the reuse pools, or from the scratch pools.
    mutating func popRecycled(_ key: PoolKey, scratch: Bool) -> TextCell? {
        scratch ? scratchPools[key]?.popLast() : pools[key]?.popLast()
    }

    /// Puts a view back in the pool of its key (the scratch pool when `scratch`). A view the list did
    /// not make has no key and is dropped.
    mutating func recycle(_ view: TextCell, scratch: Bool) {
        guard let key = view.poolKey else { return }
        if scratch {
            scratchPools[key, default: []].append(view)
        } else {
            pools[key, default: []].append(view)
        }
    }
}
