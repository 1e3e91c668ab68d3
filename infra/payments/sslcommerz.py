#!/usr/bin/env python3
"""A local stand-in for the SSLCommerz payment gateway (API v4), which cannot be reached from here.
It speaks the documented protocol (developer.sslcommerz.com/doc/v4, and the official clients: npm
sslcommerz-lts and the PHP IPN listener SSLCommerzIPN) our adapter uses:

    POST /gwprocess/v4/api.php   form (urlencoded or multipart) {store_id, store_passwd, total_amount,
         currency, tran_id, success_url, fail_url, cancel_url, ipn_url, cus_name, cus_email, cus_phone,
         product_name, product_category, product_profile, value_a..value_d}
    -> {"status": "SUCCESS", "failedreason": "", "sessionkey", "gw", "redirectGatewayURL",
        "GatewayPageURL", "storeBanner", "storeLogo", "desc": [], ...}
       or {"status": "FAILED", "failedreason": <text>, ...} (HTTP 200, like the real one): wrong store
       credentials, a missing field, an amount outside 10.00..500000.00, a currency other than BDT, a
       url that is not http(s), a tran_id already used.
    GET  /gwprocess/v4/gw.php?Q=pay&SESSIONKEY=..   the hosted page: Pay / Fail / Cancel buttons
    POST /gwprocess/v4/gw.php?Q=pay&SESSIONKEY=..   form {outcome: success|fail|cancel}, the payer's
         choice. The IPN is POSTed (form, 10 s timeout) to ipn_url, then the browser gets a page that
         auto-submits the same fields to success_url / fail_url / cancel_url (with
         Accept: application/json: {"return_url", "fields"} instead).
    GET  /validator/api/validationserverAPI.php?val_id&store_id&store_passwd&format=json&v=1
         -> the payment, "status": "VALID" the first time, "VALIDATED" after; an unknown val_id:
         {"status": "INVALID_TRANSACTION", "APIConnect": "DONE"}; bad credentials: APIConnect
         "INVALID_REQUEST". Only successful payments have a val_id.
    GET  /validator/api/merchantTransIDvalidationAPI.php?store_id&store_passwd&format=json and
         tran_id=..          -> {"APIConnect": "DONE", "no_of_trans_found", "element": [...]}
                                (status VALID|VALIDATED|FAILED|CANCELLED, or PENDING while unpaid)
         sessionkey=..       -> that session's transaction, flat
         bank_tran_id=.., refund_amount=.., refund_remarks=.. [, refe_id=..]   a refund:
                             -> {"APIConnect": "DONE", "bank_tran_id", "trans_id", "refund_ref_id",
                                 "status": "success", "errorReason": ""}, or "status": "failed" with
                                 "errorReason" ("Refund amount exceeds" past what is left)
         refund_ref_id=..    -> {"APIConnect": "DONE", "bank_tran_id", "tran_id", "refund_ref_id",
                                 "status": "refunded", "initiated_on", "refunded_on"}
         (the validator APIs take their parameters from the query string or a form body)

The IPN and the return post carry, for a payment: status VALID, tran_date, tran_id, val_id, amount,
store_amount (amount less a 2.5 % fee), currency, bank_tran_id, card_type (BKASH-BKash), card_no,
card_issuer, card_brand, card_issuer_country, card_issuer_country_code, currency_type,
currency_amount, currency_rate, base_fair, value_a..value_d, risk_level, risk_title, store_id; for a
failure or cancellation: status FAILED|CANCELLED, tran_id, tran_date, amount, currency, error,
value_a..value_d, store_id. Then verify_key (the names signed, comma-joined, in the order sent),
verify_sign = md5 and verify_sign_sha2 = sha256 of "k=v&k=v..." over those fields plus
store_passwd=md5(the store's password), sorted by key (as SSLCommerzIPN checks it). Amounts are two-decimal
strings, computed in whole poisha.

An ipn_url on "localhost" or any "*.localhost" host (RFC 6761: the partner sites are
dhaka.localhost:8092 in development) is reached on 127.0.0.1, with the url's own Host header.

Not part of SSLCommerz, for tests and developers:
    GET  /healthz                   {"ok": true}
    GET  /ipn[?tran_id=..]          the IPNs built, oldest first: [{"url", "fields", "delivered",
                                    "status" (HTTP status, or null), "error", ...}]
    GET  /sessions?tran_id=..       the session (amount, urls, state, val_id, ...), or 404
    POST /pay/<sessionkey>          JSON {"outcome": "success"|"fail"|"cancel"}: the payer's choice,
                                    answered as with Accept: application/json
    POST /faults {"mode", "tran_id": optional}   from now on, for that tran_id (or for every one with
         "*" or none given; a tran_id's own setting wins), so parallel tests do not disturb each
         other; "none" removes the setting. Modes:
         no_ipn            the IPN is built and recorded, never sent
         duplicate_ipn     the IPN is sent twice
         ipn_after_return  the browser is answered first, the IPN sent 2 s later
         amount_mismatch   the IPN, validation and query report 1.00 less than the session's amount
         risk              risk_level "1", risk_title "Risky"
         5xx               the session, validation and query APIs answer HTTP 503
         timeout           those APIs do not answer for 30 s, then 503
         The payment modes are decided when the payer chooses; amount_mismatch and risk stay with
         that payment.

Nothing is printed to the console; the store password is neither logged nor kept with a session.

Stores: STORE_ID/STORE_PASSWD (the platform's), and any in the environment variable
SSLCOMMERZ_EXTRA_STORES ("id:password,id:password": partners' own stores). As at the real gateway,
a store sees only its own transactions: a val_id, tran_id, bank_tran_id or refund of another store
is unknown to it, and each store's IPNs are signed with its own password.

Usage: sslcommerz.py PORT STORE_ID STORE_PASSWD [LOG_FILE]   (LOG_FILE: one JSON line per IPN sent)
"""
import email.parser
import email.policy
import hashlib
import html
import http.client
import json
import os
import re
import secrets
import ssl
import string
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

