#!/usr/bin/env python3
"""A local stand-in for Zoom's Meetings API with Server-to-Server OAuth and webhooks, which cannot be
reached from here. It follows developers.zoom.us: Server-to-Server OAuth (docs/internal-apps/s2s-oauth,
the account_credentials grant), the Meetings API reference (create, list, get and delete a meeting; add
a meeting registrant; the error codes it publishes: 124, 300, 1001, 3001, and 404 "Registration has not
been enabled for this meeting"), and the webhook reference (meeting.participant_joined,
meeting.participant_left, recording.completed, endpoint.url_validation; the x-zm-signature scheme), with
field lists checked against Zoom's own typings (zoom/rivet-javascript). Real hosts: zoom.us/oauth/token
and api.zoom.us/v2; here the API base is http://127.0.0.1:PORT/v2. JSON in and out.

    POST /oauth/token?grant_type=account_credentials&account_id=ACCOUNT_ID   (or the same as a form
         body) with Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET)
         -> {"access_token", "token_type": "bearer", "expires_in": 3600, "scope": "meeting:write:admin
            meeting:read:admin", "api_url": "http://127.0.0.1:PORT"} (api_url as Zoom gives it: the
            API's origin, without /v2); tokens stop working after expires_in; several may be valid
         another grant_type: 400 {"reason": "unsupported grant type", "error": "unsupported_grant_type"};
         missing or wrong client credentials, or a wrong account_id: 400 {"reason": "Invalid client_id
         or client_secret", "error": "invalid_client"}
Every /v2 call needs Authorization: Bearer <token>: none or unknown: 401 {"code": 124, "message":
"Invalid access token."}; expired: 401 {"code": 124, "message": "Access token is expired."}. userId is
"me", the host's id or the host's email (anything else: 404 {"code": 1001, "message": "User does not
exist: <userId>."}).
    POST /v2/users/{userId}/meetings   {topic, type (1 instant | 2 scheduled), start_time
         ("yyyy-MM-ddTHH:mm:ssZ", or without Z: local time in `timezone`), duration (minutes),
         timezone, agenda, password, settings {approval_type (0 automatic | 1 manual registration |
         2 no registration, the default), join_before_host, waiting_room, ...}}
         -> 201 the meeting: {uuid, id (11 digits), host_id, host_email, topic, type, status "waiting",
            start_time (UTC, Z), duration, timezone, agenda, created_at, start_url
            (http://127.0.0.1:PORT/s/<id>?zak=<random>, valid 2 hours), join_url
            (http://127.0.0.1:PORT/j/<id>?pwd=<encrypted passcode>), password, h323_password,
            pstn_password, encrypted_password, settings (the ones given over Zoom's defaults),
            pre_schedule: false}
         a body that is not a JSON object: 400 {"code": 300, "message": "Request Body should be a valid
         JSON object."}; a bad field: 400 {"code": 300, "message": "Validation Failed.", "errors":
         [{"field", "message": "Invalid field."}]} (recurring types 3 and 8 are not modelled: refused so)
    GET  /v2/users/{userId}/meetings?type=scheduled|upcoming|live&page_size=30&next_page_token=
         -> {"page_size", "total_records", "next_page_token" ("" on the last page), "meetings": [{uuid, id,
            host_id, topic, type, start_time, duration, timezone, agenda, created_at, join_url}]} by
            start_time; upcoming (or upcoming_meetings): not yet over (start_time + duration in the
            future) or started; live: started; previous_meetings: none (meetings never end here)
    GET  /v2/meetings/{meetingId}   -> the meeting, with a fresh start_url; unknown or deleted: 404
         {"code": 3001, "message": "Meeting does not exist: <id>."}
    DELETE /v2/meetings/{meetingId}   -> 204; unknown: 404 3001
    POST /v2/meetings/{meetingId}/registrants   {email, first_name, last_name}
         -> 201 {"id": <meeting id>, "registrant_id", "join_url": "http://127.0.0.1:PORT/j/<id>?tk=<token
            of that registrant>", "topic", "start_time", "occurrences": [], "participant_pin_code"};
            the same email (any case) again: the same registrant
         a meeting without registration (approval_type 2): 404 {"code": 404, "message": "Registration
         has not been enabled for this meeting: <id>."} (as Zoom documents and answers it); no valid
         email or first_name: 400 code 300 "Validation Failed."
    GET  /j/<id>?tk=|pwd=   the join page: "joined meeting <topic> as <registrant name>" (tk) or "as a
         guest" (pwd; not for a meeting that requires registration)
    GET  /s/<id>?zak=       the host's page: "started meeting <topic> as host" (the meeting is started)
    GET  /rec/play/<fileId>, /rec/share/<token>   pages naming a recording; /rec/download/<fileId>
         ?access_token=<download_token> (or a Bearer API token): a few bytes standing in for the MP4

Webhooks (test controls, JSON): each builds the event as Zoom's webhook reference shows it, signs it
with headers x-zm-request-timestamp (unix seconds) and x-zm-signature: v0=<hex HMAC-SHA256(
WEBHOOK_SECRET_TOKEN, "v0:{timestamp}:{raw body}")>, records it, and POSTs it (Content-Type
application/json; charset=utf-8, 10 s timeout) to the webhook URL when one is set. A URL on
"localhost" or any "*.localhost" host is reached on 127.0.0.1, with the URL's own Host header.
    POST /backoffice/webhook-url {"url"}   where events go (none by default: tests read them instead;
         {"url": null} stops sending)
    POST /backoffice/participant {"meeting_id", "event": "joined"|"left", "registrant_id"?, "email"?,
         "user_name"?}   meeting.participant_joined / meeting.participant_left: {"event", "event_ts"
         (ms), "payload": {"account_id", "object": {"id" (a string, as Zoom sends it), "uuid", "host_id",
         "topic", "type", "start_time", "duration", "timezone", "participant": {"user_id", "user_name",
         "id", "participant_uuid", "join_time" | "leave_time" (+ "leave_reason"), "email",
         "registrant_id", "participant_user_id", "customer_key"}}}}; a registrant_id or a registrant's
         email fills in the other and the name; the same person keeps the same user_id
    POST /backoffice/recording {"meeting_id"}   recording.completed: {"event", "event_ts", "payload":
         {"account_id", "object": {"id" (a number, as Zoom sends it here), "uuid", "account_id",
         "host_id", "host_email", "topic", "type", "start_time", "timezone", "duration", "password",
         "share_url", "total_size", "recording_count", "recording_files": [{"id", "meeting_id",
         "recording_start", "recording_end", "file_type": "MP4", "file_extension": "MP4", "file_size",
         "play_url", "download_url", "status": "completed", "recording_type":
         "shared_screen_with_speaker_view"}]}}, "download_token"}
    POST /backoffice/url-validation {}   endpoint.url_validation with payload.plainToken; when delivered,
         "validated" says whether the answer was {"plainToken", "encryptedToken": hex HMAC-SHA256(
         WEBHOOK_SECRET_TOKEN, plainToken)}
    Any of them: "bad_signature": true signs with a wrong secret; "times": N delivers N times (the same
    body and headers, as a redelivery would; 0: built and recorded, not sent). Each answers
    {"event", "headers", "body" (the raw JSON string), "delivered", "status" (of the last delivery, or
    null), "deliveries": [{"status", "error"}], "validated" (url-validation only)}.
    GET  /backoffice/webhooks[?meeting_id=]   every event built, oldest first (with "meeting_id", "url")

Also not part of Zoom:
    GET  /healthz                 {"ok": true}
    GET  /backoffice/meetings     every meeting's state (registrants, participants, status)
    POST /backoffice/expire-tokens   every access token issued so far expires now
    POST /faults {"mode", "call": optional}   from now on that call (token, create_meeting,
         list_meetings, get_meeting, delete_meeting, add_registrant), or every /v2 call when none is
         given (the token endpoint only when named), answers as the mode says; a call's own setting
         wins; "none" removes that setting. Modes:
         5xx                  HTTP 503, nothing done
         timeout              no answer for 30 s, then 503, nothing done
         create_then_5xx      create_meeting creates the meeting, then answers HTTP 502
         create_then_timeout  create_meeting creates the meeting, then answers nothing for 30 s (then 503)
         (the ambiguous create a client must reconcile by listing meetings, never by creating again;
         other calls are not affected by these two)

Nothing is printed to the console; the client secret, webhook secret and tokens are never logged.

Usage: zoom.py PORT ACCOUNT_ID CLIENT_ID CLIENT_SECRET WEBHOOK_SECRET_TOKEN [LOG_FILE]
       (LOG_FILE: one JSON line per meeting change and per webhook sent)
"""
import base64
import calendar
import datetime
import hashlib
import hmac
import html
import http.client
import json
import re
import secrets
import ssl
import string
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

try:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
except ImportError:  # Python < 3.9
    ZoneInfo = None

PORT, ACCOUNT_ID, CLIENT_ID, CLIENT_SECRET, WEBHOOK_SECRET = int(sys.argv[1]), *sys.argv[2:6]
LOG = sys.argv[6] if len(sys.argv) > 6 else None
BASE = f"http://127.0.0.1:{PORT}"
TOKEN_LIFETIME = 3600
ZAK_LIFETIME = 2 * 3600
SCOPE = "meeting:write:admin meeting:read:admin"
HOST_ID = base64.urlsafe_b64encode(hashlib.sha256(f"host:{ACCOUNT_ID}".encode()).digest())[:22].decode()
HOST_EMAIL = f"host@{ACCOUNT_ID}.zoom.localhost"
DEFAULT_TIMEZONE = "UTC"
CALLS = {"token", "create_meeting", "list_meetings", "get_meeting", "delete_meeting", "add_registrant"}
MODES = {"none", "5xx", "timeout", "create_then_5xx", "create_then_timeout"}
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
PASSCODE = re.compile(r"^[A-Za-z0-9@_*-]{1,10}$")
ALNUM = string.ascii_letters + string.digits
SETTINGS = {"host_video": False, "participant_video": False, "cn_meeting": False, "in_meeting": False,
            "join_before_host": False, "jbh_time": 0, "mute_upon_entry": False, "watermark": False,
            "use_pmi": False, "approval_type": 2, "registration_type": 1, "audio": "voip", "auto_recording": "none",
            "enforce_login": False, "enforce_login_domains": "", "alternative_hosts": "", "waiting_room": False,
            "meeting_authentication": False}
FAKE_MP4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom local stand-in recording, not a real video\n"

