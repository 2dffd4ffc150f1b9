/// What a text cell shows behind its content, as a background configuration: a fill a reader can see.
///
/// The text host's counterpart of UIKit's `UIBackgroundConfiguration`: the fill takes every column a
/// ``TextContentConfiguration`` leaves empty, so a test reads a highlighted or selected row's background in
/// the rendered lines.
///
/// ```swift
/// let content = TextContentConfiguration(text: "Ada", accessories: [.checkmark])
/// print(content.lines(width: 10, background: TextBackgroundConfiguration(fill: "░")))
/// // Prints "["Ada░░░░░✓"]"
/// ```
public struct TextBackgroundConfiguration: Hashable, Sendable {
    /// The character drawn in the columns the content leaves empty (one column wide).
    public var fill: Character

    /// Creates a background.
    ///
    /// - Parameter fill: The character drawn where the content leaves room (one column wide).
    public init(fill: Character) {
        self.fill = fill
    }
}
