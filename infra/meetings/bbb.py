#!/usr/bin/env python3
"""A local stand-in for a BigBlueButton server (2.7), which cannot be reached from here. It speaks the
documented API our adapter uses (docs.bigbluebutton.org/development/api; the create/duplicate, join,
end and end-callback behaviour as bbb-web's ApiController and MeetingService implement it; the
recording-ready callback as record-and-playback/core/scripts/post_publish/
post_publish_recording_ready_callback.rb sends it). API root http://127.0.0.1:PORT/bigbluebutton/api/.

Every call but the root carries `checksum`: the lowercase hex sha1, sha256, sha384 or sha512 (told apart
by length: 40, 64, 96, 128) of callName + queryString + SHARED_SECRET, where queryString is the query
exactly as received with the checksum parameter taken out (everything before "&checksum=", or empty).
A wrong or missing checksum: <returncode>FAILED</returncode><messageKey>checksumError</messageKey>
<message>Checksums do not match</message>. Every answer is HTTP 200, text/xml, <response>...</response>
with <returncode>SUCCESS|FAILED</returncode> (FAILED carries messageKey and message), unless noted.
Parameters are read from the query string, for GET and POST alike (a POST body, create's XML of
pre-uploaded slides, is read and ignored).

    GET  /bigbluebutton/api  (or .../api/)   no checksum: <version>2.0</version><apiVersion>2.0</apiVersion>
         <bbbVersion>2.7.0</bbbVersion>
    GET|POST .../api/create   meetingID (required), name, attendeePW, moderatorPW, record, logoutURL,
         welcome, duration, voiceBridge, dialNumber, meta_* (kept; names lower-cased, as bbb-web does)
         -> meetingID, internalMeetingID (sha1 hex of meetingID, "-", create time in ms), parentMeetingID
            bbb-none, attendeePW, moderatorPW (random 8 characters unless given), createTime,
            voiceBridge, dialNumber, createDate, hasUserJoined, duration, hasBeenForciblyEnded,
            messageKey, message
         a second create of a meeting that is not ended: the same meeting, messageKey duplicateWarning
         (when it gives no passwords or the same ones; other passwords: FAILED idNotUnique). A create
         after end makes a new meeting (new internalMeetingID, no attendees): BBB forgets ended
         meetings. No meetingID: FAILED missingParamMeetingID.
    GET  .../api/join   fullName, meetingID, role (MODERATOR|VIEWER) or the older password (moderatorPW
         or attendeePW), userID, createTime, redirect (default true)
         -> the attendee {userID, fullName, role} is in the meeting from now on (a second join with the
            same userID replaces it); redirect=true: HTTP 302 to /html5client/join?sessionToken=..;
            redirect=false: messageKey successfullyJoined, meeting_id (internal), user_id (w_...),
            auth_token, session_token, guestStatus ALLOW, url
         errors (XML even with redirect=true): unknown or ended meeting notFound; no fullName
         missingParamFullName; neither a role nor a matching password invalidPassword; a createTime
         other than the meeting's mismatchCreateTimeParam
    GET  .../api/isMeetingRunning   meetingID -> <running>true|false</running> (someone has joined and
         the meeting is not ended; unknown meetings are not running)
    GET  .../api/getMeetingInfo   meetingID -> meetingName, meetingID, internalMeetingID, createTime,
         createDate, voiceBridge, dialNumber, attendeePW, moderatorPW, running, duration,
         hasUserJoined, recording, hasBeenForciblyEnded, startTime, endTime, participantCount,
         listenerCount, voiceParticipantCount, videoCount, maxUsers, moderatorCount,
         <attendees><attendee><userID/><fullName/><role/><isPresenter/><isListeningOnly/>
         <hasJoinedVoice/><hasVideo/><clientType>HTML5</clientType></attendee>...</attendees>,
         <metadata> (the meta_ values, without the prefix), isBreakout; unknown or ended: notFound
    GET  .../api/getMeetings   -> <meetings><meeting>(as getMeetingInfo)</meeting>...</meetings> for the
         meetings not ended; none: <meetings></meetings> with messageKey noMeetings
    GET  .../api/end   meetingID [, password: if given, the moderatorPW] -> messageKey
         sentEndMeetingRequest; the meeting is ended and its attendees removed. If it has
         meta_endCallbackUrl, that URL is then fetched (GET) with recordingmarks=false&meetingID=<id>
         appended, as bbb-web does, in the background after the answer (see /backoffice/callbacks).
         Unknown or ended: notFound; a wrong password: invalidPassword.
    GET  .../api/getRecordings   meetingID and/or recordID (comma-separated lists; neither: all) ->
         <recordings><recording><recordID/><meetingID/><internalMeetingID/><name/><isBreakout/>
         <published>true</published><state>published</state><startTime/><endTime/><participants/>
         <rawSize/><metadata/><size/><playback><format><type>presentation</type>
         <url>http://127.0.0.1:PORT/playback/presentation/2.3/<recordID></url><processingTime/>
         <length>minutes</length><size/></format></playback></recording>...</recordings>;
         none: <recordings></recordings> with messageKey noRecordings
    Any other call: FAILED unsupportedRequest.
    GET  /html5client/join?sessionToken=..   where a join redirects: a page saying who joined which
         meeting in which role
    GET  /playback/presentation/2.3/<recordID>   a page naming the recording

Callbacks this server makes (a URL on "localhost" or any "*.localhost" host is reached on 127.0.0.1,
with the URL's own Host header; 10 s timeout):
    end            GET meta_endCallbackUrl + (?|&)recordingmarks=false&meetingID=<meetingID>
    recording_ready POST meta_bbb-recording-ready-url (or, as the script falls back,
                   meta_bn-recording-ready-url, meta_canvas-recording-ready-url), form body
                   signed_parameters=<JWT>: HS256 with the shared secret, header
                   {"alg":"HS256","typ":"JWT"}, claims {"meeting_id": meetingID, "record_id": recordID}

Not part of BigBlueButton, for tests and developers (JSON in and out, no checksum):
    GET  /healthz                    {"ok": true}
    POST /backoffice/leave           {"meetingID", "userID"}: that attendee leaves
    POST /backoffice/publish-recording   {"meetingID", "deliver": true (default) | false, "times": 1
         (how many times to deliver), "bad_signature": false (sign with a wrong secret)}: the meeting's
         latest session (running or ended) gets a published recording, recordID = internalMeetingID
         + "-" + ms timestamp, which getRecordings lists; then the recording-ready callback is built
         (and sent, unless deliver is false) -> {"record_id", "callbacks": [{"url", "method", "body",
         "delivered", "status" (the HTTP status our side answered, or null), "error"}]} ([] when the
         meeting has no recording-ready URL)
    GET  /backoffice/callbacks[?meetingID=]   every callback built, oldest first: {"kind":
         "recording_ready"|"end", "meetingID", "url", "method", "body", "sent", "delivered",
         "status", "error", ...}
    GET  /backoffice/meetings        every meeting's state (sessions, attendees, metadata, recordings)
    POST /faults {"mode": "none"|"5xx"|"timeout", "call": optional}   from now on that API call (index,
         create, join, isMeetingRunning, getMeetingInfo, getMeetings, end, getRecordings), or every
         one, answers HTTP 503 (5xx) or nothing for 30 s, then 503 (timeout), doing nothing; a call's
         own setting wins over the general one; "none" removes that setting.

Nothing is printed to the console; the shared secret, passwords and tokens are neither logged nor
shown by the backoffice routes (attendee and moderator passwords excepted: BBB hands them out too).

Usage: bbb.py PORT SHARED_SECRET [LOG_FILE]   (LOG_FILE: one JSON line per meeting event and callback)
"""
import base64
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
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