PORT, STORE_ID, STORE_PASSWD = int(sys.argv[1]), sys.argv[2], sys.argv[3]
STORES = {STORE_ID: STORE_PASSWD, **dict(pair.split(":", 1) for pair in os.environ.get("SSLCOMMERZ_EXTRA_STORES", "").split(",") if ":" in pair)}
LOG = sys.argv[4] if len(sys.argv) > 4 else None
BASE = f"http://127.0.0.1:{PORT}"
GW_PATH = "/gwprocess/v4/gw.php"
AMOUNT = re.compile(r"^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$")
MIN_AMOUNT, MAX_AMOUNT = 10_00, 500000_00  # poisha
FEE_PER_MILLE = 25  # 2.5 %
MODES = {"none", "no_ipn", "duplicate_ipn", "ipn_after_return", "amount_mismatch", "risk", "5xx", "timeout"}
REQUIRED = ("total_amount", "currency", "tran_id", "success_url", "fail_url", "cancel_url", "cus_name",
            "cus_email", "cus_phone", "product_name", "product_category", "product_profile")
VALUES = ("value_a", "value_b", "value_c", "value_d")
PAID_FIELDS = ("status", "tran_date", "tran_id", "val_id", "amount", "store_amount", "currency", "bank_tran_id",
               "card_type", "card_no", "card_issuer", "card_brand", "card_issuer_country",
               "card_issuer_country_code", "currency_type", "currency_amount", "currency_rate", "base_fair",
               *VALUES, "risk_level", "risk_title", "store_id")
UNPAID_FIELDS = ("status", "tran_id", "tran_date", "amount", "currency", "error", *VALUES, "store_id")
BKASH = {"card_type": "BKASH-BKash", "card_no": "", "card_issuer": "BKash Mobile Banking",
         "card_brand": "MOBILEBANKING", "card_issuer_country": "Bangladesh", "card_issuer_country_code": "BD"}
