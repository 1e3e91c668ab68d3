#!/usr/bin/env python3
"""A local stand-in for bKash's Tokenized Checkout API (v1.2.0-beta, "Checkout URL", mode 0011), which
cannot be reached from here. It follows the bKash developer portal (developer.bka.sh: token management,
create/execute payment, query payment, search transaction, refund, error codes; the error list as
captured in api-evangelist/bkash errors/bkash-error-codes.yml) and what public clients show of the wire:
the official bKash-developer/bKash-for-woocommerce plugin (ApiComm.php, PaymentGatewaybKash.php, its
refund sample), sh0umik/bd-payment-gateway (Go response models), theihasan/laravel-bkash and
karim-007/laravel-bkash-tokenize (PHP), codeboxrcodehub/flutter-bkash (Dart models), PyPI
bkash-pgw-tokenized, and sandbox answers logged in public integrations (create/execute/grant bodies,
"2117 Payment execution already been called before", "2023 Insufficient Balance", the redirect
"?paymentID=..&status=..&signature=..&apiVersion=1.2.0-beta/"). Base URL http://127.0.0.1:PORT/v1.2.0-beta;
JSON bodies; every bKash answer is HTTP 200, success or not, unless noted (the gateway in front of
bKash answers 401/403 with {"message"} before bKash sees the call):

    POST /v1.2.0-beta/tokenized/checkout/token/grant     headers username, password;
         {app_key, app_secret} -> {"statusCode": "0000", "statusMessage": "Successful", "id_token",
         "token_type": "Bearer", "expires_in": 3600, "refresh_token"}
         wrong app_key: {"statusCode": "2001", "statusMessage": "Invalid App Key"}; unknown username:
         {"statusCode": "9999", "statusMessage": "Username does not exist"}; wrong password: 9999
         "Incorrect username or password."; wrong app_secret: 9999 "Unable to verify secret hash for client"
    POST .../token/refresh   same headers; {app_key, app_secret, refresh_token} -> as grant (a new
         id_token, the same refresh_token); an unknown refresh_token: 9999 "Invalid Refresh Token"
Every other call needs "Authorization: <id_token>" (raw, as bKash clients send it; "Bearer <id_token>" is
accepted too) and "X-App-Key: <app_key>":
         no or unknown token: HTTP 401 {"message": "Unauthorized"}; an expired one (3600 s, or the
         token_expired fault): HTTP 401 {"message": "The incoming token has expired"}; a wrong X-App-Key:
         {"statusCode": "2001", "statusMessage": "Invalid App Key"}; a body that is not a JSON object:
         2025 "Invalid request body". An unknown path: HTTP 403 {"message": "Missing Authentication
         Token"}, or with an Authorization header the AWS "Authorization header requires 'Credential'
         parameter. ..." message (as bKash-developer/pgw-merchant-backend-php issue #9 shows).
    POST .../tokenized/checkout/create   {mode: "0011", payerReference, callbackURL, amount, currency:
         "BDT", intent: "sale", merchantInvoiceNumber} -> {"statusCode": "0000", "statusMessage":
         "Successful", "paymentID", "bkashURL", "callbackURL", "successCallbackURL", "failureCallbackURL",
         "cancelledCallbackURL", "amount", "intent", "currency", "paymentCreateTime",
         "transactionStatus": "Initiated", "merchantInvoiceNumber"}
         errors: 2065 "Mandatory field missing", 2063 "Mode is not valid as per request data" (2064 "This
         product mode currently unavailable" for the agreement modes 0000/0001), 2006 "Invalid amount"
         (a decimal string > 0 with at most 2 decimals), 2007 "Invalid currency", 2008 "Invalid intent",
         2049 "Invalid Merchant Callback URL" (not http(s)), 2031 "Invalid merchant invoice number",
         2048 "Invalid Payer Reference" (over 255 characters). A repeated merchantInvoiceNumber is
         allowed: each create is a payment of its own.
    GET  /pay/<paymentID>   the bkashURL: the payer's page ("bKash (local test wallet)", amount, invoice;
         buttons #pay, #fail, #cancel posting outcome=success|fail|cancel). The browser is then sent
         (HTTP 302) to callbackURL?paymentID=<id>&status=success|failure|cancel&signature=<10 chars>
         &apiVersion=1.2.0-beta/ ("&" when callbackURL already has a query; the trailing "/" is bKash's).
         With Accept: application/json: {"return_url": ...} instead. success only means the payer
         authorised the payment: nothing is final before execute.
    POST .../tokenized/checkout/execute   {paymentID} -> for an authorised payment {"statusCode": "0000",
         "statusMessage": "Successful", "paymentID", "payerReference", "customerMsisdn": "01770618575",
         "trxID" (10 characters), "amount", "transactionStatus": "Completed", "paymentExecuteTime",
         "currency", "intent", "merchantInvoiceNumber"}
         executed already: 2117 "Payment execution already been called before" (the sandbox's words;
         the portal's list says "The payment execution has already been completed"); not authorised
         (payer failed, cancelled or never finished): 2056 "Invalid Payment State"; unknown paymentID:
         2002 "Invalid Payment ID"
    POST .../tokenized/checkout/payment/status   {paymentID} -> {"statusCode": "0000", "statusMessage",
         "paymentID", "mode", "payerReference", "paymentCreateTime", "amount", "currency", "intent",
         "merchantInvoiceNumber", "transactionStatus", "userVerificationStatus", and once completed
         "trxID", "paymentExecuteTime", "customerMsisdn"}. transactionStatus: Initiated (also while
         authorised but not executed), Completed, Failed (the payer failed), Cancelled (the payer
         cancelled); userVerificationStatus: Complete once the payer authorised, else Incomplete.
    POST .../tokenized/checkout/general/searchTransaction   {trxID} -> {"statusCode": "0000",
         "statusMessage", "trxID", "initiationTime", "completedTime", "transactionType": "bKash Tokenized
         Checkout via API", "customerMsisdn", "transactionStatus": "Completed", "amount", "currency",
         "organizationShortCode"}; an unknown trxID: 2033 "Transaction not found"
    POST .../tokenized/checkout/payment/refund
         {paymentID, amount, trxID, sku, reason} -> a refund (partial refunds add up to the amount paid):
         {"completedTime", "transactionStatus": "Completed", "originalTrxID", "refundTrxID", "amount",
         "currency": "BDT", "charge": "0.00"} (no statusCode: the official plugin's logged sample has none)
         errors: 2002 unknown paymentID, 2033 trxID not that payment's completed transaction, 2006 an
         invalid amount, 2065 sku or reason missing, 2026 "The reversal amount cannot be greater than the
         original transaction amount" (more than is left), 2034 "The transaction cannot be reversed
         because the original transaction has been reversed" (nothing left)
         {paymentID, trxID} (no amount) -> the refund status: the latest refund, same fields as above;
         none yet: 2002 "Invalid Payment ID"
Amounts are echoed as the merchant sent them (the sandbox answers "500" for "500"); amounts this
server computes (refunds, the amount_mismatch fault) are two-decimal strings; sums are kept in poisha.
Times look like bKash's: "2024-07-25T23:43:29:746 GMT+0600". No fee appears anywhere: bKash's charge
to the merchant (about 1.5 %) is settled outside these APIs.

Not part of bKash, for tests and developers:
    GET  /healthz                  {"ok": true}
    GET  /payments/<paymentID>     the stored payment (state, amounts, urls, trxID, refunds, ...), or 404
    POST /pay/<paymentID>          {"outcome": "success"|"fail"|"cancel"} (JSON or a form): the payer's
                                   choice, answered {"return_url"} with Accept: application/json, else 302
    POST /faults {"mode", "payment_id": optional}   from now on, for that payment (or for every one with
         "*" or none given; a payment's own setting wins over "*"), so parallel tests do not disturb
         each other; "none" removes only that key's setting. create, which has no paymentID yet, looks
         its merchantInvoiceNumber up as the key. Modes:
         execute_timeout  execute does its work (the payment IS completed) but answers only after 30 s:
                          the caller times out and must ask payment/status (the bKash pitfall)
         5xx              create, execute, payment/status, searchTransaction and refund answer HTTP 503
         timeout          those calls answer nothing for 30 s (then 503) and do nothing
         amount_mismatch  execute, payment/status and searchTransaction report 1.00 less than the
                          amount (it stays with a payment executed under it)
         token_expired    the next call for that payment (any call with "*") gets HTTP 401 "The
                          incoming token has expired" and its token stays expired, forcing a re-grant;
                          the setting is used up by that one call

Merchants: APP_KEY/APP_SECRET/USERNAME/PASSWORD (the platform's wallet), and any in the environment
variable BKASH_EXTRA_MERCHANTS ("username:password:app_key:app_secret,...": partners' own wallets). As at
the real gateway, a token belongs to the merchant it was granted to and is used with that merchant's app
key (another's: 2001 "Invalid App Key"), and a merchant sees only its own payments: another's paymentID
is 2002 "Invalid Payment ID" and another's trxID 2033 "Transaction not found". GET /payments/<paymentID>
names the merchant ("merchant": its username).

Nothing is printed to the console; no credential, token or secret is logged or kept with a payment.

Usage: bkash.py PORT APP_KEY APP_SECRET USERNAME PASSWORD [LOG_FILE]
       (LOG_FILE: one JSON line per payment event: created, payer's choice, executed, refunded)
"""
import base64
import html
import json
import os
import re
import secrets
import string
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