PORT, SECRET = int(sys.argv[1]), sys.argv[2]
LOG = sys.argv[3] if len(sys.argv) > 3 else None
BASE = f"http://127.0.0.1:{PORT}"
API = "/bigbluebutton/api"
CALLS = ("create", "join", "isMeetingRunning", "getMeetingInfo", "getMeetings", "end", "getRecordings")
FAULT_CALLS = {"index", *CALLS}
MODES = {"none", "5xx", "timeout"}
DIGESTS = {40: hashlib.sha1, 64: hashlib.sha256, 96: hashlib.sha384, 128: hashlib.sha512}
DIAL_NUMBER = "613-555-1234"
RECORDING_READY_KEYS = ("bbb-recording-ready-url", "bn-recording-ready-url", "canvas-recording-ready-url")
XML_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9._-]*$")
LOWER = string.ascii_lowercase + string.digits
ALNUM = string.ascii_letters + string.digits
PLAYBACK = "/playback/presentation/2.3/"

lock = threading.Lock()
meetings = {}  # meetingID -> its latest session (running or ended)
previous = []  # earlier sessions of re-created meetings, oldest first
sessions = {}  # sessionToken -> {"meetingID", "internalMeetingID", "userID", "fullName", "role"}
recordings = {}  # recordID -> recording, in publishing order
callbacks = []  # every callback built, oldest first
faults = {}  # call name (or "*") -> mode