ALNUM = string.ascii_letters + string.digits

lock = threading.Lock()
sessions = {}  # sessionkey -> session (no store password in it)
by_tran = {}  # tran_id -> sessionkey
by_val = {}  # val_id -> sessionkey
by_bank = {}  # bank_tran_id -> sessionkey
refunds = {}  # refund_ref_id -> refund
ipns = []  # every IPN built, oldest first
faults = {}  # tran_id (or "*" for every transaction) -> mode


def now():
    return time.strftime("%Y-%m-%d %H:%M:%S")


def poisha(text):
    m = AMOUNT.match(text or "")
    return int(m.group(1)) * 100 + int((m.group(2) or "0").ljust(2, "0")) if m else None


def taka(p):
    return f"{p // 100}.{p % 100:02d}"


def fee(p):
    return (p * FEE_PER_MILLE + 500) // 1000  # rounded half up, to the poisha


def rand(n):
    return "".join(secrets.choice(ALNUM) for _ in range(n))


def fault(tran_id):
    with lock:
        return faults.get(str(tran_id or ""), faults.get("*", "none"))


def store_of(params):
    """The store whose credentials these are, or None."""
    store = params.get("store_id", "")
    password = STORES.get(store)
    if password is not None and secrets.compare_digest(params.get("store_passwd", "").encode(), password.encode()):
        return store
    return None


def web_url(u):
    parts = urlsplit(u or "")
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def sign(fields):
    """fields plus verify_key, verify_sign (md5) and verify_sign_sha2, as SSLCommerzIPN checks them,
    with the password of the store the payment is for."""
    signed = dict(fields, store_passwd=hashlib.md5(STORES[fields["store_id"]].encode()).hexdigest())
    text = "&".join(f"{k}={signed[k]}" for k in sorted(signed))
    return dict(fields, verify_key=",".join(fields), verify_sign=hashlib.md5(text.encode()).hexdigest(),
                verify_sign_sha2=hashlib.sha256(text.encode()).hexdigest())


def payment_fields(s):
    """What the gateway says about a session's transaction (IPN, return post, validation, query)."""
    if s["state"] == "PENDING":
        return {"status": "PENDING", "tran_date": s["created"], "tran_id": s["tran_id"], "val_id": "",
                "amount": taka(s["amount"]), "store_amount": "", "currency": "BDT", "bank_tran_id": "",
                "card_type": "", "card_no": "", "card_issuer": "", "card_brand": "", "card_issuer_country": "",
                "card_issuer_country_code": "", "currency_type": s["currency"],
                "currency_amount": taka(s["amount"]), "currency_rate": "1.0000", "base_fair": "0.00",
                **{k: s["values"][k] for k in VALUES}, "risk_level": "", "risk_title": "", "store_id": s["store"]}
    p = s["paid"]
    if s["state"] in ("FAILED", "CANCELLED"):
        return {"status": s["state"], "tran_id": s["tran_id"], "tran_date": p["tran_date"],
                "amount": taka(s["amount"]), "currency": "BDT", "error": p["error"],
                **{k: s["values"][k] for k in VALUES}, "store_id": s["store"]}
    return {"status": s["state"], "tran_date": p["tran_date"], "tran_id": s["tran_id"], "val_id": p["val_id"],
            "amount": taka(p["amount"]), "store_amount": taka(p["amount"] - fee(p["amount"])), "currency": "BDT",
            "bank_tran_id": p["bank_tran_id"], **BKASH, "currency_type": s["currency"],
            "currency_amount": taka(p["amount"]), "currency_rate": "1.0000", "base_fair": "0.00",
            **{k: s["values"][k] for k in VALUES}, "risk_level": p["risk_level"], "risk_title": p["risk_title"],
            "store_id": s["store"]}