PORT, APP_KEY, APP_SECRET, USERNAME, PASSWORD = int(sys.argv[1]), *sys.argv[2:6]
LOG = sys.argv[6] if len(sys.argv) > 6 else None
# app_key -> the merchant's credentials
MERCHANTS = {APP_KEY: {"username": USERNAME, "password": PASSWORD, "app_secret": APP_SECRET}}
for entry in filter(None, os.environ.get("BKASH_EXTRA_MERCHANTS", "").split(",")):
    _user, _password, _key, _secret = entry.split(":", 3)
    MERCHANTS[_key] = {"username": _user, "password": _password, "app_secret": _secret}
BASE = f"http://127.0.0.1:{PORT}"
API = "/v1.2.0-beta/tokenized/checkout"
AMOUNT = re.compile(r"^(\d{1,9})(?:\.(\d{1,2}))?$")
TOKEN_LIFETIME = 3600  # s, as expires_in says
REFRESH_LIFETIME = 28 * 24 * 3600
CUSTOMER_MSISDN = "01770618575"  # the sandbox wallet
ORG_SHORT_CODE = "50022"
TRANSACTION_TYPE = "bKash Tokenized Checkout via API"
MODES = {"none", "execute_timeout", "5xx", "timeout", "amount_mismatch", "token_expired"}
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits
UNKNOWN_ROUTE_AUTH = ("Authorization header requires 'Credential' parameter. Authorization header requires "
                      "'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. "
                      "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.")