def rand(n, alphabet=ALNUM):
    return "".join(secrets.choice(alphabet) for _ in range(n))


def now_ms():
    return int(time.time() * 1000)


def java_date(ms):
    """As Java's Date.toString() prints it on a UTC server: Mon Jul 09 17:03:29 UTC 2018."""
    return time.strftime("%a %b %d %H:%M:%S UTC %Y", time.gmtime(ms / 1000))


def iso(ms=None):
    ms = now_ms() if ms is None else ms
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms / 1000)) + f".{ms % 1000:03d}Z"


def record(event, **fields):
    if LOG:
        with open(LOG, "a", encoding="utf-8") as f:
            f.write(json.dumps({"event": event, "at": iso(), **fields}, ensure_ascii=False) + "\n")


def fault(call):
    with lock:
        return faults.get(call, faults.get("*", "none"))


# -- XML ---------------------------------------------------------------------------------------------

def element(tag, value):
    if isinstance(value, list):
        inner = "".join(element(t, v) for t, v in value)
    elif isinstance(value, bool):
        inner = "true" if value else "false"
    elif value is None:
        inner = ""
    else:
        inner = html.escape(str(value), quote=False)
    return f"<{tag}>{inner}</{tag}>"


def response(returncode, fields=()):
    return "<response>" + element("returncode", returncode) + "".join(element(t, v) for t, v in fields) + "</response>"


def failed(key, message):
    return response("FAILED", [("messageKey", key), ("message", message)])


def not_found():
    return failed("notFound", "A meeting with that ID does not exist")


def checksum_ok(call, raw_query):
    """bbb-web's check: the checksum parameter taken out of the query string as received."""
    given = dict(parse_qsl(raw_query, keep_blank_values=True)).get("checksum", "")
    if not given:
        return False
    rest = raw_query.replace(f"&checksum={given}", "")
    rest = rest.replace(f"checksum={given}&", "")
    rest = rest.replace(f"checksum={given}", "")
    digest = DIGESTS.get(len(given))
    if digest is None:
        return False
    expected = digest((call + rest + SECRET).encode()).hexdigest()
    return hmac.compare_digest(given.encode(), expected.encode())


# -- outgoing calls ----------------------------------------------------------------------------------

def http_call(url, method, body=None, headers=None, timeout=10):
    """One request; (status or None, error or None). *.localhost is 127.0.0.1, keeping the url's Host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None, "not an http(s) url"
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
                         headers={"Host": parts.netloc.rsplit("@", 1)[-1],
                                  "User-Agent": "BigBlueButton (local stand-in)", **(headers or {})})
            answer = conn.getresponse()
            answer.read()
            return answer.status, None
        finally:
            conn.close()
    except (OSError, ValueError, http.client.HTTPException) as e:
        return None, f"{type(e).__name__}: {e}"


def new_callback(kind, meeting_id, url, method, body):
    cb = {"kind": kind, "meetingID": meeting_id, "url": url, "method": method, "body": body, "sent": False,
          "delivered": False, "status": None, "error": None, "built_at": iso(), "sent_at": None}
    with lock:
        callbacks.append(cb)
    return cb


def send_callback(cb):
    data = cb["body"].encode() if cb["body"] is not None else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if data is not None else {}
    status, error = http_call(cb["url"], cb["method"], data, headers)
    with lock:
        cb.update(sent=True, delivered=status is not None and 200 <= status < 300, status=status, error=error,
                  sent_at=iso())
        view = dict(cb)
    record("callback", **{k: view[k] for k in ("kind", "meetingID", "url", "method", "delivered", "status", "error")})


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt_hs256(claims, secret):
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    payload = b64url(json.dumps(claims, separators=(",", ":")).encode())
    signature = hmac.new(secret.encode(), f"{header}.{payload}".encode(), hashlib.sha256).digest()
    return f"{header}.{payload}.{b64url(signature)}"


# -- state views ---------------------------------------------------------------------------------------

def running(m):
    return m["hasUserJoined"] and not m["ended"]


def live(meeting_id):
    """The meeting's session if it exists and is not ended (the caller holds the lock)."""
    m = meetings.get(meeting_id)
    return m if m and not m["ended"] else None


