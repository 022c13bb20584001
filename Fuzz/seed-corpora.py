#!/usr/bin/env python3
"""Writes the first corpus of each fuzz target (Fuzz/Corpus/<target>/seed-*) from what the project already
has: the documented native-auth exchanges (Tests/Fixtures), the emulator presets and test policies, the
token caches and Graph bodies of the tests, and the keystrokes of the input-decoder tests. Run once, then
`scripts/fuzz --merge TARGET` keeps what adds coverage. Input layouts are the ones each target's doc gives."""
import base64
import glob
import hashlib
import json
import os
import re
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "native-auth")
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")

# The order of NativeAuthEndpoint.allCases, of the status list and of the grant types in fuzz-native-auth.
ENDPOINTS = ["/oauth2/v2.0/initiate", "/oauth2/v2.0/challenge", "/oauth2/v2.0/token", "/oauth2/v2.0/introspect",
             "/register/v1.0/introspect", "/register/v1.0/challenge", "/register/v1.0/continue", "/signup/v1.0/start",
             "/signup/v1.0/challenge", "/signup/v1.0/continue", "/resetpassword/v1.0/start",
             "/resetpassword/v1.0/challenge", "/resetpassword/v1.0/continue", "/resetpassword/v1.0/submit",
             "/resetpassword/v1.0/poll_completion"]
STATUSES = [200, 400, 401, 429, 500, 502, 302, 0, -1, 999]
GRANTS = [None, "password", "oob", "mfa_oob", "continuation_token", "attributes", "refresh_token"]
TENANT = "5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"
CLIENT = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + hashlib.sha1(data).hexdigest()[:16]), "wb") as out:
        out.write(data)


def fixtures():
    for path in sorted(glob.glob(os.path.join(FIXTURES, "*.json"))):
        with open(path) as handle:
            yield json.load(handle)


def body_bytes(response):
    if "bodyText" in response:
        return response["bodyText"].encode()
    return json.dumps(response.get("body", {})).encode()


def native_auth():
    for fixture in fixtures():
        request, response = fixture["request"], fixture["response"]
        endpoint = ENDPOINTS.index(request["path"]) if request["path"] in ENDPOINTS else 0
        status = STATUSES.index(response["status"]) if response["status"] in STATUSES else 4
        grant = request.get("form", {}).get("grant_type")
        grant = GRANTS.index(grant) if grant in GRANTS else 0
        header = response.get("headers", {}).get("Retry-After", "")
        write("native-auth", bytes([endpoint, status, grant]) + header.encode() + b"\n" + body_bytes(response))
        write("native-auth", bytes([endpoint, 0, grant]) + b"\n" + urllib.parse.urlencode(request.get("form", {})).encode())


