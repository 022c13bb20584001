import CCurl
import CursesBackend
import FoundationEssentials
import Glibc
import Launcher

// The floor of a console in one binary, for `tophhie-bench startup`: it loads only what such a console could
// not avoid (FoundationEssentials instead of Foundation, and libcurl with its TLS for the transport, as
// `CurlTransport` uses it), paints the launcher's first frame, and exits. A real one-binary console loads
// at least this much before its first frame; if this floor misses the start-up target, so would it.
curl_global_init(Int(CURL_GLOBAL_DEFAULT))
let environment = ProcessEnvironment.current()
// Use FoundationEssentials as the console would at start (a decoded preset), so it is loaded and initialised.
let preset = (try? JSONDecoder().decode([String: String].self, from: Data(#"{"preset":"contoso"}"#.utf8)))?["preset"] ?? "contoso"
guard let backend = try? CursesBackend(environment: environment) else { exit(2) }
backend.present(FirstFrame.embeddedHome(preset: preset, enrolment: false))
backend.stop()
curl_global_cleanup()