def session_view(s):
    return {"sessionkey": s["sessionkey"], "tran_id": s["tran_id"], "amount": taka(s["amount"]),
            "amount_sent": s["amount_sent"], "currency": s["currency"], **s["urls"], **s["values"],
            "product_name": s["product_name"], "state": s["state"], "created": s["created"],
            "val_id": (s["paid"] or {}).get("val_id", ""), "bank_tran_id": (s["paid"] or {}).get("bank_tran_id", ""),
            "validated_on": s["validated_on"],
            "refunds": [{k: v for k, v in refunds[ref].items() if k != "amount"} for ref in s["refunds"]]}


def deliver(record):
    """POSTs one IPN; records what happened. *.localhost is 127.0.0.1, keeping the url's Host."""
    url = urlsplit(record["url"])
    host = url.hostname or ""
    local = host == "localhost" or host.endswith(".localhost")
    connect = "127.0.0.1" if local else host
    port = url.port or (443 if url.scheme == "https" else 80)
    body = urlencode(record["fields"])
    status, error = None, None
    try:
        if url.scheme == "https":
            context = ssl._create_unverified_context() if local else ssl.create_default_context()
            conn = http.client.HTTPSConnection(connect, port, timeout=10, context=context)
        else:
            conn = http.client.HTTPConnection(connect, port, timeout=10)
        try:
            conn.request("POST", (url.path or "/") + (f"?{url.query}" if url.query else ""), body=body,
                         headers={"Host": url.netloc.rsplit("@", 1)[-1],
                                  "Content-Type": "application/x-www-form-urlencoded",
                                  "User-Agent": "SSLCommerz-IPN (local test gateway)"})
            response = conn.getresponse()
            response.read()
            status = response.status
        finally:
            conn.close()
    except (OSError, http.client.HTTPException) as e:
        error = f"{type(e).__name__}: {e}"
    with lock:
        record.update(sent=True, delivered=status is not None and 200 <= status < 300, status=status,
                      error=error, sent_at=now())
        if LOG:
            with open(LOG, "a", encoding="utf-8") as f:
                f.write(json.dumps(record, ensure_ascii=False) + "\n")


def new_ipn(s, fields):
    record = {"tran_id": s["tran_id"], "url": s["urls"]["ipn_url"], "fields": fields, "sent": False,
              "delivered": False, "status": None, "error": None, "built_at": now()}
    if not s["urls"]["ipn_url"]:
        record["error"] = "no ipn_url given"
    with lock:
        ipns.append(record)
    return record


def pay(key, outcome):
    """The payer's choice. Returns (http status, answer): answer has return_url and fields."""
    if outcome not in ("success", "fail", "cancel"):
        return 400, {"error": "outcome must be success, fail or cancel"}
    with lock:
        s = sessions.get(key)
        if s is None:
            return 404, {"error": "unknown session"}
        if s["state"] != "PENDING":
            return 409, {"error": f"this session is already finished ({s['state']})"}
        mode = faults.get(s["tran_id"], faults.get("*", "none"))
        paid = {"tran_date": now(), "amount": s["amount"], "error": ""}
        if outcome == "success":
            stamp = time.strftime("%y%m%d%H%M%S")
            paid.update(val_id=stamp + rand(14), bank_tran_id=stamp + rand(12), risk_level="0", risk_title="Safe")
            if mode == "amount_mismatch":
                paid["amount"] = s["amount"] - 100
            if mode == "risk":
                paid.update(risk_level="1", risk_title="Risky")
            by_val[paid["val_id"]] = key
            by_bank[paid["bank_tran_id"]] = key
            s["state"] = "VALID"
        else:
            s["state"] = "FAILED" if outcome == "fail" else "CANCELLED"
            paid["error"] = "Transaction Failed" if outcome == "fail" else "Cancelled by User"
        s["paid"] = paid
        fields = sign(payment_fields(s))
        return_url = s["urls"][{"success": "success_url", "fail": "fail_url", "cancel": "cancel_url"}[outcome]]
    record = new_ipn(s, fields)
    if s["urls"]["ipn_url"] and mode != "no_ipn":
        if mode == "ipn_after_return":
            threading.Thread(target=lambda: (time.sleep(2), deliver(record)), daemon=True).start()
        else:
            deliver(record)
            if mode == "duplicate_ipn":
                deliver(new_ipn(s, fields))
    return 200, {"return_url": return_url, "fields": fields}


