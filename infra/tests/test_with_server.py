"""infra/scripts/with-server.sh with its local Stripe: the server it starts gets the ACADEMY_STRIPE_* settings of the
localstripe it started, and a payment made there is delivered to that server's webhook, signed with the secret the
server was given. The server here is a stand-in for `academy serve` that records what it saw."""

import json
import os
import subprocess
import sys
import textwrap

from conftest import ROOT, SCRIPTS

FAKE_ACADEMY = textwrap.dedent('''\
    #!{python}
    """`academy serve --port P --site DIR`, as far as with-server.sh and Stripe's webhook go."""
    import hashlib, hmac, json, os, sys, time
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    record = os.environ["FAKE_RECORD"]
    settings = {{k: v for k, v in os.environ.items() if k.startswith(("ACADEMY_STRIPE_", "ACADEMY_PAY_", "ACADEMY_CSP_"))}}
    with open(record + ".settings", "w") as f:
        json.dump(settings, f)

    class Api(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200 if self.path == "/api/health" else 404)
            self.end_headers()

        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            fields = dict(p.split("=", 1) for p in self.headers.get("Stripe-Signature", "").split(",") if "=" in p)
            secret = os.environ["ACADEMY_STRIPE_WEBHOOK_SECRET"].encode()
            expected = hmac.new(secret, fields.get("t", "").encode() + b"." + body, hashlib.sha256).hexdigest()
            delivery = {{"path": self.path, "signed": hmac.compare_digest(fields.get("v1", ""), expected),
                         "age": time.time() - int(fields.get("t", "0")), "type": json.loads(body)["type"]}}
            with open(record, "a") as f:
                f.write(json.dumps(delivery) + "\\n")
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[sys.argv.index("--port") + 1])), Api).serve_forever()
''')

# What the command with-server.sh runs does: pay at the localstripe it names, with the server's key, then wait for
# the server to have received the event.
PAY = textwrap.dedent('''\
    import base64, json, os, time, urllib.parse, urllib.request
    base, key = os.environ["LOCALSTRIPE_URL"], os.environ["ACADEMY_STRIPE_SECRET_KEY"]
    assert os.environ["ACADEMY_STRIPE_API_BASE"] == base
    def call(path, **params):
        request = urllib.request.Request(base + path, data=urllib.parse.urlencode(params).encode())
        request.add_header("Authorization", "Basic " + base64.b64encode((key + ":").encode()).decode())
        return json.load(urllib.request.urlopen(request, timeout=10))
    customer = call("/v1/customers", email="ayesha@example.com")["id"]
    pm = call("/v1/payment_methods", **{"type": "card", "card[number]": "4242424242424242", "card[exp_month]": "12",
                                        "card[exp_year]": "2034", "card[cvc]": "123"})["id"]
    call(f"/v1/payment_methods/{pm}/attach", customer=customer)
    intent = call("/v1/payment_intents", amount="9900", currency="usd", customer=customer, payment_method=pm, confirm="true")
    assert intent["status"] == "succeeded", intent
    # The server opens the record before it writes the line: wait for a whole line, not for the file.
    record = os.environ["FAKE_RECORD"]
    for _ in range(300):
        text = open(record).read() if os.path.exists(record) else ""
        if text.endswith("\\n"):
            print(text.strip())
            break
        time.sleep(0.1)
''')


def test_the_server_gets_its_local_stripe_and_that_stripes_events(tmp_path):
    academy = tmp_path / "academy"
    academy.write_text(FAKE_ACADEMY.format(python=sys.executable))
    academy.chmod(0o755)
    record = tmp_path / "deliveries.jsonl"
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "STRIPE_PYTHON": sys.executable, "FAKE_RECORD": str(record)}
    run = subprocess.run([str(SCRIPTS / "with-server.sh"), str(academy), sys.executable, "-c", PAY],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    [delivery] = [json.loads(line) for line in run.stdout.splitlines()]
    assert delivery["path"] == "/api/payments/stripe/webhook"
    assert delivery["type"] == "payment_intent.succeeded"
    assert delivery["signed"], "signed with the secret the server was given"
    assert delivery["age"] < 300
    settings = json.loads((tmp_path / "deliveries.jsonl.settings").read_text())
    base = settings["ACADEMY_STRIPE_API_BASE"]
    assert base.startswith("http://127.0.0.1:")
    assert settings["ACADEMY_STRIPE_JS_URL"] == base + "/js.stripe.com/v3/"
    assert settings["ACADEMY_STRIPE_SECRET_KEY"].startswith("sk_test_")
    assert settings["ACADEMY_STRIPE_PUBLISHABLE_KEY"].startswith("pk_test_")
    assert settings["ACADEMY_STRIPE_WEBHOOK_SECRET"].startswith("whsec_") and len(settings["ACADEMY_STRIPE_WEBHOOK_SECRET"]) > 20
    assert base in settings["ACADEMY_CSP_CONNECT"].split(" "), "the site's CSP may call it"
    for method in ("BANK", "JAZZCASH", "EASYPAISA"):
        assert "(demo)" in settings[f"ACADEMY_PAY_{method}"], method


def test_a_request_stripe_would_refuse_is_refused_and_reported_when_it_stops(tmp_path):
    academy = tmp_path / "academy"
    academy.write_text(FAKE_ACADEMY.format(python=sys.executable))
    academy.chmod(0o755)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "STRIPE_PYTHON": sys.executable,
           "FAKE_RECORD": str(tmp_path / "deliveries.jsonl")}
    misspelt = ('curl -s -o /dev/null -w "%{http_code}" -u "$ACADEMY_STRIPE_SECRET_KEY:" '
                '"$LOCALSTRIPE_URL/v1/customers" -d email=a@example.com -d emial=a@example.com')
    run = subprocess.run([str(SCRIPTS / "with-server.sh"), str(academy), "bash", "-c", misspelt],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout) == (0, "400"), run.stderr
    assert "localstripe: refused POST /v1/customers: Received unknown parameter: emial" in run.stderr


def test_without_localstripe_it_stops_saying_what_to_install(tmp_path):
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "STRIPE_PYTHON": "/usr/bin/false"}
    run = subprocess.run([str(SCRIPTS / "with-server.sh"), "/bin/true", "true"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "make python-tools" in run.stderr
