#!/usr/bin/env python3
"""A local stand-in for Facebook Login and the Graph API, which cannot be reached from here. It
speaks the documented protocol our adapter uses: Facebook Login "Manually Build a Login Flow"
(developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow) and the Graph API's /me
with appsecret_proof (developers.facebook.com/docs/graph-api/securing-requests):

    GET  /v19.0/dialog/oauth?client_id&redirect_uri&state&response_type=code&scope=email,public_profile
         the login dialog, titled "Facebook (local)": one button per account, and Cancel. Choosing an
         account redirects (302) to redirect_uri?code=<code>&state=<state>; Cancel to
         redirect_uri?error=access_denied&error_code=200&error_description=Permissions+error
         &error_reason=user_denied&state=<state>. An unknown client_id or no redirect_uri: a 400 page.
    GET  /v19.0/oauth/access_token?client_id&redirect_uri&client_secret&code   (or the same as a form POST)
         -> {"access_token", "token_type": "bearer", "expires_in": 5183944}. A code is single use and
         lives 10 minutes; redirect_uri must be the dialog's.
    GET  /v19.0/me?fields=id,name,email&access_token=..&appsecret_proof=..   (or Authorization: Bearer)
         -> {"id", ...the fields asked for that the person has}; appsecret_proof must be the hex
         HMAC-SHA256 of the access token keyed with the app secret.
    Errors are HTTP 400 {"error": {"message", "type": "OAuthException", "code", "fbtrace_id"}}: code 100
    for a wrong secret, an unknown, used or expired code, a redirect_uri other than the dialog's, or a
    missing or wrong appsecret_proof; code 190 for an unknown access token. Any version prefix
    (/v19.0, /v20.0, ...) is accepted.

Not part of Facebook, for tests and developers:
    GET  /healthz                                 {"ok": true}
    POST /faults {"token": "500"|"timeout"|null}  from now on the access_token call answers HTTP 500,
                                                  or nothing for 30 s (then 500); null: normal again
    GET  /faults                                  the current settings

Nothing is printed to the console (tokens and secrets would be).

Usage: facebook.py PORT APP_ID APP_SECRET ACCOUNTS_JSON   (accounts: [{"id", "name", "email"?}])
"""
import hashlib
import hmac
import html
import json
import re
import secrets
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

PORT, APP_ID, APP_SECRET = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(sys.argv[4], encoding="utf-8") as f:
    ACCOUNTS = {a["id"]: a for a in json.load(f)}
VERSION = r"/v\d+\.\d+"
CODE_LIFETIME = 600
lock = threading.Lock()
codes = {}  # code -> {"account", "redirect_uri", "expires", "used"}
tokens = {}  # access token -> account id
faults = {"token": None}


def with_params(url, params):
    return url + ("&" if "?" in url else "?") + urlencode(params)