lock = threading.Lock()
payments = {}  # paymentID -> payment
by_trx = {}  # trxID -> paymentID
refund_ids = set()  # refundTrxIDs handed out
tokens = {}  # id_token -> {"expires", "expired", "merchant": app_key}
refresh_tokens = {}  # refresh_token -> (expiry, app_key)
faults = {}  # paymentID or merchantInvoiceNumber (or "*") -> mode


class Reply(Exception):
    """Ends a request with this answer."""

    def __init__(self, status, body):
        super().__init__(status)
        self.status, self.body = status, body


def bkash_error(code, message):
    return Reply(200, {"statusCode": code, "statusMessage": message})


def bd_time(t=None):
    """bKash's time format, Dhaka time: 2024-07-25T23:43:29:746 GMT+0600."""
    t = time.time() if t is None else t
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t + 6 * 3600)) + f":{int(t * 1000) % 1000:03d} GMT+0600"


def poisha(value):
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    m = AMOUNT.match(str(value).strip())
    return int(m.group(1)) * 100 + int((m.group(2) or "0").ljust(2, "0")) if m else None


def taka(p):
    return f"{p // 100}.{p % 100:02d}"


def rand(n, alphabet=ALNUM):
    return "".join(secrets.choice(alphabet) for _ in range(n))


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_id_token(now):
    """Looks like the Cognito JWT bKash hands out; only this server's memory makes it valid."""
    header = b64(json.dumps({"kid": rand(43), "alg": "RS256"}).encode())
    claims = b64(json.dumps({"sub": rand(36), "token_use": "id", "auth_time": int(now), "iat": int(now),
                             "exp": int(now) + TOKEN_LIFETIME}).encode())
    return f"{header}.{claims}.{b64(secrets.token_bytes(256))}"


def same(given, expected):
    return isinstance(given, str) and secrets.compare_digest(given.encode(), expected.encode())


