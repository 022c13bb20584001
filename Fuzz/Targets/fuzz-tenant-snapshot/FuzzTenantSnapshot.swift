import Foundation
import FuzzSupport
import TenantConfiguration
import TenantEmulator

/// The tenant snapshot reader: any body reads as each Graph configuration answer or is refused with
/// `GraphShapeError`; any file reads as a snapshot or is refused with `SnapshotFileError`, and one that reads encodes
/// and reads back equal, differs from itself in nothing, and rehearses as a policy or a `PolicyError`, without
/// trapping. Input: one byte choosing the reader (mod 8: the seven Graph answers, then a snapshot file), then the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTenantSnapshot(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let choice = input.byte() % 8
    let body = Data(input.rest())
    switch choice {
    case 0: _ = try? GraphConfigurationAnswer.signUpFlows(body)
    case 1: _ = try? GraphConfigurationAnswer.appIDs(body)
    case 2: _ = try? GraphConfigurationAnswer.userFlowAttributes(body)
    case 3: _ = try? GraphConfigurationAnswer.method(body)
    case 4: _ = try? GraphConfigurationAnswer.applications(body)
    case 5: _ = try? GraphConfigurationAnswer.nativeAuthentication(body)
    case 6: _ = try? GraphConfigurationAnswer.mfaPolicies(body)
    default:
        guard let snapshot = try? TenantSnapshot.decode(body) else { return 0 }
        guard (try? TenantSnapshot.decode(snapshot.encoded())) == snapshot else { fatalError("a snapshot did not read back equal") }
        guard snapshot.differences(to: snapshot).isEmpty else { fatalError("a snapshot differs from itself") }
        _ = try? TenantPolicy.rehearsal(of: snapshot)
    }
    return 0
}