class Facebook(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, content_type, headers=()):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def reply(self, status, body):
        self.send(status, json.dumps(body, ensure_ascii=False), "application/json; charset=utf-8")

    def page(self, status, body):
        self.send(status, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Facebook (local)</title>"
                  "<style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto}button{display:block;"
                  "width:100%;margin:.4rem 0;padding:.5rem}</style></head><body><h1>Facebook (local)</h1>"
                  + body + "</body></html>", "text/html; charset=utf-8")

    def oauth_error(self, code, message):
        self.reply(400, {"error": {"message": message, "type": "OAuthException", "code": code,
                                   "fbtrace_id": secrets.token_urlsafe(8)}})

    def params(self):
        query = dict(parse_qsl(urlsplit(self.path).query))
        if self.command == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode("utf-8", "replace")
            if "json" in (self.headers.get("Content-Type") or ""):
                try:
                    return json.loads(raw or "{}")
                except ValueError:
                    return {}
            query.update(parse_qsl(raw))
        return query

    def route(self):
        path = urlsplit(self.path).path
        p = self.params()
        if path == "/healthz":
            return self.reply(200, {"ok": True})
        if path == "/faults":
            if self.command == "POST":
                faults["token"] = p.get("token") if isinstance(p, dict) else None
            return self.reply(200, faults)
        if re.fullmatch(VERSION + r"/dialog/oauth", path):
            return self.dialog(p)
        if re.fullmatch(VERSION + r"/oauth/access_token", path):
            return self.access_token(p)
        if re.fullmatch(VERSION + r"/me", path):
            return self.me(p)
        self.reply(404, {"error": {"message": "Unknown path components", "type": "OAuthException", "code": 2500}})

    do_GET = do_POST = route

    def dialog(self, p):
        redirect_uri, state = p.get("redirect_uri", ""), p.get("state", "")
        if p.get("client_id") != APP_ID or not redirect_uri.startswith(("http://", "https://")):
            return self.page(400, "<p>Invalid App ID or redirect_uri: this app cannot use Facebook Login.</p>")
        if self.command == "POST":
            if "cancel" in p:
                location = with_params(redirect_uri, {"error": "access_denied", "error_code": "200",
                                                      "error_description": "Permissions error",
                                                      "error_reason": "user_denied", "state": state})
            elif p.get("account") in ACCOUNTS:
                code = secrets.token_urlsafe(32)
                with lock:
                    codes[code] = {"account": p["account"], "redirect_uri": redirect_uri,
                                   "expires": time.time() + CODE_LIFETIME, "used": False}
                location = with_params(redirect_uri, {"code": code, "state": state})
            else:
                return self.page(400, "<p>Unknown account.</p>")
            return self.send(302, "", "text/plain", [("Location", location)])
        hidden = "".join(f'<input type="hidden" name="{k}" value="{html.escape(v)}">'
                         for k, v in (("client_id", APP_ID), ("redirect_uri", redirect_uri), ("state", state)))
        people = "".join(f'<form method="post">{hidden}<button type="submit" name="account" value="{html.escape(a["id"])}">'
                         f'Continue as {html.escape(a["name"])}</button></form>' for a in ACCOUNTS.values())
        self.page(200, f"<p>Choose the account to sign in with.</p>{people}"
                       f'<form method="post">{hidden}<button type="submit" name="cancel" value="1">Cancel</button></form>')

    def access_token(self, p):
        mode = faults["token"]
        if mode == "timeout":
            time.sleep(30)
        if mode in ("500", "timeout"):
            return self.reply(500, {"error": {"message": "An unexpected error has occurred.", "type": "OAuthException",
                                              "code": 2, "fbtrace_id": secrets.token_urlsafe(8)}})
        if p.get("client_id") != APP_ID:
            return self.oauth_error(101, "Error validating application. Invalid application ID.")
        if not hmac.compare_digest(p.get("client_secret", ""), APP_SECRET):
            return self.oauth_error(100, "Error validating client secret.")
        with lock:
            grant = codes.get(p.get("code", ""))
            if not grant:
                return self.oauth_error(100, "Invalid verification code format.")
            if grant["used"]:
                return self.oauth_error(100, "This authorization code has been used.")
            if grant["expires"] < time.time():
                return self.oauth_error(100, "This authorization code has expired.")
            if p.get("redirect_uri") != grant["redirect_uri"]:
                return self.oauth_error(100, "Error validating verification code. Please make sure your redirect_uri "
                                             "is identical to the one you used in the OAuth dialog request")
            grant["used"] = True
            token = "EAA" + secrets.token_urlsafe(48)
            tokens[token] = grant["account"]
        self.reply(200, {"access_token": token, "token_type": "bearer", "expires_in": 5183944})

    def me(self, p):
        auth = self.headers.get("Authorization") or ""
        token = p.get("access_token") or (auth[7:] if auth.lower().startswith("bearer ") else "")
        with lock:
            account = ACCOUNTS.get(tokens.get(token))
        if not account:
            return self.oauth_error(190, "Invalid OAuth access token - Cannot parse access token")
        proof = hmac.new(APP_SECRET.encode(), token.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(p.get("appsecret_proof", ""), proof):
            return self.oauth_error(100, "Invalid appsecret_proof provided in the API argument")
        fields = [f.strip() for f in p.get("fields", "id,name").split(",") if f.strip()]
        self.reply(200, {"id": account["id"], **{f: account[f] for f in fields if f in account and f != "id"}})


ThreadingHTTPServer(("127.0.0.1", PORT), Facebook).serve_forever()