def create_fields(m, key, message):
    return [("meetingID", m["meetingID"]), ("internalMeetingID", m["internalMeetingID"]),
            ("parentMeetingID", "bbb-none"), ("attendeePW", m["attendeePW"]), ("moderatorPW", m["moderatorPW"]),
            ("createTime", m["createTime"]), ("voiceBridge", m["voiceBridge"]), ("dialNumber", m["dialNumber"]),
            ("createDate", m["createDate"]), ("hasUserJoined", m["hasUserJoined"]), ("duration", m["duration"]),
            ("hasBeenForciblyEnded", m["hasBeenForciblyEnded"]), ("messageKey", key), ("message", message)]


def metadata_fields(metadata):
    return [(k, v) for k, v in metadata.items() if XML_NAME.match(k)]


def meeting_info_fields(m):
    attendees = list(m["attendees"].values())
    moderators = sum(1 for a in attendees if a["role"] == "MODERATOR")
    return [("meetingName", m["name"]), ("meetingID", m["meetingID"]), ("internalMeetingID", m["internalMeetingID"]),
            ("createTime", m["createTime"]), ("createDate", m["createDate"]), ("voiceBridge", m["voiceBridge"]),
            ("dialNumber", m["dialNumber"]), ("attendeePW", m["attendeePW"]), ("moderatorPW", m["moderatorPW"]),
            ("running", running(m)), ("duration", m["duration"]), ("hasUserJoined", m["hasUserJoined"]),
            ("recording", m["record"]), ("hasBeenForciblyEnded", m["hasBeenForciblyEnded"]),
            ("startTime", m["createTime"]), ("endTime", m["endTime"]), ("participantCount", len(attendees)),
            ("listenerCount", 0), ("voiceParticipantCount", 0), ("videoCount", 0), ("maxUsers", m["maxUsers"]),
            ("moderatorCount", moderators),
            ("attendees", [("attendee", [("userID", a["userID"]), ("fullName", a["fullName"]), ("role", a["role"]),
                                         ("isPresenter", a["isPresenter"]), ("isListeningOnly", False),
                                         ("hasJoinedVoice", False), ("hasVideo", False), ("clientType", "HTML5")])
                           for a in attendees]),
            ("metadata", metadata_fields(m["metadata"])), ("isBreakout", False)]


def recording_fields(r):
    minutes = max(1, round((r["endTime"] - r["startTime"]) / 60000))
    return [("recordID", r["recordID"]), ("meetingID", r["meetingID"]), ("internalMeetingID", r["internalMeetingID"]),
            ("name", r["name"]), ("isBreakout", False), ("published", True), ("state", "published"),
            ("startTime", r["startTime"]), ("endTime", r["endTime"]), ("participants", r["participants"]),
            ("rawSize", r["size"] * 3), ("metadata", [("isBreakout", "false"), ("meetingId", r["meetingID"]),
                                                      ("meetingName", r["name"]), *metadata_fields(r["metadata"])]),
            ("size", r["size"]),
            ("playback", [("format", [("type", "presentation"), ("url", f"{BASE}{PLAYBACK}{r['recordID']}"),
                                      ("processingTime", 2113), ("length", minutes), ("size", r["size"])])]),
            ("data", None)]


def session_view(m):
    return {"meetingID": m["meetingID"], "internalMeetingID": m["internalMeetingID"], "name": m["name"],
            "createTime": m["createTime"], "createDate": m["createDate"], "record": m["record"],
            "logoutURL": m["logoutURL"], "welcome": m["welcome"], "duration": m["duration"],
            "voiceBridge": m["voiceBridge"], "attendeePW": m["attendeePW"], "moderatorPW": m["moderatorPW"],
            "metadata": dict(m["metadata"]), "hasUserJoined": m["hasUserJoined"], "running": running(m),
            "ended": m["ended"], "endTime": m["endTime"], "hasBeenForciblyEnded": m["hasBeenForciblyEnded"],
            "attendees": [dict(a) for a in m["attendees"].values()],
            "recordings": [r for r, rec in recordings.items() if rec["internalMeetingID"] == m["internalMeetingID"]]}


# -- pages ---------------------------------------------------------------------------------------------