def web_url(u):
    parts = urlsplit(u or "")
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def fault(*keys):
    """The mode set for the first of keys that has one, else the "*" mode."""
    with lock:
        for k in keys:
            if k and k in faults:
                return faults[k]
        return faults.get("*", "none")


def record(event, p, **extra):
    if LOG:
        line = {"event": event, "at": bd_time(), "paymentID": p["paymentID"],
                "merchantInvoiceNumber": p["merchantInvoiceNumber"], "state": p["state"], **extra}
        with open(LOG, "a", encoding="utf-8") as f:
            f.write(json.dumps(line, ensure_ascii=False) + "\n")


def callback(p, status):
    sep = "&" if "?" in p["callbackURL"] else "?"
    return f"{p['callbackURL']}{sep}paymentID={p['paymentID']}&status={status}&signature={p['signature']}"


def transaction_status(p):
    return "Initiated" if p["state"] == "Authorised" else p["state"]


def reported(p):
    """The amount bKash reports for the payment: as sent, or 1.00 less under amount_mismatch.
    The caller holds the lock."""
    live = faults.get(p["paymentID"], faults.get("*", "none")) == "amount_mismatch"
    if p["mismatch"] or (p["state"] != "Completed" and live):
        return taka(p["amount"] - 100)
    return p["amount_sent"]


def refunded(p):
    return sum(r["poisha"] for r in p["refunds"])


def payment_view(p):
    return {"paymentID": p["paymentID"], "state": p["state"], "transactionStatus": transaction_status(p),
            "amount": taka(p["amount"]), "amount_sent": p["amount_sent"], "currency": p["currency"],
            "intent": p["intent"], "mode": p["mode"], "payerReference": p["payerReference"],
            "merchantInvoiceNumber": p["merchantInvoiceNumber"], "callbackURL": p["callbackURL"],
            "bkashURL": p["bkashURL"], "paymentCreateTime": p["created"], "payerChoiceTime": p["chosen"],
            "trxID": p["trxID"], "paymentExecuteTime": p["executed"], "customerMsisdn": p["customerMsisdn"],
            "amount_mismatch": p["mismatch"], "refunded": taka(refunded(p)),
            "merchant": MERCHANTS[p["merchant"]]["username"],
            "refundable": taka(p["amount"] - refunded(p)) if p["trxID"] else "0.00",
            "refunds": [{k: v for k, v in r.items() if k != "poisha"} for r in p["refunds"]]}


def pay(payment_id, outcome):
    """The payer's choice on the bKash page. Returns (http status, answer with return_url)."""
    if outcome not in ("success", "fail", "cancel"):
        return 400, {"error": "outcome must be success, fail or cancel"}
    with lock:
        p = payments.get(payment_id)
        if p is None:
            return 404, {"error": "unknown paymentID"}
        if p["state"] != "Initiated":
            return 409, {"error": f"the payer has already finished with this payment ({p['state']})"}
        p["state"] = {"success": "Authorised", "fail": "Failed", "cancel": "Cancelled"}[outcome]
        p["chosen"] = bd_time()
        status = {"success": "success", "fail": "failure", "cancel": "cancel"}[outcome]
        record("payer", p, outcome=outcome)
        return 200, {"return_url": callback(p, status) + "&apiVersion=1.2.0-beta/"}