lock = threading.Lock()
tokens = {}  # access token -> expiry (unix seconds)
meetings = {}  # meeting id (int) -> meeting
files = {}  # recording file id -> {"meeting_id", "topic", "download_token", ...}
shares = {}  # share token -> meeting id
webhooks = []  # every event built, oldest first
faults = {}  # call (or "*") -> mode
target = {"url": None}  # where webhooks go


class Reply(Exception):
    """Ends a request with this answer."""

    def __init__(self, status, body):
        super().__init__(status)
        self.status, self.body = status, body


def invalid(field):
    return Reply(400, {"code": 300, "message": "Validation Failed.", "errors": [{"field": field, "message": "Invalid field."}]})


def rand(n, alphabet=ALNUM):
    return "".join(secrets.choice(alphabet) for _ in range(n))


def utc(t=None):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() if t is None else t))


def record(event, **fields):
    if LOG:
        with open(LOG, "a", encoding="utf-8") as f:
            f.write(json.dumps({"event": event, "at": utc(), **fields}, ensure_ascii=False) + "\n")


def fault(call):
    with lock:
        if call in faults:
            return faults[call]
        return faults.get("*", "none") if call != "token" else "none"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_access_token(now):
    """Looks like the JWT Zoom hands out; only this server's memory makes it valid."""
    header = b64url(json.dumps({"alg": "HS512", "v": "2.0", "kid": rand(36)}).encode())
    claims = b64url(json.dumps({"aud": "https://oauth.zoom.us", "uid": HOST_ID, "ver": 9, "auid": rand(32),
                                "nbf": int(now), "iss": "zm:cid:" + CLIENT_ID, "exp": int(now) + TOKEN_LIFETIME,
                                "iat": int(now), "aid": ACCOUNT_ID, "jti": str(uuid.uuid4())}).encode())
    return f"{header}.{claims}.{b64url(secrets.token_bytes(64))}"


def meeting_uuid():
    return base64.b64encode(secrets.token_bytes(16)).decode()