def page(title, body):
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; background: #f3f5f7; margin: 0; padding: 2rem 1rem; color: #1d2733; }}
main {{ max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem;
       box-shadow: 0 1px 4px rgba(0,0,0,.12); }}
h1 {{ font-size: 1.1rem; margin: 0 0 1rem; }}
.amount {{ font-size: 2rem; font-weight: 600; margin: .5rem 0; }}
dl {{ display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; font-size: .9rem; }}
dt {{ color: #5b6775; }} dd {{ margin: 0; word-break: break-all; }}
.buttons {{ display: flex; gap: .5rem; margin-top: 1.25rem; }}
button {{ flex: 1; font-size: 1rem; padding: .7rem; border: 0; border-radius: 6px; cursor: pointer; }}
#pay {{ background: #e2136e; color: #fff; }} #fail {{ background: #fbe3e4; }} #cancel {{ background: #e6e9ed; }}
.note {{ color: #5b6775; font-size: .8rem; margin-top: 1rem; }}
</style></head>
<body><main>
{body}
</main></body></html>
"""


def hosted_page(s):
    e = html.escape
    action = e(f"{GW_PATH}?Q=pay&SESSIONKEY={s['sessionkey']}")
    return page("SSLCommerz (local test gateway)", f"""<h1>SSLCommerz (local test gateway)</h1>
<div class="amount">{e(taka(s['amount']))} {e(s['currency'])}</div>
<dl><dt>Merchant</dt><dd>{e(s['store'])}</dd><dt>Item</dt><dd>{e(s['product_name'])}</dd>
<dt>Transaction</dt><dd>{e(s['tran_id'])}</dd></dl>
<form method="post" action="{action}">
<div class="buttons">
<button type="submit" id="pay" name="outcome" value="success">Pay</button>
<button type="submit" id="fail" name="outcome" value="fail">Fail</button>
<button type="submit" id="cancel" name="outcome" value="cancel">Cancel</button>
</div></form>
<p class="note">No money moves: this stands in for the real gateway and pays with a pretend bKash wallet.</p>""")


def return_page(answer):
    e = html.escape
    inputs = "\n".join(f'<input type="hidden" name="{e(k)}" value="{e(str(v))}">' for k, v in answer["fields"].items())
    return page("Returning to the merchant", f"""<h1>Returning to the merchant…</h1>
<form method="post" action="{e(answer['return_url'])}">
{inputs}
<div class="buttons"><button type="submit" id="continue">Continue</button></div>
</form>
<script>document.forms[0].submit()</script>""")


def session_failed(reason):
    return {"status": "FAILED", "failedreason": reason, "sessionkey": "", "gw": [], "redirectGatewayURL": "",
            "directPaymentURLBank": "", "directPaymentURLCard": "", "directPaymentURL": "",
            "redirectGatewayURLFailed": "", "GatewayPageURL": "", "storeBanner": "", "storeLogo": "", "desc": [],
            "is_direct_pay_enable": "0"}


class Gateway(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # query strings carry the store password: nothing goes to the console

    def send(self, status, data, ctype):
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout fault, typically)

    def reply(self, status, body):
        self.send(status, json.dumps(body, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def html(self, status, text):
        self.send(status, text.encode(), "text/html; charset=utf-8")

    def raw_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def form(self):
        """The body's fields, urlencoded or multipart/form-data (the npm client sends the latter)."""
        ctype = self.headers.get("Content-Type", "")
        data = self.raw_body()
        if ctype.lower().startswith("multipart/form-data"):
            message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + data)
            fields = {}
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                if name:
                    fields[name] = (part.get_payload(decode=True) or b"").decode("utf-8", "replace")
            return fields
        if ctype.lower().startswith("application/json"):
            try:
                body = json.loads(data or b"{}")
            except ValueError:
                return {}
            return {str(k): str(v) for k, v in body.items()} if isinstance(body, dict) else {}
        return dict(parse_qsl(data.decode("utf-8", "replace"), keep_blank_values=True))

    def query(self):
        return dict(parse_qsl(urlsplit(self.path).query, keep_blank_values=True))

    def api_fault(self, tran_id):
        """Applies a 5xx or timeout fault for that transaction; True when the request is answered."""
        mode = fault(tran_id)
        if mode == "5xx":
            self.reply(503, {"error": "service unavailable"})
            return True
        if mode == "timeout":
            time.sleep(30)
            self.reply(503, {"error": "timed out"})
            return True
        return False

    def wants_json(self):
        return "application/json" in self.headers.get("Accept", "")

    # -- routes -------------------------------------------------------------------------------------

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/healthz":
            return self.reply(200, {"ok": True})
        if path == GW_PATH:
            with lock:
                s = sessions.get(self.query().get("SESSIONKEY", ""))
                text = hosted_page(s) if s and s["state"] == "PENDING" else None
                state = s and s["state"]
            if s is None:
                return self.html(404, page("Session not found", "<h1>Session not found</h1>"
                                           "<p>This payment session does not exist.</p>"))
            if text is None:
                return self.html(410, page("Session finished", "<h1>This payment session is finished</h1>"
                                           f"<p>Its outcome: {html.escape(state)}.</p>"))
            return self.html(200, text)
        if path == "/validator/api/validationserverAPI.php":
            return self.validation(self.query())
        if path == "/validator/api/merchantTransIDvalidationAPI.php":
            return self.transactions(self.query())
        if path == "/ipn":
            wanted = self.query().get("tran_id")
            with lock:
                found = json.loads(json.dumps([r for r in ipns if wanted is None or r["tran_id"] == wanted]))
            return self.reply(200, found)
        if path == "/sessions":
            wanted = self.query().get("tran_id", "")
            with lock:
                s = sessions.get(by_tran.get(wanted, ""))
                view = session_view(s) if s else None
            return self.reply(200, view) if view else self.reply(404, {"error": "no session for that tran_id"})
        self.reply(404, {"error": "not found"})

    def do_POST(self):
        path = urlsplit(self.path).path
        if path == "/faults":
            try:
                body = json.loads(self.raw_body() or b"{}")
            except ValueError:
                body = None
            if not isinstance(body, dict) or body.get("mode", "none") not in MODES:
                return self.reply(400, {"error": f"mode must be one of {sorted(MODES)}"})
            key, mode = str(body.get("tran_id") or "*"), body.get("mode", "none")
            with lock:
                if mode == "none":
                    faults.pop(key, None)
                else:
                    faults[key] = mode
                return self.reply(200, dict(faults))
        if path == "/gwprocess/v4/api.php":
            return self.session(self.form())
        if path == GW_PATH:
            status, answer = pay(self.query().get("SESSIONKEY", ""), self.form().get("outcome", ""))
            if self.wants_json():
                return self.reply(status, answer)
            if status != 200:
                return self.html(status, page("Payment not possible", f"<h1>{html.escape(answer['error'])}</h1>"))
            return self.html(200, return_page(answer))
        if path.startswith("/pay/"):
            try:
                body = json.loads(self.raw_body() or b"{}")
            except ValueError:
                body = None
            outcome = body.get("outcome", "") if isinstance(body, dict) else ""
            return self.reply(*pay(path[len("/pay/"):], outcome))
        if path == "/validator/api/validationserverAPI.php":
            return self.validation({**self.query(), **self.form()})
        if path == "/validator/api/merchantTransIDvalidationAPI.php":
            return self.transactions({**self.query(), **self.form()})
        self.reply(404, {"error": "not found"})

    # -- SSLCommerz APIs ----------------------------------------------------------------------------

    def session(self, f):
        tran_id = f.get("tran_id", "")
        if self.api_fault(tran_id):
            return
        store = store_of(f)
        if store is None:
            return self.reply(200, session_failed("Store Credential Error Or Store is De-active"))
        missing = [k for k in REQUIRED if not f.get(k, "").strip()]
        if missing:
            return self.reply(200, session_failed(f"Mandatory field missing: {', '.join(missing)}"))
        amount = poisha(f["total_amount"])
        if amount is None or not MIN_AMOUNT <= amount <= MAX_AMOUNT:
            return self.reply(200, session_failed(
                f"Invalid amount: total_amount must be between {taka(MIN_AMOUNT)} and {taka(MAX_AMOUNT)}"))
        if f["currency"].strip().upper() != "BDT":
            return self.reply(200, session_failed("Invalid currency: the local test gateway takes BDT only"))
        urls = {k: f.get(k, "").strip() for k in ("success_url", "fail_url", "cancel_url", "ipn_url")}
        bad = [k for k, u in urls.items() if (u or k != "ipn_url") and not web_url(u)]
        if bad:
            return self.reply(200, session_failed(f"Invalid url: {', '.join(bad)}"))
        key = secrets.token_hex(16).upper()
        with lock:
            if tran_id in by_tran:
                return self.reply(200, session_failed(f"Duplicate tran_id: {tran_id} is already used"))
            by_tran[tran_id] = key
            sessions[key] = {"sessionkey": key, "store": store, "tran_id": tran_id, "amount": amount,
                             "amount_sent": f["total_amount"], "currency": "BDT", "urls": urls,
                             "values": {k: f.get(k, "") for k in VALUES}, "product_name": f["product_name"],
                             "state": "PENDING", "created": now(), "paid": None, "validated_on": "",
                             "refunds": []}  # refund_ref_ids
        gateway = f"{BASE}{GW_PATH}?Q=pay&SESSIONKEY={key}"
        self.reply(200, {"status": "SUCCESS", "failedreason": "", "sessionkey": key,
                         "gw": {"visa": "", "master": "", "amex": "", "othercards": "", "internetbanking": "",
                                "mobilebanking": "bkash"},
                         "redirectGatewayURL": gateway, "directPaymentURLBank": "", "directPaymentURLCard": "",
                         "directPaymentURL": "", "redirectGatewayURLFailed": "", "GatewayPageURL": gateway,
                         "storeBanner": "", "storeLogo": "", "desc": [], "is_direct_pay_enable": "0"})

    def validation(self, q):
        with lock:
            key = by_val.get(q.get("val_id", ""))
            tran_id = sessions[key]["tran_id"] if key else None
        if self.api_fault(tran_id):
            return
        store = store_of(q)
        if store is None:
            return self.reply(200, {"status": "INVALID_TRANSACTION", "APIConnect": "INVALID_REQUEST"})
        if key is None or sessions[key]["store"] != store:
            return self.reply(200, {"status": "INVALID_TRANSACTION", "APIConnect": "DONE"})
        with lock:
            s = sessions[key]
            answer = payment_fields(s)
            if s["state"] == "VALID":
                s["state"], s["validated_on"] = "VALIDATED", now()
            validated_on = s["validated_on"]
        answer.pop("store_id")
        self.reply(200, {**answer, "APIConnect": "DONE", "validated_on": validated_on, "gw_version": "v4"})

    def transactions(self, q):
        with lock:
            if "refund_ref_id" in q:
                r = refunds.get(q["refund_ref_id"])
                key = by_bank.get(r["bank_tran_id"]) if r else None
            elif "bank_tran_id" in q:
                key = by_bank.get(q["bank_tran_id"])
            elif "sessionkey" in q:
                key = q["sessionkey"] if q["sessionkey"] in sessions else None
            else:
                key = by_tran.get(q.get("tran_id", ""))
            tran_id = sessions[key]["tran_id"] if key else q.get("tran_id")
        if self.api_fault(tran_id):
            return
        store = store_of(q)
        if store is None:
            return self.reply(200, {"APIConnect": "INVALID_REQUEST", "status": "INVALID_REQUEST",
                                    "errorReason": "Store Credential Error Or Store is De-active"})
        if key is not None and sessions[key]["store"] != store:
            key = None  # another store's transaction: unknown to this one
        if "refund_ref_id" in q:
            return self.refund_status(q["refund_ref_id"], key)
        if "bank_tran_id" in q:
            return self.refund(key, q)
        if "sessionkey" in q:
            if key is None:
                return self.reply(200, {"APIConnect": "DONE", "status": "INVALID_TRANSACTION",
                                        "sessionkey": q["sessionkey"]})
            with lock:
                element = self.element(sessions[key])
            return self.reply(200, {**element, "sessionkey": key})
        if "tran_id" not in q:
            return self.reply(200, {"APIConnect": "INVALID_REQUEST", "status": "INVALID_REQUEST",
                                    "errorReason": "tran_id, sessionkey, bank_tran_id or refund_ref_id is required"})
        with lock:
            found = [self.element(sessions[key])] if key else []
        self.reply(200, {"APIConnect": "DONE", "no_of_trans_found": len(found), "element": found})

    @staticmethod
    def element(s):
        f = payment_fields(s)
        keep = ("val_id", "status", "currency_type", "currency_amount", "currency_rate", "base_fair", *VALUES,
                "risk_title", "risk_level", "tran_date", "tran_id", "amount", "store_amount", "bank_tran_id",
                "card_type")
        out = {k: f.get(k, "") for k in keep}
        out.update(validated_on=s["validated_on"], APIConnect="DONE", currency="BDT")
        return out

    def refund(self, key, q):
        failed = {"APIConnect": "DONE", "bank_tran_id": q.get("bank_tran_id", ""), "trans_id": "",
                  "refund_ref_id": "", "status": "failed"}
        amount = poisha(q.get("refund_amount", ""))
        if key is None:
            return self.reply(200, {**failed, "errorReason": "Invalid bank_tran_id"})
        if not amount:
            return self.reply(200, {**failed, "errorReason": "Invalid refund_amount"})
        if not q.get("refund_remarks", "").strip():
            return self.reply(200, {**failed, "errorReason": "refund_remarks is required"})
        with lock:
            s = sessions[key]
            left = s["paid"]["amount"] - sum(refunds[ref]["amount"] for ref in s["refunds"])
            if amount > left:
                return self.reply(200, {**failed, "trans_id": s["tran_id"], "errorReason": "Refund amount exceeds"})
            ref = time.strftime("%y%m%d%H%M%S") + rand(10)
            r = {"refund_ref_id": ref, "bank_tran_id": q["bank_tran_id"], "tran_id": s["tran_id"], "amount": amount,
                 "refund_amount": taka(amount), "refund_remarks": q["refund_remarks"], "refe_id": q.get("refe_id", ""),
                 "initiated_on": now(), "refunded_on": now()}
            refunds[ref] = r
            s["refunds"].append(ref)
        self.reply(200, {"APIConnect": "DONE", "bank_tran_id": r["bank_tran_id"], "trans_id": r["tran_id"],
                         "refund_ref_id": ref, "status": "success", "errorReason": ""})

    def refund_status(self, ref, key):
        with lock:
            r = refunds.get(ref) if key is not None else None
        if r is None:
            return self.reply(200, {"APIConnect": "DONE", "refund_ref_id": ref, "status": "failed",
                                    "errorReason": "Invalid refund_ref_id"})
        self.reply(200, {"APIConnect": "DONE", "bank_tran_id": r["bank_tran_id"], "tran_id": r["tran_id"],
                         "refund_ref_id": ref, "status": "refunded", "initiated_on": r["initiated_on"],
                         "refunded_on": r["refunded_on"]})


class Server(ThreadingHTTPServer):
    # The default backlog of 5 drops connections when a site validates many payments at once,
    # and each dropped one costs the caller a 1 s SYN retry: a fault of this stand-in, not of
    # the gateway it stands in for.
    request_queue_size = 256
    daemon_threads = True


Server(("127.0.0.1", PORT), Gateway).serve_forever()