def page(title, body):
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; background: #f3f5f7; margin: 0; padding: 2rem 1rem; color: #1d2733; }}
main {{ max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem;
       box-shadow: 0 1px 4px rgba(0,0,0,.12); border-top: 6px solid #e2136e; }}
h1 {{ font-size: 1.1rem; margin: 0 0 1rem; color: #e2136e; }}
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


def hosted_page(p):
    e = html.escape
    return page("bKash (local test wallet)", f"""<h1>bKash (local test wallet)</h1>
<div class="amount">৳ {e(taka(p['amount']))}</div>
<dl><dt>Merchant</dt><dd>{e(MERCHANTS[p['merchant']]['username'])}</dd>
<dt>Invoice</dt><dd>{e(p['merchantInvoiceNumber'])}</dd>
<dt>Wallet</dt><dd>{e(CUSTOMER_MSISDN)}</dd>
<dt>Payment</dt><dd>{e(p['paymentID'])}</dd></dl>
<form method="post" action="/pay/{e(p['paymentID'])}">
<div class="buttons">
<button type="submit" id="pay" name="outcome" value="success">Pay</button>
<button type="submit" id="fail" name="outcome" value="fail">Fail</button>
<button type="submit" id="cancel" name="outcome" value="cancel">Cancel</button>
</div></form>
<p class="note">No money moves: this stands in for bKash. Pay only authorises the payment; the merchant
completes it with execute.</p>""")


class Gateway(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # headers carry tokens and passwords: nothing goes to the console

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

    def reply(self, status, body):
        self.send(status, json.dumps(body, ensure_ascii=False).encode(), "application/json;charset=UTF-8")

    def html(self, status, text, headers=()):
        self.send(status, text.encode(), "text/html; charset=utf-8", headers)

    def raw_body(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        return self.rfile.read(length) if length > 0 else b""

    def json_body(self):
        """The body as a dict, or {} when it is not a JSON object (self.bad_body tells which)."""
        try:
            body = json.loads(self.raw_body() or b"{}")
        except ValueError:
            body = None
        self.bad_body = not isinstance(body, dict)
        return {} if self.bad_body else body

    def body_ok(self):
        """bKash's own check, after the gateway's: raises 2025 for a body that is not a JSON object."""
        if self.bad_body:
            raise bkash_error("2025", "Invalid request body")

    def wants_json(self):
        return "application/json" in self.headers.get("Accept", "")

    # -- routes -------------------------------------------------------------------------------------

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/healthz":
            return self.reply(200, {"ok": True})
        if path.startswith("/payments/"):
            with lock:
                p = payments.get(path[len("/payments/"):])
                view = payment_view(p) if p else None
            return self.reply(200, view) if view else self.reply(404, {"error": "unknown paymentID"})
        if path.startswith("/pay/"):
            with lock:
                p = payments.get(path[len("/pay/"):])
                text = hosted_page(p) if p and p["state"] == "Initiated" else None
                state = p and transaction_status(p)
            if p is None:
                return self.html(404, page("Payment not found", "<h1>Payment not found</h1>"
                                           "<p>This bKash payment does not exist.</p>"))
            if text is None:
                return self.html(410, page("Payment finished", "<h1>This payment is finished</h1>"
                                           f"<p>Its status: {html.escape(state)}.</p>"))
            return self.html(200, text)
        self.unknown_route()

    def do_POST(self):
        path = urlsplit(self.path).path
        if path == "/faults":
            try:
                body = json.loads(self.raw_body() or b"{}")
            except ValueError:
                body = None
            if not isinstance(body, dict) or body.get("mode", "none") not in MODES:
                return self.reply(400, {"error": f"mode must be one of {sorted(MODES)}"})
            key, mode = str(body.get("payment_id") or "*"), body.get("mode", "none")
            with lock:
                if mode == "none":
                    faults.pop(key, None)
                else:
                    faults[key] = mode
                return self.reply(200, dict(faults))
        if path.startswith("/pay/"):
            return self.payer_choice(path[len("/pay/"):])
        routes = {f"{API}/token/grant": self.grant, f"{API}/token/refresh": self.refresh,
                  f"{API}/create": self.create, f"{API}/execute": self.execute,
                  f"{API}/payment/status": self.status, f"{API}/general/searchTransaction": self.search,
                  f"{API}/payment/refund": self.refund}
        handler = routes.get(path)
        if handler is None:
            return self.unknown_route()
        try:
            handler()
        except Reply as r:
            self.reply(r.status, r.body)

    def unknown_route(self):
        """What API Gateway says for a resource it does not have."""
        if self.headers.get("Authorization"):
            return self.reply(403, {"message": UNKNOWN_ROUTE_AUTH})
        self.reply(403, {"message": "Missing Authentication Token"})

    def payer_choice(self, payment_id):
        data = self.raw_body()
        if self.headers.get("Content-Type", "").lower().startswith("application/json"):
            try:
                body = json.loads(data or b"{}")
            except ValueError:
                body = None
            outcome = body.get("outcome", "") if isinstance(body, dict) else ""
        else:
            outcome = dict(parse_qsl(data.decode("utf-8", "replace"))).get("outcome", "")
        status, answer = pay(payment_id, outcome)
        if self.wants_json() or self.headers.get("Content-Type", "").lower().startswith("application/json"):
            return self.reply(status, answer)
        if status != 200:
            return self.html(status, page("Payment not possible", f"<h1>{html.escape(answer['error'])}</h1>"))
        url = answer["return_url"]
        self.html(302, page("Returning to the merchant", f'<p><a href="{html.escape(url)}">Continue</a></p>'),
                  headers=[("Location", url)])

    # -- checks shared by the payment APIs --------------------------------------------------------------

    def slow_or_down(self, *keys):
        """The 5xx and timeout faults; raises the answer when one applies."""
        mode = fault(*keys)
        if mode == "5xx":
            raise Reply(503, {"message": "Service Unavailable"})
        if mode == "timeout":
            time.sleep(30)
            raise Reply(503, {"message": "Service Unavailable"})

    def authorise(self, *keys):
        """The gateway's token check, then bKash's app key check; answers the merchant's app key."""
        given = self.headers.get("Authorization", "").strip()
        if given.lower().startswith("bearer "):
            given = given[7:].strip()
        with lock:
            t = tokens.get(given) if given else None
            if t is None:
                raise Reply(401, {"message": "Unauthorized"})
            if t["expired"] or time.time() >= t["expires"]:
                raise Reply(401, {"message": "The incoming token has expired"})
            key = next((k for k in keys if k and faults.get(k) == "token_expired"), None)
            if key is None and faults.get("*") == "token_expired" and not any(k in faults for k in keys if k):
                key = "*"
            if key is not None:
                faults.pop(key)
                t["expired"] = True
                raise Reply(401, {"message": "The incoming token has expired"})
            merchant = t["merchant"]
        if not same(self.headers.get("X-App-Key", ""), merchant):
            raise bkash_error("2001", "Invalid App Key")
        return merchant

    @staticmethod
    def find(payment_id, merchant):
        p = payments.get(payment_id) if isinstance(payment_id, str) else None
        if p is None or p["merchant"] != merchant:
            raise bkash_error("2002", "Invalid Payment ID")
        return p

    # -- token APIs -------------------------------------------------------------------------------------

    def check_credentials(self, body):
        """The merchant (its app key) these credentials are, or a bKash refusal."""
        key = body.get("app_key")
        m = MERCHANTS.get(key) if isinstance(key, str) else None
        if m is None:
            raise bkash_error("2001", "Invalid App Key")
        if not same(self.headers.get("username", ""), m["username"]):
            raise bkash_error("9999", "Username does not exist")
        if not same(self.headers.get("password", ""), m["password"]):
            raise bkash_error("9999", "Incorrect username or password.")
        if not same(body.get("app_secret"), m["app_secret"]):
            raise bkash_error("9999", "Unable to verify secret hash for client")
        return key

    def issue(self, refresh_token, merchant):
        now = time.time()
        id_token = new_id_token(now)
        with lock:
            tokens[id_token] = {"expires": now + TOKEN_LIFETIME, "expired": False, "merchant": merchant}
            refresh_tokens.setdefault(refresh_token, (now + REFRESH_LIFETIME, merchant))
        self.reply(200, {"statusCode": "0000", "statusMessage": "Successful", "id_token": id_token,
                         "token_type": "Bearer", "expires_in": TOKEN_LIFETIME, "refresh_token": refresh_token})

    def grant(self):
        body = self.json_body()
        self.body_ok()
        merchant = self.check_credentials(body)
        self.issue(f"{b64(secrets.token_bytes(48))}.{b64(secrets.token_bytes(12))}.{b64(secrets.token_bytes(600))}", merchant)

    def refresh(self):
        body = self.json_body()
        self.body_ok()
        merchant = self.check_credentials(body)
        given = body.get("refresh_token")
        with lock:
            expiry, owner = refresh_tokens.get(given, (None, None)) if isinstance(given, str) else (None, None)
        if expiry is None or owner != merchant or time.time() >= expiry:
            raise bkash_error("9999", "Invalid Refresh Token")
        self.issue(given, merchant)

    # -- payment APIs -----------------------------------------------------------------------------------

    def create(self):
        body = self.json_body()
        invoice = body.get("merchantInvoiceNumber")
        self.slow_or_down(invoice if isinstance(invoice, str) else None)
        merchant = self.authorise(invoice if isinstance(invoice, str) else None)
        self.body_ok()
        required = ("mode", "payerReference", "callbackURL", "amount", "currency", "intent", "merchantInvoiceNumber")
        if any(body.get(k) is None or (k != "payerReference" and str(body.get(k)).strip() == "") for k in required):
            raise bkash_error("2065", "Mandatory field missing")
        mode = str(body["mode"])
        if mode in ("0000", "0001"):
            raise bkash_error("2064", "This product mode currently unavailable")
        if mode != "0011":
            raise bkash_error("2063", "Mode is not valid as per request data")
        amount = poisha(body["amount"])
        if not amount:
            raise bkash_error("2006", "Invalid amount")
        if str(body["currency"]) != "BDT":
            raise bkash_error("2007", "Invalid currency")
        if str(body["intent"]) != "sale":
            raise bkash_error("2008", "Invalid intent")
        if not isinstance(body["callbackURL"], str) or not web_url(body["callbackURL"].strip()):
            raise bkash_error("2049", "Invalid Merchant Callback URL")
        if not isinstance(invoice, str) or len(invoice) > 255:
            raise bkash_error("2031", "Invalid merchant invoice number")
        if not isinstance(body["payerReference"], str) or len(body["payerReference"]) > 255:
            raise bkash_error("2048", "Invalid Payer Reference")
        with lock:
            payment_id = "TR0011" + rand(7) + str(int(time.time() * 1000))
            while payment_id in payments:
                payment_id = "TR0011" + rand(7) + str(int(time.time() * 1000))
            p = {"paymentID": payment_id, "amount": amount, "amount_sent": str(body["amount"]).strip(),
                 "currency": "BDT", "intent": "sale", "mode": "0011", "payerReference": body["payerReference"],
                 "merchantInvoiceNumber": invoice, "callbackURL": body["callbackURL"].strip(),
                 "bkashURL": f"{BASE}/pay/{payment_id}", "signature": rand(10), "state": "Initiated",
                 "created": bd_time(), "chosen": None, "trxID": None, "executed": None, "customerMsisdn": None,
                 "mismatch": False, "refunds": [], "merchant": merchant}
            payments[payment_id] = p
            record("created", p, amount=p["amount_sent"])
            answer = {"statusCode": "0000", "statusMessage": "Successful", "paymentID": payment_id,
                      "bkashURL": p["bkashURL"], "callbackURL": p["callbackURL"],
                      "successCallbackURL": callback(p, "success"), "failureCallbackURL": callback(p, "failure"),
                      "cancelledCallbackURL": callback(p, "cancel"), "amount": p["amount_sent"], "intent": "sale",
                      "currency": "BDT", "paymentCreateTime": p["created"], "transactionStatus": "Initiated",
                      "merchantInvoiceNumber": invoice}
        self.reply(200, answer)

    def execute(self):
        body = self.json_body()
        payment_id = body.get("paymentID")
        key = payment_id if isinstance(payment_id, str) else None
        self.slow_or_down(key)
        merchant = self.authorise(key)
        self.body_ok()
        mode = fault(key)
        with lock:
            p = self.find(payment_id, merchant)
            if p["state"] == "Completed":
                answer = {"statusCode": "2117", "statusMessage": "Payment execution already been called before"}
            elif p["state"] != "Authorised":
                answer = {"statusCode": "2056", "statusMessage": "Invalid Payment State"}
            else:
                trx = rand(10, UPPER)
                while trx in by_trx:
                    trx = rand(10, UPPER)
                p.update(state="Completed", trxID=trx, executed=bd_time(), customerMsisdn=CUSTOMER_MSISDN,
                         mismatch=mode == "amount_mismatch")
                by_trx[trx] = p["paymentID"]
                record("executed", p, trxID=trx, amount=p["amount_sent"])
                answer = {"statusCode": "0000", "statusMessage": "Successful", "paymentID": p["paymentID"],
                          "payerReference": p["payerReference"], "customerMsisdn": CUSTOMER_MSISDN, "trxID": trx,
                          "amount": reported(p), "transactionStatus": "Completed",
                          "paymentExecuteTime": p["executed"], "currency": "BDT", "intent": "sale",
                          "merchantInvoiceNumber": p["merchantInvoiceNumber"]}
        if mode == "execute_timeout":
            time.sleep(30)  # done, but the caller has given up by now
        self.reply(200, answer)

    def status(self):
        body = self.json_body()
        payment_id = body.get("paymentID")
        key = payment_id if isinstance(payment_id, str) else None
        self.slow_or_down(key)
        merchant = self.authorise(key)
        self.body_ok()
        with lock:
            p = self.find(payment_id, merchant)
            answer = {"statusCode": "0000", "statusMessage": "Successful", "paymentID": p["paymentID"],
                      "mode": p["mode"], "payerReference": p["payerReference"], "paymentCreateTime": p["created"],
                      "amount": reported(p), "currency": "BDT", "intent": "sale",
                      "merchantInvoiceNumber": p["merchantInvoiceNumber"], "transactionStatus": transaction_status(p),
                      "userVerificationStatus":
                          "Complete" if p["state"] in ("Authorised", "Completed") else "Incomplete"}
            if p["state"] == "Completed":
                answer.update(trxID=p["trxID"], paymentExecuteTime=p["executed"], customerMsisdn=p["customerMsisdn"])
        self.reply(200, answer)

    def search(self):
        body = self.json_body()
        trx = body.get("trxID")
        with lock:
            payment_id = by_trx.get(trx) if isinstance(trx, str) else None
        self.slow_or_down(payment_id)
        merchant = self.authorise(payment_id)
        self.body_ok()
        if payment_id is None or payments[payment_id]["merchant"] != merchant:
            raise bkash_error("2033", "Transaction not found")
        with lock:
            p = payments[payment_id]
            answer = {"statusCode": "0000", "statusMessage": "Successful", "trxID": p["trxID"],
                      "initiationTime": p["executed"], "completedTime": p["executed"],
                      "transactionType": TRANSACTION_TYPE, "customerMsisdn": p["customerMsisdn"],
                      "transactionStatus": "Completed", "amount": reported(p), "currency": "BDT",
                      "organizationShortCode": ORG_SHORT_CODE}
        self.reply(200, answer)

    def refund(self):
        body = self.json_body()
        payment_id = body.get("paymentID")
        key = payment_id if isinstance(payment_id, str) else None
        self.slow_or_down(key)
        merchant = self.authorise(key)
        self.body_ok()
        with lock:
            answer = self.refund_locked(body, merchant)
        self.reply(200, answer)

    def refund_locked(self, body, merchant):
        """A refund, or with no amount given the refund status. The caller holds the lock."""
        p = self.find(body.get("paymentID"), merchant)
        if not p["trxID"] or body.get("trxID") != p["trxID"]:
            raise bkash_error("2033", "Transaction not found")
        if "amount" not in body:  # the refund status call
            if not p["refunds"]:
                raise bkash_error("2002", "Invalid Payment ID")
            return self.refund_answer(p, p["refunds"][-1])
        amount = poisha(body.get("amount"))
        if not amount:
            raise bkash_error("2006", "Invalid amount")
        sku, reason = body.get("sku"), body.get("reason")
        if not all(isinstance(v, str) and v.strip() and len(v) <= 255 for v in (sku, reason)):
            raise bkash_error("2065", "Mandatory field missing")
        left = p["amount"] - refunded(p)
        if left <= 0:
            raise bkash_error("2034", "The transaction cannot be reversed because the original transaction has "
                                      "been reversed")
        if amount > left:
            raise bkash_error("2026", "The reversal amount cannot be greater than the original transaction amount")
        ref = rand(10, UPPER)
        while ref in by_trx or ref in refund_ids:
            ref = rand(10, UPPER)
        refund_ids.add(ref)
        r = {"refundTrxID": ref, "poisha": amount, "amount": taka(amount), "sku": sku, "reason": reason,
             "completedTime": bd_time()}
        p["refunds"].append(r)
        record("refunded", p, trxID=p["trxID"], refundTrxID=ref, amount=r["amount"])
        return self.refund_answer(p, r)

    @staticmethod
    def refund_answer(p, r):
        return {"completedTime": r["completedTime"], "transactionStatus": "Completed", "originalTrxID": p["trxID"],
                "refundTrxID": r["refundTrxID"], "amount": r["amount"], "currency": "BDT", "charge": "0.00"}


class Server(ThreadingHTTPServer):
    # The default backlog of 5 drops connections when a site pays many orders at once, and each
    # dropped one costs the caller a 1 s SYN retry: a fault of this stand-in, not of bKash.
    request_queue_size = 256
    daemon_threads = True


Server(("127.0.0.1", PORT), Gateway).serve_forever()
