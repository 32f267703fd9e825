"""infra/scripts/stripe_params.py: Stripe requests checked against stripe-python's params types (the
published OpenAPI description, API 2024-06-20), as the Rust tests use it for every request the payments
client sends."""

import json
import subprocess
import sys
from urllib.parse import urlencode

import pytest
import stripe

import stripe_params
from conftest import SCRIPTS

# What the payments client sends, as the contract describes the flows (docs/OPERATIONS.md#payments).
CHECKOUT_INTENT = urlencode([
    ("amount", "9900"),
    ("currency", "usd"),
    ("customer", "cus_Q1"),
    ("payment_method_types[]", "card"),
    ("setup_future_usage", "off_session"),
    ("description", "MERN Stack, batch 07: basic, month 1 of 4"),
    ("receipt_email", "ayesha@example.com"),
    ("metadata[paymentId]", "pay_1"),
    ("metadata[planId]", "plan_1"),
    ("payment_method_options[card][request_three_d_secure]", "automatic"),
    ("expand[]", "latest_charge"),
])
RENEWAL = urlencode([
    ("amount", "9900"), ("currency", "usd"), ("customer", "cus_Q1"), ("payment_method", "pm_1"),
    ("off_session", "true"), ("confirm", "true"), ("metadata[paymentId]", "pay_2"),
])


def test_a_checkout_payment_intent_as_the_client_sends_it_is_valid():
    assert stripe_params.problems("POST", "/v1/payment_intents", CHECKOUT_INTENT) == []
    assert stripe_params.problems("POST", "/v1/payment_intents", RENEWAL) == []


@pytest.mark.parametrize(
    ("method", "path", "encoded"),
    [
        ("POST", "/v1/customers", "email=ayesha%40example.com&name=Ayesha+Khan&phone=%2B923001234567&metadata[email]=x"),
        ("POST", "/v1/setup_intents", "customer=cus_Q1&usage=off_session&payment_method_types[]=card&metadata[planId]=p"),
        ("POST", "/v1/setup_intents/seti_1/confirm", "payment_method=pm_1"),
        ("POST", "/v1/payment_intents/pi_1/confirm", "payment_method=pm_1&off_session=true"),
        ("POST", "/v1/payment_intents/pi_1", "metadata[enrolled]=true&description=x"),
        ("POST", "/v1/payment_intents/pi_1/cancel", "cancellation_reason=abandoned"),
        ("GET", "/v1/payment_intents/pi_1", "expand[]=latest_charge&expand[]=payment_method"),
        ("GET", "/v1/setup_intents/seti_1", "expand[0]=payment_method"),
        ("GET", "/v1/charges/ch_1", ""),
        ("GET", "/v1/balance_transactions", "created[gte]=1764547200&limit=100&starting_after=txn_1"),
        ("POST", "/v1/refunds", "payment_intent=pi_1&reason=requested_by_customer&metadata[paymentId]=pay_1"),
        ("POST", "/v1/payment_methods", "type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2034&card[cvc]=123"),
        ("POST", "/v1/payment_methods/pm_1/attach", "customer=cus_Q1"),
        ("POST", "/v1/customers/cus_Q1", "invoice_settings[default_payment_method]=pm_1"),
        ("DELETE", "/v1/customers/cus_Q1", ""),
    ],
)
def test_the_operations_payments_uses_take_their_parameters(method, path, encoded):
    assert stripe_params.problems(method, path, encoded) == []


@pytest.mark.parametrize(
    ("method", "path", "encoded", "problem"),
    [
        # A misspelt key, at the top and deep down: what Stripe answers 400 parameter_unknown for.
        ("POST", "/v1/payment_intents", CHECKOUT_INTENT.replace("receipt_email", "receipt_mail"),
         "Received unknown parameter: receipt_mail"),
        ("POST", "/v1/payment_intents", CHECKOUT_INTENT.replace("request_three_d_secure", "request_three_d_secur"),
         "Received unknown parameter: payment_method_options[card][request_three_d_secur]"),
        ("POST", "/v1/payment_methods", "type=card&card[numbr]=4242424242424242",
         "Received unknown parameter: card[numbr]"),
        # Valid on one operation, not on another: a refund is not made with an amount_to_refund, nor a retrieve with metadata.
        ("POST", "/v1/refunds", "payment_intent=pi_1&amount_to_refund=100", "Received unknown parameter: amount_to_refund"),
        ("GET", "/v1/payment_intents/pi_1", "metadata[x]=y", "Received unknown parameter: metadata"),
        ("POST", "/v1/payment_intents/pi_1/confirm", "off_session=true&confirm=true", "Received unknown parameter: confirm"),
        # Values: an enum's members, booleans, integers.
        ("POST", "/v1/refunds", "payment_intent=pi_1&reason=because", "Invalid reason: must be one of 'duplicate', 'fraudulent', 'requested_by_customer' (got 'because')"),
        ("POST", "/v1/payment_intents", RENEWAL.replace("confirm=true", "confirm=yes"), "Invalid boolean: confirm must be true or false (got 'yes')"),
        ("POST", "/v1/payment_intents", CHECKOUT_INTENT.replace("amount=9900", "amount=99.00"), "Invalid integer: amount (got '99.00')"),
        # Shapes: a list without [], an object given a value, a required parameter left out.
        ("GET", "/v1/payment_intents/pi_1", "expand=latest_charge", "Invalid array: expand is a list (expand[]=… or expand[0]=…)"),
        ("POST", "/v1/payment_intents", "amount=1&currency=usd&metadata=x", "Invalid object: metadata takes keys (metadata[key]=…)"),
        ("POST", "/v1/payment_intents", "currency=usd", "Missing required param: amount"),
        ("POST", "/v1/payment_intents", "amount=1&currency=usd&shipping[name]=A", "Missing required param: shipping[address]"),
        # No such operation.
        ("POST", "/v1/payment_intent", "amount=1", "Unrecognized request URL (POST: /v1/payment_intent): no such operation in stripe-python 10.12.1"),
        ("DELETE", "/v1/customers/cus_Q1", "expand[]=x", "Received unknown parameter: expand"),
    ],
)
def test_what_stripe_would_refuse_is_reported(method, path, encoded, problem):
    assert problem in stripe_params.problems(method, path, encoded)