def page(title, body):
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; background: #06172a; margin: 0; padding: 2rem 1rem; color: #1d2733; }}
main {{ max-width: 30rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem;
       box-shadow: 0 1px 4px rgba(0,0,0,.3); border-top: 6px solid #0f70d7; }}
h1 {{ font-size: 1.1rem; margin: 0 0 1rem; color: #0f70d7; }}
dl {{ display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; font-size: .9rem; }}
dt {{ color: #5b6775; }} dd {{ margin: 0; word-break: break-all; }}
a.button {{ display: inline-block; margin-top: 1.25rem; padding: .6rem 1rem; border-radius: 6px; background: #0f70d7;
           color: #fff; text-decoration: none; }}
.note {{ color: #5b6775; font-size: .8rem; margin-top: 1rem; }}
</style></head>
<body><main>
{body}
</main></body></html>
"""


def client_page(s, m):
    e = html.escape
    if m is None or m["internalMeetingID"] != s["internalMeetingID"] or m["ended"]:
        state = "<p>This meeting has ended.</p>"
    else:
        state = "<p>You are in the meeting.</p>"
    leave = f'<a class="button" id="leave" href="{e(m["logoutURL"])}">Leave meeting</a>' if m and m["logoutURL"] else ""
    return page(f"{s['fullName']} in {s['name']}", f"""<h1>BigBlueButton (local stand-in)</h1>
<p id="joined"><strong>{e(s['fullName'])}</strong> joined <strong>{e(s['name'])}</strong> as
<strong>{e(s['role'])}</strong>.</p>
<dl><dt>Meeting</dt><dd>{e(s['meetingID'])}</dd><dt>User</dt><dd>{e(s['userID'])}</dd>
<dt>Role</dt><dd id="role">{e(s['role'])}</dd></dl>
{state}{leave}
<p class="note">No audio or video here: this page stands in for the BigBlueButton HTML5 client.</p>""")


def playback_page(r):
    e = html.escape
    return page(f"Recording of {r['name']}", f"""<h1>BigBlueButton recording (local stand-in)</h1>
<p>Recording of <strong>{e(r['name'])}</strong>.</p>
<dl><dt>Meeting</dt><dd>{e(r['meetingID'])}</dd><dt>Recording</dt><dd id="record-id">{e(r['recordID'])}</dd>
<dt>Recorded</dt><dd>{e(iso(r['startTime']))} to {e(iso(r['endTime']))}</dd></dl>
<p class="note">There is nothing to play: this page stands in for BigBlueButton's presentation playback.</p>""")


# -- the server ----------------------------------------------------------------------------------------

class Bbb(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # query strings carry checksums and passwords: nothing goes to the console

    def send(self, status, data, ctype, headers=()):
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            for k, v in headers:
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout fault, typically)

    def xml(self, text):
        self.send(200, text.encode(), "text/xml;charset=utf-8")

    def reply(self, status, body):
        self.send(status, json.dumps(body, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def html(self, status, text):
        self.send(status, text.encode(), "text/html; charset=utf-8")

    def raw_body(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        return self.rfile.read(length) if length > 0 else b""

    def json_body(self):
        try:
            body = json.loads(self.raw_body() or b"{}")
        except ValueError:
            return None
        return body if isinstance(body, dict) else None

    # -- routes ----------------------------------------------------------------------------------------

    def do_GET(self):
        parts = urlsplit(self.path)
        path = parts.path
        if path == "/healthz":
            return self.reply(200, {"ok": True})
        if path.startswith(API):
            return self.api(path, parts.query)
        if path == "/html5client/join":
            token = dict(parse_qsl(parts.query)).get("sessionToken", "")
            with lock:
                s = sessions.get(token)
                text = client_page(s, meetings.get(s["meetingID"])) if s else None
            if text is None:
                return self.html(404, page("Invalid session", "<h1>Invalid session token</h1>"
                                           "<p>This join link is not valid.</p>"))
            return self.html(200, text)
        if path.startswith(PLAYBACK):
            with lock:
                r = recordings.get(path[len(PLAYBACK):])
                text = playback_page(r) if r else None
            if text is None:
                return self.html(404, page("Recording not found", "<h1>Recording not found</h1>"))
            return self.html(200, text)
        if path == "/backoffice/callbacks":
            wanted = dict(parse_qsl(parts.query)).get("meetingID")
            with lock:
                found = [dict(c) for c in callbacks if wanted is None or c["meetingID"] == wanted]
            return self.reply(200, found)
        if path == "/backoffice/meetings":
            with lock:
                view = {"meetings": [session_view(m) for m in meetings.values()],
                        "previous_sessions": [session_view(m) for m in previous]}
            return self.reply(200, view)
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        parts = urlsplit(self.path)
        path = parts.path
        if path.startswith(API):
            self.raw_body()  # create's pre-uploaded slides: not used
            return self.api(path, parts.query)
        if path == "/faults":
            body = self.json_body()
            if body is None or body.get("mode", "none") not in MODES:
                return self.reply(400, {"error": f"mode must be one of {sorted(MODES)}"})
            call = body.get("call") or "*"
            if call != "*" and call not in FAULT_CALLS:
                return self.reply(400, {"error": f"call must be one of {sorted(FAULT_CALLS)}"})
            with lock:
                if body.get("mode", "none") == "none":
                    faults.pop(call, None)
                else:
                    faults[call] = body["mode"]
                return self.reply(200, dict(faults))
        if path == "/backoffice/leave":
            return self.leave(self.json_body())
        if path == "/backoffice/publish-recording":
            return self.publish(self.json_body())
        self.reply(404, {"error": "not found"})

    # -- the API ---------------------------------------------------------------------------------------

    def api(self, path, raw_query):
        call = path[len(API):].strip("/")
        mode = fault(call or "index")
        if mode == "5xx":
            return self.html(503, "<html><head><title>503 Service Temporarily Unavailable</title></head><body>"
                                  "<center><h1>503 Service Temporarily Unavailable</h1></center></body></html>")
        if mode == "timeout":
            time.sleep(30)
            return self.html(503, "<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>")
        if call == "":
            return self.xml(response("SUCCESS", [("version", "2.0"), ("apiVersion", "2.0"), ("bbbVersion", "2.7.0")]))
        if call not in CALLS:
            return self.xml(failed("unsupportedRequest", "This request is not supported."))
        if not checksum_ok(call, raw_query):
            return self.xml(failed("checksumError", "Checksums do not match"))
        q = dict(parse_qsl(raw_query, keep_blank_values=True))
        q.pop("checksum", None)
        getattr(self, "call_" + call)(q)

    def call_create(self, q):
        meeting_id = q.get("meetingID", "")
        if not meeting_id.strip():
            return self.xml(failed("missingParamMeetingID", "You must provide a meeting ID"))
        with lock:
            m = live(meeting_id)
            if m is not None:
                same = q.get("attendeePW") == m["attendeePW"] and q.get("moderatorPW") == m["moderatorPW"]
                if same or (not q.get("attendeePW") and not q.get("moderatorPW")):
                    return self.xml(response("SUCCESS", create_fields(
                        m, "duplicateWarning", "This conference was already in existence and may currently be in "
                                               "progress.")))
                return self.xml(failed("idNotUnique",
                                       "A meeting already exists with that meeting ID.  Please use a different meeting ID."))
            bridges = {s["voiceBridge"] for s in meetings.values() if not s["ended"]}
            bridge = q.get("voiceBridge", "").strip()
            if bridge and bridge in bridges:
                return self.xml(failed("nonUniqueVoiceBridge", "The selected voice bridge is already in use."))
            while not bridge or bridge in bridges:
                bridge = str(70000 + secrets.randbelow(30000))
            created = now_ms()
            try:
                duration = max(0, int(q.get("duration") or 0))
            except ValueError:
                duration = 0
            try:
                max_users = int(q.get("maxParticipants") or 0)
            except ValueError:
                max_users = 0
            m = {"meetingID": meeting_id, "name": q.get("name", ""),
                 "internalMeetingID": f"{hashlib.sha1(meeting_id.encode()).hexdigest()}-{created}",
                 "attendeePW": q.get("attendeePW") or rand(8), "moderatorPW": q.get("moderatorPW") or rand(8),
                 "createTime": created, "createDate": java_date(created), "voiceBridge": bridge,
                 "dialNumber": q.get("dialNumber") or DIAL_NUMBER, "record": q.get("record", "").lower() == "true",
                 "logoutURL": q.get("logoutURL", ""), "welcome": q.get("welcome", ""), "duration": duration,
                 "maxUsers": max_users,
                 "metadata": {k[len("meta_"):].lower(): v for k, v in q.items() if k.startswith("meta_") and len(k) > 5},
                 "attendees": {}, "hasUserJoined": False, "ended": False, "endTime": 0, "hasBeenForciblyEnded": False}
            old = meetings.get(meeting_id)
            if old is not None:
                previous.append(old)
            meetings[meeting_id] = m
            answer = response("SUCCESS", create_fields(m, "", ""))
        record("created", meetingID=meeting_id, internalMeetingID=m["internalMeetingID"], name=m["name"],
               record=m["record"], metadata=m["metadata"])
        self.xml(answer)

    def call_join(self, q):
        meeting_id, full_name = q.get("meetingID", ""), q.get("fullName", "")
        if not meeting_id.strip():
            return self.xml(failed("missingParamMeetingID", "You must provide a meeting ID"))
        if not full_name.strip():
            return self.xml(failed("missingParamFullName", "You must provide your name"))
        with lock:
            m = live(meeting_id)
            if m is None:
                return self.xml(not_found())
            if q.get("createTime") and q["createTime"] != str(m["createTime"]):
                return self.xml(failed("mismatchCreateTimeParam",
                                       "The createTime parameter submitted mismatches with the current meeting."))
            role = q.get("role", "").upper()
            if role not in ("MODERATOR", "VIEWER"):
                password = q.get("password")
                if password and password == m["moderatorPW"]:
                    role = "MODERATOR"
                elif password and password == m["attendeePW"]:
                    role = "VIEWER"
                else:
                    return self.xml(failed("invalidPassword",
                                           "You either did not supply a password or the password supplied is neither "
                                           "the attendee or moderator password for this conference."))
            internal = "w_" + rand(12, LOWER)
            user_id = q.get("userID") or internal
            old = m["attendees"].pop(user_id, None)
            presenter = (old or {}).get("isPresenter", False) or (
                role == "MODERATOR" and not any(a["isPresenter"] for a in m["attendees"].values()))
            m["attendees"][user_id] = {"userID": user_id, "internalUserID": internal, "fullName": full_name,
                                       "role": role, "isPresenter": presenter, "joined_at": iso()}
            m["hasUserJoined"] = True
            token, auth = rand(16, LOWER), rand(12, LOWER)
            sessions[token] = {"meetingID": meeting_id, "internalMeetingID": m["internalMeetingID"], "name": m["name"] or
                               meeting_id, "userID": user_id, "fullName": full_name, "role": role}
            internal_meeting_id = m["internalMeetingID"]
        record("joined", meetingID=meeting_id, userID=user_id, fullName=full_name, role=role)
        url = f"{BASE}/html5client/join?sessionToken={token}"
        if q.get("redirect", "true").lower() != "false":
            text = f'<html><body>Redirecting to <a href="{html.escape(url)}">the meeting</a>.</body></html>'
            return self.send(302, text.encode(), "text/html; charset=utf-8", [("Location", url)])
        self.xml(response("SUCCESS", [("messageKey", "successfullyJoined"), ("message", "You have joined successfully."),
                                      ("meeting_id", internal_meeting_id), ("user_id", internal), ("auth_token", auth),
                                      ("session_token", token), ("guestStatus", "ALLOW"), ("url", url)]))

    def call_isMeetingRunning(self, q):
        with lock:
            m = live(q.get("meetingID", ""))
            answer = response("SUCCESS", [("running", bool(m and running(m)))])
        self.xml(answer)

    def call_getMeetingInfo(self, q):
        if not q.get("meetingID", "").strip():
            return self.xml(failed("missingParamMeetingID", "You must provide a meeting ID"))
        with lock:
            m = live(q["meetingID"])
            answer = response("SUCCESS", meeting_info_fields(m)) if m else not_found()
        self.xml(answer)

    def call_getMeetings(self, q):
        with lock:
            found = [("meeting", meeting_info_fields(m)) for m in meetings.values() if not m["ended"]]
        if not found:
            return self.xml(response("SUCCESS", [("meetings", []), ("messageKey", "noMeetings"),
                                                 ("message", "no meetings were found on this server")]))
        self.xml(response("SUCCESS", [("meetings", found)]))

    def call_end(self, q):
        meeting_id = q.get("meetingID", "")
        if not meeting_id.strip():
            return self.xml(failed("missingParamMeetingID", "You must provide a meeting ID"))
        with lock:
            m = live(meeting_id)
            if m is None:
                return self.xml(not_found())
            if q.get("password") and q["password"] != m["moderatorPW"]:
                return self.xml(failed("invalidPassword", "You must supply the moderator password for this call."))
            m.update(ended=True, hasBeenForciblyEnded=True, endTime=now_ms())
            m["attendees"].clear()
            target = m["metadata"].get("endcallbackurl")
        cb = None
        if target:
            url = target + ("&" if urlsplit(target).query else "?") + urlencode(
                [("recordingmarks", "false"), ("meetingID", meeting_id)])
            cb = new_callback("end", meeting_id, url, "GET", None)
        record("ended", meetingID=meeting_id, callback=bool(cb))
        self.xml(response("SUCCESS", [
            ("messageKey", "sentEndMeetingRequest"),
            ("message", "A request to end the meeting was sent.  Please wait a few seconds, and then use the "
                        "getMeetingInfo or isMeetingRunning API calls to verify that it was ended.")]))
        if cb:
            threading.Thread(target=send_callback, args=(cb,), daemon=True).start()

    def call_getRecordings(self, q):
        ids = {i for i in q.get("meetingID", "").split(",") if i}
        record_ids = {i for i in q.get("recordID", "").split(",") if i}
        with lock:
            found = [r for r in recordings.values()
                     if (not ids or r["meetingID"] in ids) and (not record_ids or r["recordID"] in record_ids)]
            items = [("recording", recording_fields(r)) for r in found]
        if not items:
            return self.xml(response("SUCCESS", [("recordings", []), ("messageKey", "noRecordings"),
                                                 ("message", "There are no recordings for the meeting(s).")]))
        self.xml(response("SUCCESS", [("recordings", items), ("messageKey", ""), ("message", "")]))

    # -- test controls ---------------------------------------------------------------------------------

    def leave(self, body):
        if body is None or not isinstance(body.get("meetingID"), str) or not isinstance(body.get("userID"), str):
            return self.reply(400, {"error": "meetingID and userID (strings) are required"})
        with lock:
            m = live(body["meetingID"])
            if m is None:
                return self.reply(404, {"error": "no running meeting with that meetingID"})
            gone = m["attendees"].pop(body["userID"], None)
            if gone is None:
                return self.reply(404, {"error": "no attendee with that userID in the meeting"})
            left = len(m["attendees"])
        record("left", meetingID=body["meetingID"], userID=body["userID"])
        self.reply(200, {"meetingID": body["meetingID"], "userID": body["userID"], "left": True, "attendees": left})

    def publish(self, body):
        if body is None or not isinstance(body.get("meetingID"), str):
            return self.reply(400, {"error": "meetingID (a string) is required"})
        deliver, times, bad = body.get("deliver", True), body.get("times", 1), body.get("bad_signature", False)
        if not isinstance(deliver, bool) or not isinstance(bad, bool):
            return self.reply(400, {"error": "deliver and bad_signature must be true or false"})
        if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= 20:
            return self.reply(400, {"error": "times must be an integer from 1 to 20"})
        meeting_id = body["meetingID"]
        with lock:
            m = meetings.get(meeting_id)
            if m is None:
                return self.reply(404, {"error": "no meeting with that meetingID was ever created"})
            stamp = now_ms()
            record_id = f"{m['internalMeetingID']}-{stamp}"
            recordings[record_id] = {
                "recordID": record_id, "meetingID": meeting_id, "internalMeetingID": m["internalMeetingID"],
                "name": m["name"] or meeting_id, "startTime": m["createTime"], "endTime": m["endTime"] or stamp,
                "participants": max(1, len(m["attendees"])), "size": 1048576 + secrets.randbelow(4194304),
                "metadata": dict(m["metadata"]), "published_at": iso(stamp)}
            url = next((m["metadata"][k] for k in RECORDING_READY_KEYS if m["metadata"].get(k)), None)
            record_flag = m["record"]
        record("recording_published", meetingID=meeting_id, recordID=record_id)
        answer = {"record_id": record_id, "callbacks": []}
        if not record_flag:
            answer["warning"] = "the meeting was created without record=true: a real server would not have recorded it"
        if url is None:
            answer["note"] = "the meeting has no meta_bbb-recording-ready-url: no callback"
            return self.reply(200, answer)
        token = jwt_hs256({"meeting_id": meeting_id, "record_id": record_id},
                          SECRET if not bad else SECRET + "-wrong")
        form = urlencode({"signed_parameters": token})
        for _ in range(times if deliver else 1):
            cb = new_callback("recording_ready", meeting_id, url, "POST", form)
            if deliver:
                send_callback(cb)
            answer["callbacks"].append({k: cb[k] for k in ("url", "method", "body", "delivered", "status", "error")})
        self.reply(200, answer)


class Server(ThreadingHTTPServer):
    # Many joins at once would overflow the default backlog of 5; each dropped connection costs
    # the caller a 1 s SYN retry: a fault of this stand-in, not of BigBlueButton.
    request_queue_size = 256
    daemon_threads = True


Server(("127.0.0.1", PORT), Bbb).serve_forever()
