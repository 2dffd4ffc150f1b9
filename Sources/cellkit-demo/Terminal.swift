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
    /// Move the focus to the item on the left in a grid row or a carousel, scrolling the carousel (← or `h`).
    case left
    /// Move the focus to the item on the right in a grid row or a carousel, scrolling the carousel (→ or `l`).
    case right
    /// Move the focus to the next item that can take it, around from the last to the first (Tab).
    case tab
    /// Move the focus to the previous item that can take it (Shift-Tab: `ESC [ Z`).
    case backTab
    /// Jump to the first item (Home or `g`): the top of the list shows.
    case home
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
    /// Open the context menu of the row under the cursor, or, when one is open, go back one level (`c`).
    case menu
    /// Choose an entry of the open context menu by its number (`1` to `9`).
    case entry(Int)
    case quit
    /// Any other key, ignored.
    case other

    /// Reads one key from bytes a terminal sends: a letter, or an escape sequence (`ESC [ … final` or
    /// `ESC O final`) whole. End of input reads as ``quit``.
    ///
    /// Arrow keys are `ESC [ A`/`B`/`C`/`D` (`ESC O A` and so on in application mode, `ESC [ 1 ; 2 A` with
    /// a modifier).
    /// Home and End come in several encodings, all read: `ESC [ H`/`F`, `ESC O H`/`F` (xterm), `ESC [ 1 ~`
    /// and `ESC [ 4 ~` (tmux, screen, the Linux console), `ESC [ 7 ~` and `ESC [ 8 ~` (rxvt). Any other
    /// sequence is read to its end and ignored, so none of its bytes reads as a key.
    ///
    /// - Parameter next: The next byte, waiting for it; `nil` at the end of input.
    static func read(from next: () -> UInt8?) -> Key {
        guard let byte = next() else { return .quit }
        switch byte {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4:  // Ctrl-C, Ctrl-D
            return .quit
        case UInt8(ascii: "j"): return .down
        case UInt8(ascii: "k"): return .up
        case UInt8(ascii: "h"): return .left
        case UInt8(ascii: "l"): return .right
        case 0x09: return .tab
        case UInt8(ascii: "d"): return .delete
        case UInt8(ascii: "a"): return .add
        case UInt8(ascii: "m"): return .move
        case UInt8(ascii: "r"): return .retry
        case UInt8(ascii: "s"): return .suggest
        case UInt8(ascii: "c"): return .menu
        case UInt8(ascii: "1")...UInt8(ascii: "9"): return .entry(Int(byte - UInt8(ascii: "0")))
        case UInt8(ascii: "g"): return .home
        case UInt8(ascii: "G"): return .end
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"): return .select
        case 0x1B: return escapeSequence(from: next)
        default: return .other
        }
    }

    /// The key of an escape sequence whose `ESC` has been read. (A lone ESC waits for the next byte,
    /// which it swallows unless that starts a sequence: raw mode gives no way to tell them apart.)
    private static func escapeSequence(from next: () -> UInt8?) -> Key {
        guard let introducer = next() else { return .quit }
        switch introducer {
        case UInt8(ascii: "O"):  // SS3: one final byte
            return next().map { finalKey($0) } ?? .quit
        case UInt8(ascii: "["):  // CSI: parameters (0x30–0x3F), intermediates (0x20–0x2F), a final byte
            var parameters: [UInt8] = []
            while true {
                guard let byte = next() else { return .quit }
                switch byte {
                case 0x30...0x3F where parameters.count < 16:
                    parameters.append(byte)
                case 0x20...0x3F:
                    continue  // intermediates, or parameters past any key's
                case 0x40...0x7E:
                    guard byte == UInt8(ascii: "~") else { return finalKey(byte) }
                    // `ESC [ n ~` (with `; modifiers` after n): the key is n.
                    let first = parameters.prefix { $0 != UInt8(ascii: ";") }
                    switch String(decoding: first, as: UTF8.self) {
                    case "1", "7": return .home
                    case "4", "8": return .end
                    default: return .other
                    }
                default:
                    return .other  // not a sequence after all
                }
            }
        default:
            return .other
        }
    }

    /// The key a sequence's final byte names: `A` up, `B` down, `C` right, `D` left, `H` Home, `F` End,
    /// `Z` Shift-Tab.
    private static func finalKey(_ byte: UInt8) -> Key {
        switch byte {
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: .other
        }
    }
}

/// What the interactive demo waits for: a key, or the terminal's new size.
enum TerminalEvent: Equatable {
    case key(Key)
    /// The window was resized (SIGWINCH): the screen is laid out and drawn again.
    case resized
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

    /// Waits for the next key, or for a resize of the window (after ``ResizeSignal/install()``); end of
    /// input reads as ``Key/quit``.
    func nextEvent() -> TerminalEvent {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: ResizeSignal.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR { continue }  // the signal itself: its byte is in the pipe now
            guard ready > 0 else { return .key(.quit) }
            if descriptors[1].revents != 0, ResizeSignal.drain() { return .resized }
            if descriptors[0].revents != 0 { return .key(Key.read(from: readByte)) }
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

/// SIGWINCH, the signal a terminal sends when its window is resized, turned into a byte on a pipe that
/// ``RawTerminal/nextEvent()`` waits on beside stdin (a signal handler may do little more than `write`).
enum ResizeSignal {
    /// The pipe's ends, `-1` until ``install()``; the handler reads only the write end.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1

    /// Opens the pipe and handles SIGWINCH; `false` when the pipe cannot be opened (resizes then show at
    /// the next key).
    @discardableResult
    static func install() -> Bool {
        guard readEnd < 0 else { return true }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)  // a full pipe drops a byte, never blocks
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        signal(SIGWINCH) { _ in
            let saved = errno
            var byte: UInt8 = 1
            _ = write(ResizeSignal.writeEnd, &byte, 1)
            errno = saved
        }
        // A program inherits its signal mask from whoever started it, and a handler does not unblock the
        // signal: a parent thread that blocks SIGWINCH (test runners' threads may) would keep it pending.
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resize, nil)
        return true
    }

    /// Reads every byte the handler wrote; `true` when there was one (a resize since the last call).
    static func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while buffer.withUnsafeMutableBufferPointer({ read(readEnd, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
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
