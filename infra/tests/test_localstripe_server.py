"""infra/scripts/localstripe_server.py: the local Stripe API of `make dev` and with-server.sh. Its webhook is
delivered signed as Stripe signs (what /api/payments/stripe/webhook checks), requests Stripe would refuse are
refused with Stripe's error, and its state is its own."""

import base64
import hashlib
import hmac
import json
import queue
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlencode

import pytest

from conftest import SCRIPTS, free_port

SECRET = "whsec_test_academy"
KEY = "sk_test_local"


class Receiver:
    """A webhook endpoint: every delivery's headers and body, in order."""

    def __init__(self):
        deliveries = self.deliveries = queue.Queue()

        class Hook(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                deliveries.put((self.path, dict(self.headers), body))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/payments/stripe/webhook"

    def next(self, timeout=10):
        return self.deliveries.get(timeout=timeout)


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.server.shutdown()


class Stripe:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"

    def call(self, method, path, params=(), key=KEY):
        data = urlencode(list(params)).encode() if method == "POST" else None
        url = self.base + path + ("?" + urlencode(list(params)) if method != "POST" and params else "")
        request = urllib.request.Request(url, data=data, method=method)
        if key:
            request.add_header("Authorization", "Basic " + base64.b64encode(f"{key}:".encode()).decode())
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def card(self, number, customer):
        status, pm = self.call("POST", "/v1/payment_methods", [
            ("type", "card"), ("card[number]", number), ("card[exp_month]", "12"), ("card[exp_year]", "2034"), ("card[cvc]", "123"),
        ])
        assert status == 200, pm
        return pm["id"], self.call("POST", f"/v1/payment_methods/{pm['id']}/attach", [("customer", customer)])


@pytest.fixture
def start(tmp_path):
    started = []

    def run(*args):
        port = free_port()
        log = open(tmp_path / f"localstripe-{port}.log", "w+")
        process = subprocess.Popen([sys.executable, str(SCRIPTS / "localstripe_server.py"), "--port", str(port), *args],
                                   stdout=log, stderr=subprocess.STDOUT)
        started.append(process)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/js.stripe.com/v3/", timeout=1)
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    raise RuntimeError(f"localstripe_server.py did not start: {log.read()}")
                time.sleep(0.1)
        return process, Stripe(port)

    yield run
    for process in started:
        process.terminate()
        process.wait(10)


def signed_by(headers, body, secret):
    """Stripe's scheme: t=<unix time>,v1=hex(HMAC-SHA256(secret, "<t>.<body>"))."""
    fields = dict(part.split("=", 1) for part in headers["Stripe-Signature"].split(","))
    expected = hmac.new(secret.encode(), f"{fields['t']}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(fields["v1"], expected) and abs(time.time() - int(fields["t"])) < 300


def test_a_card_payment_is_delivered_to_the_webhook_signed_with_its_secret(start, receiver):
    _, stripe = start("--webhook", receiver.url, "--secret", SECRET, "--validate")
    _, customer = stripe.call("POST", "/v1/customers", [("email", "ayesha@example.com")])
    pm, (status, _) = stripe.card("4242424242424242", customer["id"])
    assert status == 200
    status, intent = stripe.call("POST", "/v1/payment_intents", [
        ("amount", "9900"), ("currency", "usd"), ("customer", customer["id"]), ("payment_method", pm),
        ("confirm", "true"), ("off_session", "true"), ("metadata[paymentId]", "pay_1"),
    ])
    assert (status, intent["status"]) == (200, "succeeded"), intent
    path, headers, body = receiver.next()
    assert path == "/api/payments/stripe/webhook"
    assert signed_by(headers, body, SECRET)
    assert not signed_by(headers, body, "whsec_another")
    event = json.loads(body)
    assert event["type"] == "payment_intent.succeeded"
    assert event["data"]["object"]["id"] == intent["id"]
    assert event["data"]["object"]["metadata"] == {"paymentId": "pay_1"}


def test_a_declined_renewal_is_delivered_as_payment_failed_and_other_events_are_not_sent(start, receiver):
    _, stripe = start("--webhook", receiver.url, "--secret", SECRET)
    _, customer = stripe.call("POST", "/v1/customers", [("email", "bilal@example.com")])  # customer.created: not sent
    # 4000 0000 0000 0002 is refused when it is saved; 4000 0000 0000 0341 is saved and then declined.
    _, (status, refused) = stripe.card("4000000000000002", customer["id"])
    assert (status, refused["error"]["code"]) == (402, "card_declined")
    pm, (status, _) = stripe.card("4000000000000341", customer["id"])
    assert status == 200
    status, answer = stripe.call("POST", "/v1/payment_intents", [
        ("amount", "9900"), ("currency", "usd"), ("customer", customer["id"]), ("payment_method", pm),
        ("confirm", "true"), ("off_session", "true"),
    ])
    assert (status, answer["error"]["code"]) == (402, "card_declined"), answer
    _, headers, body = receiver.next()
    assert signed_by(headers, body, SECRET)
    assert json.loads(body)["type"] == "payment_intent.payment_failed"
    with pytest.raises(queue.Empty):
        receiver.next(timeout=2)


def test_validate_refuses_what_stripe_would_refuse_as_stripe_does(start):
    _, stripe = start("--validate")
    status, answer = stripe.call("POST", "/v1/customers", [("email", "a@example.com"), ("emial", "a@example.com")])
    assert status == 400
    assert answer == {"error": {"type": "invalid_request_error", "code": "parameter_unknown", "param": "emial",
                                "message": "Received unknown parameter: emial"}}
    status, answer = stripe.call("POST", "/v1/refunds", [("payment_intent", "pi_1"), ("reason", "because")])
    assert (status, answer["error"]["code"], answer["error"]["param"]) == (400, "parameter_invalid", "reason")
    status, answer = stripe.call("POST", "/v1/payment_intents", [("currency", "usd")])
    assert (status, answer["error"]["code"], answer["error"]["param"]) == (400, "parameter_missing", "amount")
    status, answer = stripe.call("GET", "/v1/payment_intents/pi_1", [("expand", "latest_charge")])
    assert (status, answer["error"]["param"]) == (400, "expand")
    # Valid for Stripe, so it reaches localstripe (which answers for itself: an unknown intent is 404).
    status, answer = stripe.call("GET", "/v1/payment_intents/pi_1", [("expand[]", "latest_charge")])
    assert status == 404, answer
    # The browser's calls (a publishable key, Stripe.js's own parameters) are not the server's to check.
    status, answer = stripe.call("POST", "/v1/tokens", [("key", "pk_test_local"), ("card[number]", "4242424242424242"),
                                                        ("card[exp_month]", "12"), ("card[exp_year]", "2034"),
                                                        ("card[cvc]", "123"), ("payment_user_agent", "stripe.js")], key=None)
    assert status == 200, answer


def test_without_validate_localstripe_answers_for_itself(start):
    _, stripe = start()
    status, answer = stripe.call("POST", "/v1/customers", [("emial", "a@example.com")])
    assert status == 400 and "parameter_unknown" not in json.dumps(answer), answer


def test_state_is_kept_in_its_own_file_only_when_asked(start, tmp_path):
    state = tmp_path / "localstripe.pickle"
    process, stripe = start("--state", str(state))
    _, customer = stripe.call("POST", "/v1/customers", [("email", "kept@example.com")])
    process.terminate()
    process.wait(10)
    assert state.exists()
    _, stripe = start("--state", str(state))
    status, again = stripe.call("GET", f"/v1/customers/{customer['id']}")
    assert (status, again["email"]) == (200, "kept@example.com")
    _, empty = start()
    status, _ = empty.call("GET", f"/v1/customers/{customer['id']}")
    assert status == 404


def test_an_unreadable_state_file_is_replaced_not_fatal(start, tmp_path):
    state = tmp_path / "localstripe.pickle"
    state.write_bytes(b"not a pickle")
    _, stripe = start("--state", str(state))
    status, customer = stripe.call("POST", "/v1/customers", [("email", "fresh@example.com")])
    assert status == 200
    assert state.read_bytes() != b"not a pickle"