def parse_start(text, tz):
    """Zoom's two forms: GMT "yyyy-MM-ddTHH:mm:ssZ", or local "yyyy-MM-ddTHH:mm:ss" in tz. Unix seconds."""
    if not isinstance(text, str):
        return None
    m = re.match(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z)?$", text.strip())
    if not m:
        return None
    try:
        parts = time.strptime(text.strip()[:19], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return None
    if m.group(7) or ZoneInfo is None:
        return calendar.timegm(parts)
    local = datetime.datetime(*parts[:6], tzinfo=ZoneInfo(tz))
    return int(local.timestamp())


def valid_timezone(tz):
    if not isinstance(tz, str) or not tz:
        return False
    if ZoneInfo is None:
        return True
    try:
        ZoneInfo(tz)
        return True
    except (ZoneInfoNotFoundError, ValueError):
        return False


def join_url(m):
    return f"{BASE}/j/{m['id']}?pwd={m['encrypted_password']}"


def registration_required(m):
    return m["settings"].get("approval_type") in (0, 1)


def meeting_object(m, zak=None):
    o = {"uuid": m["uuid"], "id": m["id"], "host_id": HOST_ID, "host_email": HOST_EMAIL, "assistant_id": "",
         "topic": m["topic"], "type": m["type"], "status": m["status"], "start_time": utc(m["start"]),
         "duration": m["duration"], "timezone": m["timezone"], "agenda": m["agenda"], "created_at": utc(m["created"])}
    if zak:
        o["start_url"] = f"{BASE}/s/{m['id']}?zak={zak}"
    o.update(join_url=join_url(m), password=m["password"], h323_password=m["h323_password"],
             pstn_password=m["pstn_password"], encrypted_password=m["encrypted_password"],
             settings=dict(m["settings"]), pre_schedule=False)
    return o


def list_item(m):
    return {"uuid": m["uuid"], "id": m["id"], "host_id": HOST_ID, "topic": m["topic"], "type": m["type"],
            "start_time": utc(m["start"]), "duration": m["duration"], "timezone": m["timezone"],
            "agenda": m["agenda"], "created_at": utc(m["created"]), "join_url": join_url(m)}


def new_zak(m):
    zak = "eyJ0eXAiOiJKV1QiLCJzdiI6IjAwMDAwMSIsInptX3NrbSI6InptX28ybSIsImFsZyI6IkhTMjU2In0." + b64url(
        secrets.token_bytes(48)) + "." + b64url(secrets.token_bytes(32))
    m["zaks"][zak] = time.time() + ZAK_LIFETIME
    return zak


def meeting_view(m):
    return {"id": m["id"], "uuid": m["uuid"], "topic": m["topic"], "type": m["type"], "status": m["status"],
            "start_time": utc(m["start"]), "duration": m["duration"], "timezone": m["timezone"],
            "agenda": m["agenda"], "created_at": utc(m["created"]), "settings": dict(m["settings"]),
            "join_url": join_url(m),
            "registrants": [{k: r[k] for k in ("registrant_id", "email", "first_name", "last_name", "join_url",
                                                "create_time")} for r in m["registrants"].values()],
            "participants": [dict(p) for p in m["participants"].values()]}


# -- webhooks ------------------------------------------------------------------------------------------

def http_call(url, method, body=None, headers=None, timeout=10):
    """One request: (status or None, body bytes, error or None). *.localhost is 127.0.0.1, with the url's Host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None, b"", "not an http(s) url"
    host = parts.hostname
    local = host == "localhost" or host.endswith(".localhost")
    connect = "127.0.0.1" if local else host
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        if parts.scheme == "https":
            context = ssl._create_unverified_context() if local else ssl.create_default_context()
            conn = http.client.HTTPSConnection(connect, port, timeout=timeout, context=context)
        else:
            conn = http.client.HTTPConnection(connect, port, timeout=timeout)
        try:
            conn.request(method, (parts.path or "/") + (f"?{parts.query}" if parts.query else ""), body=body,
                         headers={"Host": parts.netloc.rsplit("@", 1)[-1], **(headers or {})})
            answer = conn.getresponse()
            return answer.status, answer.read(), None
        finally:
            conn.close()
    except (OSError, ValueError, http.client.HTTPException) as e:
        return None, b"", f"{type(e).__name__}: {e}"


def sign(body, timestamp, secret):
    return "v0=" + hmac.new(secret.encode(), f"v0:{timestamp}:{body}".encode(), hashlib.sha256).hexdigest()


def emit(event, meeting_id, times, bad_signature, plain_token=None):
    """Builds, records and (when a webhook URL is set) sends one event. Returns the answer to the test."""
    body = json.dumps(event, separators=(",", ":"), ensure_ascii=False)
    ts = str(int(time.time()))
    headers = {"content-type": "application/json; charset=utf-8", "user-agent": "Zoom Marketplace/1.0a",
               "x-zm-request-timestamp": ts,
               "x-zm-signature": sign(body, ts, WEBHOOK_SECRET + "-wrong" if bad_signature else WEBHOOK_SECRET)}
    with lock:
        url = target["url"]
    entry = {"event": event["event"], "meeting_id": meeting_id, "url": url, "headers": headers, "body": body,
             "delivered": False, "status": None, "deliveries": [], "built_at": utc()}
    if plain_token is not None:
        entry["validated"] = None
    with lock:
        webhooks.append(entry)
    if url:
        for _ in range(times):
            status, answer, error = http_call(url, "POST", body.encode(), headers)
            delivery = {"status": status, "error": error, "at": utc()}
            if plain_token is not None and status is not None:
                expected = hmac.new(WEBHOOK_SECRET.encode(), plain_token.encode(), hashlib.sha256).hexdigest()
                try:
                    got = json.loads(answer or b"null")
                except ValueError:
                    got = None
                delivery["validated"] = (isinstance(got, dict) and got.get("plainToken") == plain_token
                                         and got.get("encryptedToken") == expected)
            with lock:
                entry["deliveries"].append(delivery)
                entry.update(delivered=status is not None and 200 <= status < 300, status=status)
                if "validated" in delivery:
                    entry["validated"] = delivery["validated"]
            record("webhook", webhook=event["event"], meeting_id=meeting_id, url=url, status=status, error=error)
    with lock:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in entry.items()}


# -- pages ---------------------------------------------------------------------------------------------

def page(title, body):
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; background: #f3f5f7; margin: 0; padding: 2rem 1rem; color: #1d2733; }}
main {{ max-width: 30rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem;
       box-shadow: 0 1px 4px rgba(0,0,0,.12); border-top: 6px solid #0b5cff; }}
h1 {{ font-size: 1.1rem; margin: 0 0 1rem; color: #0b5cff; }}
dl {{ display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; font-size: .9rem; }}
dt {{ color: #5b6775; }} dd {{ margin: 0; word-break: break-all; }}
.note {{ color: #5b6775; font-size: .8rem; margin-top: 1rem; }}
</style></head>
<body><main>
{body}
</main></body></html>
"""


def message_page(title, text):
    return page(title, f"<h1>Zoom (local stand-in)</h1><p>{html.escape(text)}</p>")


def meeting_page(m, who, what):
    e = html.escape
    return page(f"{m['topic']}", f"""<h1>Zoom (local stand-in)</h1>
<p id="joined">{e(what)} <strong>{e(m['topic'])}</strong> as <strong>{e(who)}</strong>.</p>
<dl><dt>Meeting ID</dt><dd>{m['id']}</dd><dt>Starts</dt><dd>{e(utc(m['start']))} ({e(m['timezone'])})</dd>
<dt>Duration</dt><dd>{m['duration']} minutes</dd></dl>
<p class="note">No audio or video here: this page stands in for the Zoom client.</p>""")


# -- the server ----------------------------------------------------------------------------------------

class Zoom(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # headers carry credentials and tokens: nothing goes to the console

    def send(self, status, data, ctype):
        try:
            self.send_response(status)
            if data is not None:
                self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data or b"")))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if data:
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout fault, typically)

    def reply(self, status, body):
        if status == 204:
            return self.send(204, None, "")
        self.send(status, json.dumps(body, ensure_ascii=False).encode(), "application/json;charset=UTF-8")

    def html(self, status, text):
        self.send(status, text.encode(), "text/html; charset=utf-8")

    def raw_body(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        return self.rfile.read(length) if length > 0 else b""

    def json_body(self, data=None):
        try:
            body = json.loads((self.raw_body() if data is None else data) or b"{}")
        except ValueError:
            return None
        return body if isinstance(body, dict) else None

    def query(self):
        return dict(parse_qsl(urlsplit(self.path).query, keep_blank_values=True))

    def bearer(self):
        """The request's valid access token, or raises the 401 Zoom answers."""
        auth = self.headers.get("Authorization", "")
        token = auth[7:].strip() if auth[:7].lower() == "bearer " else ""
        with lock:
            expiry = tokens.get(token)
        if expiry is None:
            raise Reply(401, {"code": 124, "message": "Invalid access token."})
        if expiry <= time.time():
            raise Reply(401, {"code": 124, "message": "Access token is expired."})
        return token

    def apply_fault(self, call):
        """5xx and timeout: answered here, nothing done. Returns the mode for the handler to see."""
        mode = fault(call)
        if mode == "5xx":
            raise Reply(503, {"code": 503, "message": "Service Unavailable"})
        if mode == "timeout":
            time.sleep(30)
            raise Reply(503, {"code": 503, "message": "Service Unavailable"})
        return mode

    def run(self, handler, *args):
        try:
            status, body = handler(*args)
        except Reply as r:
            status, body = r.status, r.body
        self.reply(status, body)

    # -- routes ----------------------------------------------------------------------------------------

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/healthz":
            return self.reply(200, {"ok": True})
        m = re.match(r"^/v2/users/([^/]+)/meetings/?$", path)
        if m:
            return self.run(self.list_meetings, m.group(1))
        m = re.match(r"^/v2/meetings/([^/]+)/?$", path)
        if m:
            return self.run(self.get_meeting, m.group(1))
        m = re.match(r"^/([js])/(\d+)$", path)
        if m:
            return self.meeting_link(m.group(1), int(m.group(2)))
        if path.startswith("/rec/"):
            return self.recording_link(path)
        if path == "/backoffice/webhooks":
            wanted = self.query().get("meeting_id")
            with lock:
                found = [json.loads(json.dumps(w)) for w in webhooks
                         if wanted is None or str(w["meeting_id"]) == wanted]
            return self.reply(200, found)
        if path == "/backoffice/meetings":
            with lock:
                view = [meeting_view(x) for x in meetings.values()]
            return self.reply(200, {"meetings": view, "webhook_url": target["url"]})
        self.reply(404, {"code": 404, "message": "Not Found"})

    def do_POST(self):
        path = urlsplit(self.path).path
        if path == "/oauth/token":
            return self.run(self.token)
        m = re.match(r"^/v2/users/([^/]+)/meetings/?$", path)
        if m:
            return self.run(self.create_meeting, m.group(1))
        m = re.match(r"^/v2/meetings/([^/]+)/registrants/?$", path)
        if m:
            return self.run(self.add_registrant, m.group(1))
        if path == "/faults":
            return self.run(self.set_fault)
        if path == "/backoffice/webhook-url":
            return self.run(self.set_webhook_url)
        if path == "/backoffice/participant":
            return self.run(self.participant)
        if path == "/backoffice/recording":
            return self.run(self.recording)
        if path == "/backoffice/url-validation":
            return self.run(self.url_validation)
        if path == "/backoffice/expire-tokens":
            with lock:
                for t in tokens:
                    tokens[t] = min(tokens[t], time.time())
                n = len(tokens)
            return self.reply(200, {"expired": n})
        self.reply(404, {"code": 404, "message": "Not Found"})

    def do_DELETE(self):
        self.raw_body()
        m = re.match(r"^/v2/meetings/([^/]+)/?$", urlsplit(self.path).path)
        if m:
            return self.run(self.delete_meeting, m.group(1))
        self.reply(404, {"code": 404, "message": "Not Found"})

    def do_PATCH(self):
        self.raw_body()
        self.reply(405, {"code": 405, "message": "Not modelled by the local Zoom stand-in."})

    do_PUT = do_PATCH

    # -- OAuth -----------------------------------------------------------------------------------------

    def token(self):
        data = self.raw_body()
        self.apply_fault("token")
        params = {**dict(parse_qsl(data.decode("utf-8", "replace"))), **self.query()}
        if params.get("grant_type") != "account_credentials":
            raise Reply(400, {"reason": "unsupported grant type", "error": "unsupported_grant_type"})
        bad = Reply(400, {"reason": "Invalid client_id or client_secret", "error": "invalid_client"})
        auth = self.headers.get("Authorization", "")
        if auth[:6].lower() != "basic ":
            raise bad
        try:
            client_id, _, client_secret = base64.b64decode(auth[6:].strip(), validate=True).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            raise bad
        if not (hmac.compare_digest(client_id.encode(), CLIENT_ID.encode())
                and hmac.compare_digest(client_secret.encode(), CLIENT_SECRET.encode())):
            raise bad
        if params.get("account_id") != ACCOUNT_ID:
            raise bad
        now = time.time()
        token = new_access_token(now)
        with lock:
            tokens[token] = now + TOKEN_LIFETIME
        return 200, {"access_token": token, "token_type": "bearer", "expires_in": TOKEN_LIFETIME, "scope": SCOPE,
                     "api_url": BASE}

    # -- Meetings API ----------------------------------------------------------------------------------

    @staticmethod
    def user(user_id):
        if user_id not in ("me", HOST_ID) and user_id.lower() != HOST_EMAIL:
            raise Reply(404, {"code": 1001, "message": f"User does not exist: {user_id}."})

    @staticmethod
    def meeting(meeting_id):
        """The meeting (the caller holds the lock), or the 404 Zoom answers."""
        m = meetings.get(int(meeting_id)) if meeting_id.isdigit() else None
        if m is None:
            raise Reply(404, {"code": 3001, "message": f"Meeting does not exist: {meeting_id}."})
        return m

    def create_meeting(self, user_id):
        data = self.raw_body()
        mode = self.apply_fault("create_meeting")
        self.bearer()
        self.user(user_id)
        body = self.json_body(data)
        if body is None:
            raise Reply(400, {"code": 300, "message": "Request Body should be a valid JSON object."})
        topic = body.get("topic", "Zoom Meeting")
        if not isinstance(topic, str) or len(topic) > 200:
            raise invalid("topic")
        kind = body.get("type", 2)
        if kind not in (1, 2) or isinstance(kind, bool):
            raise invalid("type")
        tz = body.get("timezone", DEFAULT_TIMEZONE)
        if not valid_timezone(tz):
            raise invalid("timezone")
        if "start_time" in body and kind == 2:
            start = parse_start(body["start_time"], tz)
            if start is None:
                raise invalid("start_time")
        else:
            start = int(time.time())
        duration = body.get("duration", 60)
        if isinstance(duration, bool) or not isinstance(duration, int) or duration < 0:
            raise invalid("duration")
        agenda = body.get("agenda", "")
        if not isinstance(agenda, str) or len(agenda) > 2000:
            raise invalid("agenda")
        password = body.get("password")
        if password is not None and (not isinstance(password, str) or not PASSCODE.match(password)):
            raise invalid("password")
        given = body.get("settings", {})
        if not isinstance(given, dict):
            raise invalid("settings")
        settings = {**SETTINGS, **given}
        if settings["approval_type"] not in (0, 1, 2) or isinstance(settings["approval_type"], bool):
            raise invalid("settings.approval_type")
        for flag in ("join_before_host", "waiting_room", "host_video", "participant_video", "mute_upon_entry"):
            if not isinstance(settings[flag], bool):
                raise invalid(f"settings.{flag}")
        with lock:
            meeting_id = 80000000000 + secrets.randbelow(19999999999)
            while meeting_id in meetings:
                meeting_id = 80000000000 + secrets.randbelow(19999999999)
            password = password or rand(6)
            m = {"id": meeting_id, "uuid": meeting_uuid(), "topic": topic, "type": kind, "status": "waiting",
                 "start": start, "duration": duration, "timezone": tz, "agenda": agenda, "created": int(time.time()),
                 "password": password, "encrypted_password": rand(32),
                 "h323_password": str(secrets.randbelow(900000) + 100000),
                 "pstn_password": str(secrets.randbelow(900000) + 100000), "settings": settings,
                 "registrants": {}, "participants": {}, "zaks": {}}
            meetings[meeting_id] = m
            answer = meeting_object(m, new_zak(m))
        record("meeting_created", meeting_id=meeting_id, topic=topic, start_time=answer["start_time"],
               approval_type=settings["approval_type"], fault=mode if mode.startswith("create_then") else None)
        if mode == "create_then_5xx":
            raise Reply(502, {"code": 502, "message": "Bad Gateway"})
        if mode == "create_then_timeout":
            time.sleep(30)
            raise Reply(503, {"code": 503, "message": "Service Unavailable"})
        return 201, answer

    def list_meetings(self, user_id):
        self.apply_fault("list_meetings")
        self.bearer()
        self.user(user_id)
        q = self.query()
        kind = q.get("type", "scheduled")
        if kind not in ("scheduled", "upcoming", "live", "upcoming_meetings", "previous_meetings"):
            raise invalid("type")
        try:
            size = min(300, max(1, int(q.get("page_size") or 30)))
        except ValueError:
            raise invalid("page_size")
        try:
            offset = int(base64.urlsafe_b64decode(q.get("next_page_token", "").encode() + b"==").decode() or 0)
        except (ValueError, UnicodeDecodeError):
            offset = 0
        now = time.time()
        with lock:
            chosen = sorted(meetings.values(), key=lambda m: (m["start"], m["created"], m["id"]))
            if kind in ("upcoming", "upcoming_meetings"):
                chosen = [m for m in chosen if m["status"] == "started" or m["start"] + m["duration"] * 60 > now]
            elif kind == "live":
                chosen = [m for m in chosen if m["status"] == "started"]
            elif kind == "previous_meetings":
                chosen = []
            items = [list_item(m) for m in chosen[offset:offset + size]]
            total = len(chosen)
        token = b64url(str(offset + size).encode()) if offset + size < total else ""
        return 200, {"page_size": size, "total_records": total, "next_page_token": token, "meetings": items}

    def get_meeting(self, meeting_id):
        self.apply_fault("get_meeting")
        self.bearer()
        with lock:
            m = self.meeting(meeting_id)
            return 200, meeting_object(m, new_zak(m))

    def delete_meeting(self, meeting_id):
        self.apply_fault("delete_meeting")
        self.bearer()
        with lock:
            m = self.meeting(meeting_id)
            del meetings[m["id"]]
        record("meeting_deleted", meeting_id=m["id"])
        return 204, None

    def add_registrant(self, meeting_id):
        data = self.raw_body()
        self.apply_fault("add_registrant")
        self.bearer()
        body = self.json_body(data)
        if body is None:
            raise Reply(400, {"code": 300, "message": "Request Body should be a valid JSON object."})
        with lock:
            m = self.meeting(meeting_id)
            if not registration_required(m):
                raise Reply(404, {"code": 404, "message": f"Registration has not been enabled for this meeting: {m['id']}."})
        email, first, last = body.get("email"), body.get("first_name"), body.get("last_name", "")
        if not isinstance(email, str) or not EMAIL.match(email.strip()):
            raise invalid("email")
        if not isinstance(first, str) or not first.strip() or len(first) > 64:
            raise invalid("first_name")
        if not isinstance(last, str) or len(last) > 64:
            raise invalid("last_name")
        with lock:
            m = self.meeting(meeting_id)
            existing = next((r for r in m["registrants"].values() if r["email"].lower() == email.strip().lower()), None)
            r = existing
            if r is None:
                tk = rand(43, ALNUM + "-_")
                r = {"registrant_id": rand(22, ALNUM + "-_"), "email": email.strip(), "first_name": first,
                     "last_name": last, "tk": tk, "join_url": f"{BASE}/j/{m['id']}?tk={tk}",
                     "create_time": utc(), "participant_pin_code": secrets.randbelow(900000) + 100000}
                m["registrants"][r["registrant_id"]] = r
            answer = {"id": m["id"], "join_url": r["join_url"], "registrant_id": r["registrant_id"],
                      "start_time": utc(m["start"]), "topic": m["topic"], "occurrences": [],
                      "participant_pin_code": r["participant_pin_code"]}
        if existing is None:
            record("registrant_added", meeting_id=m["id"], registrant_id=r["registrant_id"], email=r["email"])
        return 201, answer

    # -- pages -----------------------------------------------------------------------------------------

    def meeting_link(self, kind, meeting_id):
        q = self.query()
        with lock:
            m = meetings.get(meeting_id)
            if m is None:
                text = None
            elif kind == "s":
                expiry = m["zaks"].get(q.get("zak", ""))
                if expiry is None or expiry < time.time():
                    status, text = 403, message_page("Link expired", "This start link is not valid or has expired.")
                else:
                    m["status"] = "started"
                    status, text = 200, meeting_page(m, "host", "Started meeting")
            else:
                r = next((r for r in m["registrants"].values() if q.get("tk") and r["tk"] == q["tk"]), None)
                if r is not None:
                    status, text = 200, meeting_page(m, f"{r['first_name']} {r['last_name']}".strip(), "Joined meeting")
                elif registration_required(m):
                    status, text = 403, message_page("Registration required",
                                                     "This meeting requires registration: use your own join link.")
                elif q.get("pwd") == m["encrypted_password"]:
                    status, text = 200, meeting_page(m, "a guest", "Joined meeting")
                else:
                    status, text = 403, message_page("Wrong passcode", "The meeting passcode is missing or wrong.")
        if text is None:
            return self.html(404, message_page("Meeting not found", "This meeting ID is not valid."))
        self.html(status, text)

    def recording_link(self, path):
        parts = path.split("/")
        if len(parts) != 4:
            return self.html(404, message_page("Not found", "There is no such recording."))
        kind, key = parts[2], parts[3]
        with lock:
            f = files.get(key) if kind in ("play", "download") else None
            if kind == "share" and key in shares:
                f = next((x for x in files.values() if x["share"] == key), None)
            f = dict(f) if f else None
            valid = {t for t, exp in tokens.items() if exp > time.time()}
        if f is None:
            return self.html(404, message_page("Not found", "There is no such recording."))
        if kind == "download":
            auth = self.headers.get("Authorization", "")
            given = self.query().get("access_token") or (auth[7:].strip() if auth[:7].lower() == "bearer " else "")
            if given != f["download_token"] and given not in valid:
                return self.reply(401, {"code": 124, "message": "Invalid access token."})
            return self.send(200, FAKE_MP4, "video/mp4")
        self.html(200, page(f"Recording of {f['topic']}", f"""<h1>Zoom recording (local stand-in)</h1>
<p>Recording of <strong>{html.escape(f['topic'])}</strong>.</p>
<dl><dt>Meeting ID</dt><dd>{f['meeting_id']}</dd><dt>Recorded</dt><dd>{html.escape(f['recording_start'])}
to {html.escape(f['recording_end'])}</dd></dl>
<p class="note">There is nothing to play: this page stands in for Zoom's recording player.</p>"""))

    # -- test controls ---------------------------------------------------------------------------------

    def set_fault(self):
        body = self.json_body()
        if body is None or body.get("mode", "none") not in MODES:
            raise Reply(400, {"error": f"mode must be one of {sorted(MODES)}"})
        call = body.get("call") or "*"
        if call != "*" and call not in CALLS:
            raise Reply(400, {"error": f"call must be one of {sorted(CALLS)}"})
        with lock:
            if body.get("mode", "none") == "none":
                faults.pop(call, None)
            else:
                faults[call] = body["mode"]
            return 200, dict(faults)

    def set_webhook_url(self):
        body = self.json_body()
        url = body.get("url") if body else None
        if body is None or (url is not None and (not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https")
                                                 or not urlsplit(url).hostname)):
            raise Reply(400, {"error": "url must be an http(s) URL, or null"})
        with lock:
            target["url"] = url
        return 200, {"url": url}

    @staticmethod
    def delivery_options(body):
        times, bad = body.get("times", 1), body.get("bad_signature", False)
        if isinstance(times, bool) or not isinstance(times, int) or not 0 <= times <= 20:
            raise Reply(400, {"error": "times must be an integer from 0 to 20"})
        if not isinstance(bad, bool):
            raise Reply(400, {"error": "bad_signature must be true or false"})
        return times, bad

    @staticmethod
    def test_meeting(body):
        """The meeting a test control names (the caller holds the lock)."""
        meeting_id = str(body.get("meeting_id", ""))
        m = meetings.get(int(meeting_id)) if meeting_id.isdigit() else None
        if m is None:
            raise Reply(404, {"error": f"no meeting {meeting_id}"})
        return m

    def participant(self):
        body = self.json_body()
        if body is None:
            raise Reply(400, {"error": "a JSON object is required"})
        times, bad = self.delivery_options(body)
        kind = body.get("event")
        if kind not in ("joined", "left"):
            raise Reply(400, {"error": "event must be joined or left"})
        for k in ("registrant_id", "email", "user_name"):
            if body.get(k) is not None and not isinstance(body[k], str):
                raise Reply(400, {"error": f"{k} must be a string"})
        with lock:
            m = self.test_meeting(body)
            r = None
            if body.get("registrant_id"):
                r = m["registrants"].get(body["registrant_id"])
                if r is None:
                    raise Reply(400, {"error": "no such registrant in this meeting"})
            elif body.get("email"):
                r = next((x for x in m["registrants"].values() if x["email"].lower() == body["email"].lower()), None)
            email = body.get("email") or (r["email"] if r else "")
            name = body.get("user_name") or (f"{r['first_name']} {r['last_name']}".strip() if r else "") or "Guest"
            key = r["registrant_id"] if r else (email.lower() or name)
            p = m["participants"].get(key)
            if p is None:
                p = {"user_id": str(16778240 + 1024 * len(m["participants"]) + secrets.randbelow(1024)),
                     "id": rand(22, ALNUM + "-_"), "participant_uuid": str(uuid.uuid4()).upper(), "present": False}
                m["participants"][key] = p
            p.update(user_name=name, email=email, registrant_id=r["registrant_id"] if r else "")
            stamp = utc()
            participant = {"user_id": p["user_id"], "user_name": name, "id": p["id"],
                           "participant_uuid": p["participant_uuid"]}
            if kind == "joined":
                p.update(present=True, join_time=stamp)
                m["status"] = "started"
                participant["join_time"] = stamp
            else:
                p.update(present=False, leave_time=stamp)
                participant.update(leave_time=stamp, leave_reason="left the meeting. Reason : left the meeting")
            participant.update(email=email, registrant_id=p["registrant_id"], participant_user_id="", customer_key="")
            event = {"event": f"meeting.participant_{kind}", "event_ts": int(time.time() * 1000),
                     "payload": {"account_id": ACCOUNT_ID, "object": {
                         "id": str(m["id"]), "uuid": m["uuid"], "host_id": HOST_ID, "topic": m["topic"], "type": m["type"],
                         "start_time": utc(m["start"]), "duration": m["duration"], "timezone": m["timezone"],
                         "participant": participant}}}
            meeting_id = m["id"]
        return 200, emit(event, meeting_id, times, bad)

    def recording(self):
        body = self.json_body()
        if body is None:
            raise Reply(400, {"error": "a JSON object is required"})
        times, bad = self.delivery_options(body)
        with lock:
            m = self.test_meeting(body)
            file_id, share, token = str(uuid.uuid4()), rand(40, ALNUM + "-_"), rand(120, ALNUM + "-_.")
            size = 1048576 + secrets.randbelow(8388608)
            start, end = utc(m["start"]), utc(m["start"] + m["duration"] * 60)
            files[file_id] = {"meeting_id": m["id"], "topic": m["topic"], "download_token": token, "share": share,
                              "recording_start": start, "recording_end": end}
            shares[share] = m["id"]
            event = {"event": "recording.completed", "event_ts": int(time.time() * 1000),
                     "payload": {"account_id": ACCOUNT_ID, "object": {
                         "id": m["id"], "uuid": m["uuid"], "account_id": ACCOUNT_ID, "host_id": HOST_ID,
                         "host_email": HOST_EMAIL, "topic": m["topic"], "type": m["type"], "start_time": start,
                         "timezone": m["timezone"], "duration": m["duration"], "password": m["password"],
                         "share_url": f"{BASE}/rec/share/{share}", "total_size": size, "recording_count": 1,
                         "recording_files": [{
                             "id": file_id, "meeting_id": m["uuid"], "recording_start": start, "recording_end": end,
                             "file_type": "MP4", "file_extension": "MP4", "file_size": size,
                             "play_url": f"{BASE}/rec/play/{file_id}", "download_url": f"{BASE}/rec/download/{file_id}",
                             "status": "completed", "recording_type": "shared_screen_with_speaker_view"}]}},
                     "download_token": token}
            meeting_id = m["id"]
        return 200, emit(event, meeting_id, times, bad)

    def url_validation(self):
        body = self.json_body()
        if body is None:
            raise Reply(400, {"error": "a JSON object is required"})
        times, bad = self.delivery_options(body)
        plain = rand(22, ALNUM + "-_")
        event = {"payload": {"plainToken": plain}, "event_ts": int(time.time() * 1000),
                 "event": "endpoint.url_validation"}
        return 200, emit(event, None, times, bad, plain_token=plain)


class Server(ThreadingHTTPServer):
    # Many registrations at once would overflow the default backlog of 5; each dropped connection
    # costs the caller a 1 s SYN retry: a fault of this stand-in, not of Zoom.
    request_queue_size = 256
    daemon_threads = True


Server(("127.0.0.1", PORT), Zoom).serve_forever()