def emulator_request():
    def form_request(path, form, extra_headers=""):
        body = urllib.parse.urlencode(form, safe="{}")
        return f"POST /{TENANT}{path}\ncontent-type: application/x-www-form-urlencoded\n{extra_headers}\n{body}"

    for fixture in fixtures():
        form = dict(fixture["request"].get("form", {}))
        form["client_id"] = CLIENT
        for key in ("continuation_token",):
            if key in form:
                form[key] = "{ct}"
        for key in ("oob",):
            if key in form:
                form[key] = "{code}"
        write("emulator-request", form_request(fixture["request"]["path"], form))
    flows = [
        [("/signup/v1.0/start", {"username": "new@contoso.com", "challenge_type": "oob password redirect"}),
         ("/signup/v1.0/challenge", {"continuation_token": "{ct}", "challenge_type": "oob password redirect"}),
         ("/signup/v1.0/continue", {"continuation_token": "{ct}", "grant_type": "oob", "oob": "{code}"}),
         ("/signup/v1.0/continue", {"continuation_token": "{ct}", "grant_type": "password", "password": "Blue-Harbor-7419!"}),
         ("/signup/v1.0/continue", {"continuation_token": "{ct}", "grant_type": "attributes",
                                    "attributes": json.dumps({"displayName": "New"})}),
         ("/oauth2/v2.0/token", {"continuation_token": "{ct}", "grant_type": "continuation_token", "scope": "openid offline_access"})],
        [("/oauth2/v2.0/initiate", {"username": "jane.doe@contoso.com", "challenge_type": "oob password redirect"}),
         ("/oauth2/v2.0/challenge", {"continuation_token": "{ct}", "challenge_type": "oob password redirect"}),
         ("/oauth2/v2.0/token", {"continuation_token": "{ct}", "grant_type": "password", "password": "Blue-Harbor-7419!",
                                 "scope": "openid offline_access"})],
        [("/resetpassword/v1.0/start", {"username": "jane.doe@contoso.com", "challenge_type": "oob redirect"}),
         ("/resetpassword/v1.0/challenge", {"continuation_token": "{ct}", "challenge_type": "oob redirect"}),
         ("/resetpassword/v1.0/continue", {"continuation_token": "{ct}", "grant_type": "oob", "oob": "{code}"}),
         ("/resetpassword/v1.0/submit", {"continuation_token": "{ct}", "new_password": "Green-Field-8520!"}),
         ("/resetpassword/v1.0/poll_completion", {"continuation_token": "{ct}"})],
    ]
    for flow in flows:
        steps = [form_request(path, dict(form, client_id=CLIENT)) for path, form in flow]
        write("emulator-request", "\n--\n".join(steps))
    control = [
        "GET /emulator/v1/outbox?to=jane.doe%40contoso.com\n\n",
        "GET /emulator/v1/users\n\n",
        "POST /emulator/v1/users\ncontent-type: application/json\n\n" + json.dumps([{"email": "x@contoso.com", "password": "Pass-word-1234"}]),
        "POST /emulator/v1/clock\n\n" + json.dumps({"advanceSeconds": 600}),
        "POST /emulator/v1/faults\n\n" + json.dumps({"endpoint": "/oauth2/v2.0/token", "kind": "http429", "count": 1, "seconds": 2}),
        "GET /emulator/v1/faults\n\n",
        "GET /emulator/v1/tenant\n\n",
        "GET /emulator/v1/signins\n\n",
        "POST /emulator/v1/devicecodes/ABCD-EFGH/approve\n\n" + json.dumps({"username": "jane.doe@contoso.com"}),
        f"GET /{TENANT}/v2.0/.well-known/openid-configuration\nhost: 127.0.0.1:8443\nx-emulator-scheme: https\n\n",
        f"GET /{TENANT}/discovery/v2.0/keys\n\n",
        f"GET /{TENANT}/oauth2/v2.0/authorize?client_id={CLIENT}&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A5000"
        "&scope=openid+offline_access&state=s&code_challenge=abc&code_challenge_method=S256&response_mode=form_post\n\n",
        f"POST /{TENANT}/oauth2/v2.0/devicecode\n\nclient_id={CLIENT}&scope=openid+offline_access\n--\n"
        f"POST /{TENANT}/oauth2/v2.0/token\n\nclient_id={CLIENT}&grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=x",
        f"GET /common/oauth2/deviceauth\n\n",
        f"GET /v1.0/me\nauthorization: Bearer {{token}}\n\n",
        "POST /oauth2/v2.0/initiate\n\nusername=a\n--\nGET /v1.0/users/x/signIns?$top=5\nauthorization: Bearer {token}\n\n",
    ]
    for text in control:
        write("emulator-request", text)
    # A sign-in, then Graph with its access token.
    write("emulator-request", "\n--\n".join([
        form_request("/oauth2/v2.0/initiate", {"client_id": CLIENT, "username": "jane.doe@contoso.com", "challenge_type": "password redirect"}),
        form_request("/oauth2/v2.0/challenge", {"client_id": CLIENT, "continuation_token": "{ct}", "challenge_type": "password redirect"}),
        form_request("/oauth2/v2.0/token", {"client_id": CLIENT, "continuation_token": "{ct}", "grant_type": "password",
                                            "password": "Blue-Harbor-7419!", "scope": "openid offline_access User.Read"}),
        "GET /v1.0/me\nauthorization: Bearer {token}\n\n",
        "PATCH /v1.0/me\nauthorization: Bearer {token}\ncontent-type: application/json\n\n" + json.dumps({"displayName": "Jane"}),
    ]))


