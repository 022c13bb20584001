#!/usr/bin/env python3
"""MSAL Python against the emulator, on a token cache file shared with TophhieCloudAuthentication.

Usage:
  msal_interop.py refresh CACHE       load CACHE, refresh the first account silently, write CACHE back
  msal_interop.py device CACHE        device-code sign-in (prints `user_code <CODE>`), write CACHE
  msal_interop.py remove CACHE        sign the first account out (`remove_account`), write CACHE
Environment: TOPHHIE_AUTHORITY (https://127.0.0.1:PORT/TENANT), TOPHHIE_CLIENT_ID, TOPHHIE_CA_FILE.
Prints one JSON line with the outcome; exit 0 on success.
"""
import json
import os
import sys

# A machine without README's set-up fails here, saying how to fix it.
try:
    import msal
except ImportError:
    sys.exit("msal is not installed: run `bash scripts/setup` (README's set-up) and test again")


def app_for(cache):
    # requests lets REQUESTS_CA_BUNDLE / CURL_CA_BUNDLE win over a session's `verify` (psf/requests#3829),
    # so the emulator's CA is only trusted once they are out of the way.
    for name in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
        os.environ.pop(name, None)
    # An emulator host is not a known Entra cloud: no instance discovery (docs/protocol.md trap T10).
    return msal.PublicClientApplication(
        os.environ["TOPHHIE_CLIENT_ID"],
        authority=os.environ["TOPHHIE_AUTHORITY"],
        token_cache=cache,
        instance_discovery=False,
        verify=os.environ["TOPHHIE_CA_FILE"],
    )


def load(path):
    cache = msal.SerializableTokenCache()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            cache.deserialize(handle.read())
    return cache


def save(cache, path):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(cache.serialize())


def refresh(path):
    cache = load(path)
    app = app_for(cache)
    accounts = app.get_accounts()
    if not accounts:
        print(json.dumps({"ok": False, "why": "no accounts in the cache"}))
        return 1
    result = app.acquire_token_silent_with_error(["User.Read"], account=accounts[0], force_refresh=True)
    save(cache, path)
    ok = bool(result) and "access_token" in result
    print(json.dumps({"ok": ok, "username": accounts[0].get("username"), "error": (result or {}).get("error"),
                      "description": (result or {}).get("error_description")}))
    return 0 if ok else 1


def device(path):
    cache = load(path)
    app = app_for(cache)
    flow = app.initiate_device_flow(scopes=["User.Read"])
    if "user_code" not in flow:
        print(json.dumps({"ok": False, "why": flow}))
        return 1
    print(f"user_code {flow['user_code']}", flush=True)
    result = app.acquire_token_by_device_flow(flow)
    save(cache, path)
    ok = "access_token" in result
    print(json.dumps({"ok": ok, "error": result.get("error"), "description": result.get("error_description")}))
    return 0 if ok else 1


def remove(path):
    cache = load(path)
    app = app_for(cache)
    accounts = app.get_accounts()
    if not accounts:
        print(json.dumps({"ok": False, "why": "no accounts in the cache"}))
        return 1
    app.remove_account(accounts[0])
    save(cache, path)
    print(json.dumps({"ok": True, "removed": accounts[0].get("username")}))
    return 0


if __name__ == "__main__":
    command, cache_path = sys.argv[1], sys.argv[2]
    sys.exit({"refresh": refresh, "device": device, "remove": remove}[command](cache_path))
