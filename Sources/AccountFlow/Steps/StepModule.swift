import TophhieCloudAuthentication

/// A native-auth step's screen state that owns its behaviour: the reducer hands it the user's edits, Enter, Back
/// and the failures of its own request, so one file holds all a step does. Adding a tenant step is a payload
/// conforming to this, registered in `FlowStep.swift` (its case, its module, its name).
protocol StepModule: Sendable {
    /// This payload as the flow's step (e.g. `.codeEntry(self)`).
    var step: FlowStep { get }
    /// The screen (title, text, fields, actions) for this step.
    func screen(in state: FlowState) -> Screen
    /// Stores an edit; the field's previous error goes, the input is always kept.
    mutating func edit(_ field: FieldID, _ text: String)
    /// Validates the field being left, so mistakes show before submit.
    mutating func leave(_ field: FieldID)
    /// Enter: check locally, then send the step's request.
    func submit(in state: inout FlowState) -> [FlowEffect]
    /// Back: most server steps cannot be undone on the server, so by default the flow restarts with the email kept.
    func back(in state: inout FlowState) -> [FlowEffect]
    /// The step's request failed: the errors that belong to its fields stay on it; by default all are common failures.
    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect]
}

extension StepModule {
    mutating func leave(_ field: FieldID) {}

    func back(in state: inout FlowState) -> [FlowEffect] {
        state.restartFlow()
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        state.commonFailure(error)
    }
}
