import Testing

/// The debug `tophhie` that `swift test` builds, in a real terminal (tmux, 80×24, `TERM=xterm-256color`
/// unless a test says otherwise) against its embedded emulator. Every nested suite runs one test at a time: each test
/// starts a console and its own tmux server, and the machine is shared.
@Suite(.serialized)
struct EndToEnd {}
