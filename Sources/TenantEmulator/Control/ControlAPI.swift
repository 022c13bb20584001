/// Routes of the control API, outside the tenant path. Documented in the README ("Tenant emulator").
enum ControlAPI {
    static let prefix = "/emulator/v1/"
}
