#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A key the interactive demo understands.
enum Key: Equatable {
    case up
    case down
    /// Jump to the last item (End or `G`): the end of the list shows, and the next page loads.
    case end
    case select
    /// Swipe the row under the cursor and tap its trailing "Delete".
    case delete
    case add
    case move
    /// Retry a page that failed to load.
    case retry
    /// The "Suggested" block dismisses its first suggestion and brings the next (`s`).
    case suggest
    case quit
    /// Any other key, ignored.
    case other
}

/// The terminal on stdin in raw mode: keys arrive one by one, unechoed, and the original settings come
/// back when ``restore()`` is called.
///
/// Raw here means: no line buffering, no echo, and Ctrl-C arrives as a key (so the terminal is always
/// restored) rather than as a signal.
struct RawTerminal {
    private let original: termios

    /// Whether stdin is a terminal.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    /// Switches stdin to raw mode.
    ///
    /// - Returns: `nil` when stdin is not a terminal or its settings cannot be changed.
    init?() {
        guard Self.isAvailable else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        original = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
    }

    /// Puts the terminal back as it was.
    func restore() {
        var settings = original
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    /// Waits for the next key; end of input reads as ``Key/quit``.
    func readKey() -> Key {
        guard let byte = readByte() else { return .quit }
        switch byte {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4:  // Ctrl-C, Ctrl-D
            return .quit
        case UInt8(ascii: "j"): return .down
        case UInt8(ascii: "k"): return .up
        case UInt8(ascii: "d"): return .delete
        case UInt8(ascii: "a"): return .add
        case UInt8(ascii: "m"): return .move
        case UInt8(ascii: "r"): return .retry
        case UInt8(ascii: "s"): return .suggest
        case UInt8(ascii: "G"): return .end
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"): return .select
        case 0x1B:
            // An arrow key is ESC [ A..D (or ESC O A..D in application mode), End is ESC [ F (or ESC O F);
            // a lone ESC is ignored, and so is any other sequence (its last bytes read as other keys).
            guard let second = readByte(), second == UInt8(ascii: "[") || second == UInt8(ascii: "O"),
                let third = readByte()
            else { return .other }
            switch third {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "F"): return .end
            default: return .other
            }
        default:
            return .other
        }
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}

/// The size of the terminal the demo draws on, in character cells.
struct TerminalSize: Equatable, CustomStringConvertible {
    var columns: Int
    var rows: Int

    /// The size assumed when the terminal does not report one: the classic 80×24.
    static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The size of the terminal on stdout (or stdin), read with `ioctl(TIOCGWINSZ)`; ``fallback`` when
    /// neither is a terminal or the terminal reports 0×0 (a pseudo-terminal nobody has sized).
    static func current() -> TerminalSize {
        for descriptor in [STDOUT_FILENO, STDIN_FILENO] {
            var size = winsize()
            #if canImport(Darwin)
            let status = ioctl(descriptor, TIOCGWINSZ, &size)
            #else
            let status = ioctl(descriptor, UInt(TIOCGWINSZ), &size)
            #endif
            if status == 0, size.ws_col > 0, size.ws_row > 0 {
                return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
            }
        }
        return fallback
    }

    var description: String { "\(columns)×\(rows)" }
}