def tenant_policy():
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "TenantEmulator", "Presets", "*.json"))
                       + glob.glob(os.path.join(ROOT, "Tests", "EndToEndTests", "Policies", "*.json"))):
        with open(path, "rb") as handle:
            write("tenant-policy", handle.read())


def swift_raw_strings(path):
    with open(path) as handle:
        return [match.strip("\n") for match in re.findall(r'#"""\n(.*?)\n\s*"""#', handle.read(), re.S)]


def token_cache():
    for text in swift_raw_strings(os.path.join(ROOT, "Tests", "TophhieCloudAuthenticationTests", "TokenCacheFixtures.swift")) \
            + swift_raw_strings(os.path.join(ROOT, "Tests", "TophhieCloudAuthenticationTests", "TokenCacheDocumentTests.swift")):
        write("token-cache", text)
    write("token-cache", "")
    write("token-cache", "{}")


def jwt_claims():
    source = open(os.path.join(ROOT, "Tests", "TophhieCloudAuthenticationTests", "TokenCacheFixtures.swift")).read()
    client_info = re.search(r'clientInfo = "([^"]+)"', source).group(1)
    id_token = re.search(r'idToken = "([^"]+)"', source).group(1)
    write("jwt-claims", client_info + "\n" + id_token)
    for fixture in fixtures():
        body = fixture["response"].get("body", {})
        if isinstance(body, dict) and "id_token" in body:
            write("jwt-claims", body.get("client_info", "") + "\n" + body["id_token"])
    claims = base64.urlsafe_b64encode(json.dumps({"oid": "o", "tid": "t", "name": ["a", 1, None, True],
                                                  "preferred_username": "u@x"}).encode()).decode().rstrip("=")
    write("jwt-claims", "\nx." + claims + ".sig")


def graph_response():
    tests = os.path.join(ROOT, "Tests", "TophhieCloudAuthenticationTests")
    for name in ("GraphProfileTests.swift", "GraphSignInHistoryTests.swift", "GraphKit.swift"):
        for text in swift_raw_strings(os.path.join(tests, name)):
            write("graph-response", "\n" + text)
    write("graph-response", "Wed, 21 Oct 2026 07:28:00 GMT\n" + json.dumps(
        {"error": {"code": "TooManyRequests", "message": "slow down", "innerError": {"date": "2026-01-01T00:00:00Z",
                                                                                   "request-id": "r", "client-request-id": "c"}}}))
    write("graph-response", "120\n" + json.dumps({"value": [{"id": "1", "createdDateTime": "2026-01-01T10:00:00.123Z",
                                                             "status": {"errorCode": 0}, "location": {"city": "Paris"}}],
                                                  "@odata.nextLink": "https://graph.microsoft.com/v1.0/auditLogs/signIns?$skiptoken=x"}))


def tenant_snapshot():
    """The Graph configuration fixtures, each behind the byte choosing its reader, and a snapshot file."""
    readers = ["signUpFlows", "flowApplications", "userFlowAttributes", "emailOtp", "applications", "nativeAuthentication",
               "mfaPolicies"]
    folder = os.path.join(ROOT, "Tests", "Fixtures", "graph-configuration")
    for index, name in enumerate(readers):
        with open(os.path.join(folder, name + ".json"), "rb") as handle:
            write("tenant-snapshot", bytes([index]) + handle.read())
    write("tenant-snapshot", b"\x03" + open(os.path.join(folder, "sms.json"), "rb").read())
    write("tenant-snapshot", b"\x07" + json.dumps({
        "format": "tophhie-tenant-snapshot/1", "emailOtp": {"state": "enabled", "includeTargets": ["all_users"]},
        "sms": {"notRead": "HTTP 403 Authorization_RequestDenied"}, "applications": [{"appId": CLIENT, "isFallbackPublicClient": True,
                                                                                    "redirectUris": ["http://localhost"]}],
        "nativeAuthentication": {CLIENT: "all"}, "mfaPolicies": [], "userFlowAttributes": [],
        "signUpFlows": [{"name": "Customers", "identityProviders": ["EmailPassword-OAUTH"], "signUpAllowed": True,
                         "applications": [CLIENT], "attributes": [{"attribute": "city", "order": 1, "label": "City",
                                                                    "inputType": "text", "required": True, "options": [],
                                                                    "hidden": False, "editable": True}]}]}).encode())


