#if !canImport(UIKit)
import Foundation
import Testing
@_spi(Simulation) import UIKitStandIn

// What the stand-in does to what an app attaches to a drag: UIKit keeps a drag item's `localObject` as an
// Objective-C object, so only a class instance comes back as it went in.

@MainActor
@Suite("UIDragItem (stand-in)")
struct StandInDragItemTests {
    final class Attached {}

    @Test("a class instance in localObject comes back as it went in; a Swift value comes back as something else")
    func localObjectIsKeptAsAnObjectiveCObject() {
        let dragItem = UIDragItem(itemProvider: NSItemProvider())
        let attached = Attached()
        dragItem.localObject = attached
        #expect((dragItem.localObject as? Attached) === attached)
        dragItem.localObject = AnyHashable(Plain(name: "A"))
        #expect(dragItem.localObject != nil)
        #expect(dragItem.localObject as? AnyHashable == nil)
        #expect(dragItem.localObject as? Plain == nil)
        dragItem.localObject = nil
        #expect(dragItem.localObject == nil)
    }
}
#endif
