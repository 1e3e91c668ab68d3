#!/usr/bin/env python3
"""A local stand-in for the government teacher registries (DSHE's PDS for secondary teachers, DME for
madrasa teachers, DTE for technical teachers, DPE's PIN/index numbers for primary teachers and its
HRMIS employee IDs for officers), which cannot be reached from here.

These registries publish no public API document. The shape below is the one the platform's
verification dialog was specified against (SPEC §3: answer `status` 0 invalid / 100 verified, record
fields `Name`, `Designation`, `InstituteName`, `Subject`, birth dates as DD/MM/YYYY); the request
names the registry, the kind of number and the number, as a registry gateway would:

    POST /api/v1/verify   Authorization: Bearer API_KEY
         JSON {"registry": "dshe"|"dme"|"dte"|"dpe"|"dpe_officer",
               "id_type": "pds"|"pin"|"index"|"hrmis", "id": "12345678", "date_of_birth": "DD/MM/YYYY"}
    -> 200 {"status": 100, "data": {"Name", "Designation", "InstituteName", "Subject", "Mobile": "8801XXXXXXXXX"}}
    -> 200 {"status": 0, "message": "No record matches the ID and date of birth"}
    -> 401 {"error": "unauthorized"}

The roster is seeded from roster.json beside this file; tests add their own people:
    POST /roster  {"registry", "id_type", "id", "date_of_birth", "Name", "Designation", "InstituteName", "Subject", "Mobile"}
    GET  /roster  the people on it
Fault switches, for an ID or (without "id") for every lookup:
    POST /faults {"mode": "none"|"down"|"slow"|"malformed", "id": optional}
         down: HTTP 503; slow: no answer for 30 s; malformed: HTTP 200 with a body that is not JSON

Usage: teachers.py PORT API_KEY
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, KEY = int(sys.argv[1]), sys.argv[2]
lock = threading.Lock()
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "roster.json"), encoding="utf-8") as f:
    roster = {(p["registry"], p["id_type"], p["id"]): p for p in json.load(f)}
faults = {}  # id (or "*") -> mode
FIELDS = ("Name", "Designation", "InstituteName", "Subject", "Mobile")


class Registry(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, raw=None):
        data = raw if raw is not None else json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return None
        return body if isinstance(body, dict) else None

    def do_GET(self):
        if self.path == "/healthz":
            return self.reply(200, {"ok": True})
        if self.path == "/roster":
            with lock:
                return self.reply(200, list(roster.values()))
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        body = self.body()
        if body is None:
            return self.reply(400, {"error": "the body must be a JSON object"})
        if self.path == "/faults":
            with lock:
                faults[str(body.get("id") or "*")] = body.get("mode", "none")
            return self.reply(200, faults)
        if self.path == "/roster":
            person = {k: str(body.get(k, "")) for k in ("registry", "id_type", "id", "date_of_birth") + FIELDS}
            with lock:
                roster[(person["registry"], person["id_type"], person["id"])] = person
            return self.reply(200, person)
        if self.path != "/api/v1/verify":
            return self.reply(404, {"error": "not found"})
        if self.headers.get("Authorization") != f"Bearer {KEY}":
            return self.reply(401, {"error": "unauthorized"})
        key = (str(body.get("registry")), str(body.get("id_type")), str(body.get("id")))
        with lock:
            mode = faults.get(key[2], faults.get("*", "none"))
            person = roster.get(key)
        if mode == "down":
            return self.reply(503, {"error": "service unavailable"})
        if mode == "slow":
            time.sleep(30)
        if mode == "malformed":
            return self.reply(200, None, raw=b"<html><body>Gateway error</body></html>")
        if not person or person["date_of_birth"] != body.get("date_of_birth"):
            return self.reply(200, {"status": 0, "message": "No record matches the ID and date of birth"})
        self.reply(200, {"status": 100, "data": {k: person[k] for k in FIELDS}})


ThreadingHTTPServer(("127.0.0.1", PORT), Registry).serve_forever()
