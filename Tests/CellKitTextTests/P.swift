import Testing
@testable import CellKitText
@Test func placeholder() {}