def test_every_problem_of_a_request_is_reported_not_only_the_first():
    encoded = CHECKOUT_INTENT.replace("receipt_email", "receipt_mail").replace("automatic", "sometimes")
    found = stripe_params.problems("POST", "/v1/payment_intents", encoded)
    assert len(found) == 2, found


def test_the_services_types_are_the_resources_types():
    """The services (which name the paths) and the resource classes (stripe.PaymentIntent.CreateParams) carry
    the same fields, the resources' adding only the client's request options (api_key, idempotency_key…)."""
    options = set(stripe.RequestOptions.__annotations__)
    pairs = [
        (stripe.PaymentIntent.CreateParams, ("POST", "/v1/payment_intents")),
        (stripe.PaymentIntent.ConfirmParams, ("POST", "/v1/payment_intents/pi_1/confirm")),
        (stripe.PaymentIntent.ModifyParams, ("POST", "/v1/payment_intents/pi_1")),
        (stripe.PaymentIntent.RetrieveParams, ("GET", "/v1/payment_intents/pi_1")),
        (stripe.SetupIntent.CreateParams, ("POST", "/v1/setup_intents")),
        (stripe.Customer.CreateParams, ("POST", "/v1/customers")),
        (stripe.Refund.CreateParams, ("POST", "/v1/refunds")),
    ]
    for resource, (method, path) in pairs:
        service = stripe_params.operation(method, path)
        assert set(resource.__annotations__) - options == set(service.__annotations__), resource.__qualname__


def test_the_routes_prefer_a_literal_path_to_a_placeholder():
    assert stripe_params.operation("GET", "/v1/payment_intents/search").__qualname__ == "PaymentIntentService.SearchParams"
    assert stripe_params.operation("GET", "/v1/payment_intents/pi_1").__qualname__ == "PaymentIntentService.RetrieveParams"
    assert stripe_params.operation("GET", "/v1/payment_intents/pi_1?expand[]=x").__qualname__ == "PaymentIntentService.RetrieveParams"
    assert stripe_params.operation("PUT", "/v1/payment_intents/pi_1") is None


def test_encoded_keys_are_read_as_stripe_nests_them():
    assert stripe_params.parse("a[b][c]=1&expand[]=x&items[0][price]=p&blank=") == [
        (["a", "b", "c"], "1"), (["expand", ""], "x"), (["items", "0", "price"], "p"), (["blank"], ""),
    ]


def run(*args, stdin=""):
    return subprocess.run([sys.executable, str(SCRIPTS / "stripe_params.py"), *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_command_exits_1_with_one_line_per_problem_and_0_when_valid(tmp_path):
    good = run("POST", "/v1/payment_intents", CHECKOUT_INTENT)
    assert (good.returncode, good.stdout) == (0, ""), good.stderr
    bad = run("POST", "/v1/refunds", stdin="payment_intent=pi_1&resaon=duplicate\n")
    assert bad.returncode == 1
    assert bad.stdout == "POST /v1/refunds: Received unknown parameter: resaon\n"
    lines = tmp_path / "requests.jsonl"
    requests = [
        {"method": "POST", "path": "/v1/payment_intents", "body": RENEWAL},
        {"method": "GET", "path": "/v1/payment_intents/pi_1?expand[]=latest_charge&expnd[]=x"},
        {"method": "POST", "path": "/v1/customers", "body": "email=a%40b.c"},
    ]
    lines.write_text("".join(json.dumps(r) + "\n" for r in requests))
    batch = run("--jsonl", str(lines))
    assert batch.returncode == 1
    assert batch.stdout == "GET /v1/payment_intents/pi_1: Received unknown parameter: expnd\n"
    assert "2 of 3 requests valid" in batch.stderr
