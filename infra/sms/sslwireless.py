#!/usr/bin/env python3
"""A local stand-in for SSL Wireless's SMS gateway (ISMS Plus API v3), which cannot be reached from
here. It speaks the documented protocol our adapter uses:

    POST /api/v3/send-sms   JSON {api_token, sid, msisdn, sms, csms_id}
    -> {"status": "SUCCESS", "status_code": 200, "error_message": "",
        "smsinfo": [{"sms_status": "SUCCESS", "status_message": "Success", "msisdn", "sms_type",
                     "sms_body", "csms_id", "reference_id"}]}
    failures: {"status": "FAILED", "status_code": <code>, "error_message": <text>, "smsinfo": []}

(SSL Wireless ISMS Plus API document v3.0.0, and its PHP client sslw/ismsplus_api: single,
bulk and dynamic sends, `api_token` and `sid` from the account, `csms_id` a unique id per message
chosen by the sender.) A repeated csms_id is not sent again: the first answer is repeated, which is
what makes retries safe.

What a real phone would receive is kept, and read back by tests and developers:
    GET  /messages[?msisdn=8801...]   the messages accepted, oldest first
    POST /faults {"mode": "none"|"5xx"|"timeout"|"reject", "msisdn": optional}   from now on sends
         (to that number only, when given, so parallel tests do not disturb each other) fail:
         5xx: HTTP 503; timeout: no answer for 30 s; reject: status_code 4022 "Invalid MSISDN"

Usage: sslwireless.py PORT API_TOKEN SID [LOG_FILE]
"""
import json
import re
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, TOKEN, SID = int(sys.argv[1]), sys.argv[2], sys.argv[3]
LOG = sys.argv[4] if len(sys.argv) > 4 else None
MSISDN = re.compile(r"^8801[3-9][0-9]{8}$")
lock = threading.Lock()
messages = []  # accepted messages, as a phone would get them
answers = {}  # csms_id -> the answer given
faults = {}  # msisdn (or "*" for every number) -> mode


def sms_type(text):
    return "EN" if all(ord(c) < 128 for c in text) else "BN"


class Gateway(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # message bodies carry codes: nothing goes to the console

    def reply(self, status, body):
        data = json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        try:
            return json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return None

    def failed(self, code, text):
        self.reply(200, {"status": "FAILED", "status_code": code, "error_message": text, "smsinfo": []})

    def do_GET(self):
        if self.path.startswith("/messages"):
            wanted = re.search(r"msisdn=(\d+)", self.path)
            with lock:
                found = [m for m in messages if not wanted or m["msisdn"] == wanted.group(1)]
            return self.reply(200, found)
        if self.path == "/healthz":
            return self.reply(200, {"ok": True})
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        if self.path == "/faults":
            body = self.body() or {}
            faults[str(body.get("msisdn") or "*")] = body.get("mode", "none")
            return self.reply(200, faults)
        if self.path != "/api/v3/send-sms":
            return self.reply(404, {"error": "not found"})
        body = self.body()
        if not isinstance(body, dict):
            return self.failed(4000, "Invalid request")
        mode = faults.get(str(body.get("msisdn", "")), faults.get("*", "none"))
        if mode == "5xx":
            return self.reply(503, {"error": "service unavailable"})
        if mode == "timeout":
            time.sleep(30)
            return self.reply(503, {"error": "timed out"})
        if body.get("api_token") != TOKEN or body.get("sid") != SID:
            return self.failed(4001, "Unauthorized")
        msisdn, text, csms_id = str(body.get("msisdn", "")), body.get("sms"), body.get("csms_id")
        if not text or not csms_id:
            return self.failed(4000, "Invalid request: sms and csms_id are required")
        if mode == "reject" or not MSISDN.match(msisdn):
            return self.failed(4022, "Invalid MSISDN")
        with lock:
            if csms_id in answers:
                return self.reply(200, answers[csms_id])
            message = {"msisdn": msisdn, "sms_type": sms_type(text), "sms_body": text, "csms_id": csms_id,
                       "reference_id": uuid.uuid4().hex, "received_at": time.time()}
            messages.append(message)
            answer = {"status": "SUCCESS", "status_code": 200, "error_message": "",
                      "smsinfo": [{"sms_status": "SUCCESS", "status_message": "Success", **{k: message[k] for k in
                                   ("msisdn", "sms_type", "sms_body", "csms_id", "reference_id")}}]}
            answers[csms_id] = answer
            if LOG:
                with open(LOG, "a", encoding="utf-8") as f:
                    f.write(json.dumps(message, ensure_ascii=False) + "\n")
        self.reply(200, answer)


ThreadingHTTPServer(("127.0.0.1", PORT), Gateway).serve_forever()
