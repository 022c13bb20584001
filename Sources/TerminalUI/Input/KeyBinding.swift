/// One binding: the keys that trigger a command and how the footer and help screen describe it.
public struct KeyBinding: Hashable, Sendable {
    /// Every key that triggers the command.
    public var keys: [Key]
    /// What the keys do.
    public var command: FormCommand
    /// Short key names as shown to the user, e.g. `"Tab/↓"`.
    public var keyLabel: String
    /// What the binding does (``KeyWord/nextField``), in the language of the ``WidgetWords`` it is shown with.
    public var help: KeyWord
    /// False for bindings listed only on the help screen (the footer has one line).
    public var inFooter: Bool

    /// A binding listed in the footer unless `inFooter` is false; the help screen lists every binding.
    public init(keys: [Key], command: FormCommand, keyLabel: String, help: KeyWord, inFooter: Bool = true) {
        self.keys = keys
        self.command = command
        self.keyLabel = keyLabel
        self.help = help
        self.inFooter = inFooter
    }
}