def interactive_answers():
    tests = os.path.join(ROOT, "Tests", "TophhieCloudAuthenticationTests")
    source = open(os.path.join(tests, "InteractiveKit.swift")).read()
    discovery = re.search(r'static let discovery = """\n(.*?)\n\s*"""', source, re.S)
    if discovery:
        write("interactive-answers", b"\x00\n" + discovery.group(1).encode())
    write("interactive-answers", b"\x00\n" + json.dumps({
        "authorization_endpoint": f"https://contoso.ciamlogin.com/{TENANT}/oauth2/v2.0/authorize",
        "token_endpoint": f"https://contoso.ciamlogin.com/{TENANT}/oauth2/v2.0/token",
        "device_authorization_endpoint": f"https://contoso.ciamlogin.com/{TENANT}/oauth2/v2.0/devicecode",
        "end_session_endpoint": f"https://contoso.ciamlogin.com/{TENANT}/oauth2/v2.0/logout"}).encode())
    write("interactive-answers", b"\x01\n" + json.dumps({
        "device_code": "DAQABAAEAAAD", "user_code": "ABCD-EFGH", "verification_uri": "https://microsoft.com/devicelogin",
        "expires_in": "900", "interval": 5, "message": "To sign in, use a web browser to open the page "
                                                       "https://microsoft.com/devicelogin and enter the code ABCD-EFGH."}).encode())
    token = json.dumps({"token_type": "Bearer", "scope": "openid profile offline_access", "expires_in": 3599, "ext_expires_in": "3599",
                        "access_token": "at", "refresh_token": "rt",
                        "id_token": "x." + base64.urlsafe_b64encode(b'{"oid":"o","tid":"t"}').decode().rstrip("=") + ".s",
                        "client_info": base64.urlsafe_b64encode(b'{"uid":"u","utid":"t"}').decode().rstrip("=")})
    write("interactive-answers", b"\x02\n" + token.encode())
    write("interactive-answers", b"\x03code=abc&state=state\ncode=abc&state=state")
    write("interactive-answers", b"\x03error=access_denied&error_description=User+cancelled&state=state\nerror=x&state=other")


def terminal_input():
    def records(*chunks):
        out = b""
        for chunk in chunks:
            if isinstance(chunk, tuple):
                out += bytes([255, chunk[0], chunk[1]])
            else:
                data = chunk.encode() if isinstance(chunk, str) else chunk
                out += bytes([len(data) | 0x80]) + data
        return out

    keys = ["\x1b[H", "\x1b[1~", "\x1b[7~", "\x1bOH", "\x1b[F", "\x1b[4~", "\x1b[8~", "\x1bOF", "\x1b[Z", "\x1b[3~",
            "\x1bOP", "\x1b[11~", "\x1b[A\x1b[B\x1b[C\x1b[D", "\x1b[1;5C", "\t\r\x7f", "\x01\x05\x15\x17\x0b",
            "あé", "e\u0301", "\x1b[99~\x1b[201~\x1b[?1;2c", "\x1b[200~S3cret!pass\x1b[201~", "\x1b[200~line\n\x1b[201~\r",
            "\x1b", "\x1bx", "\x1b[5~\x1b[6~", "\x12\x0f"]
    for key in keys:
        write("terminal-input", records(key))
    write("terminal-input", records("jane", "\t", "Blue-Harbor", (20, 5), "\t123456", (0, 0), "\t ", "\t\x1b[C", (120, 40), "\r"))
    write("terminal-input", records(b"\x1b[200~ab\x1b[A", b"c\x1b[20", b"1~z", b"\xe3\x81", b"\x82"))
    write("terminal-input", records("\x1b", "[", "7", "~", "x", "\x03"))


def main():
    if not os.path.isdir(FIXTURES):
        sys.exit(f"no fixtures at {FIXTURES}: the checkout is incomplete")
    for make in (native_auth, emulator_request, tenant_policy, token_cache, jwt_claims, graph_response, interactive_answers, terminal_input,
                 tenant_snapshot):
        make()
    for target in sorted(os.listdir(CORPUS)):
        print(f"{target}: {len(os.listdir(os.path.join(CORPUS, target)))} seeds")


main()
