"""localstripe, the local Stripe API, as `make dev` and infra/scripts/with-server.sh run it.

    python infra/scripts/localstripe_server.py [--port 8420] [--state FILE] [--webhook URL --secret WHSEC]
                                        [--events a,b,...] [--validate]

Serves localstripe (PyPI `localstripe`, infra/requirements.txt) on 127.0.0.1:PORT in the foreground until
SIGINT/SIGTERM, with three differences from its own `localstripe` command:

- **State.** `localstripe` keeps its objects in /tmp/localstripe.pickle, one file for every instance on the
  machine (`--from-scratch` only skips reading it: every instance still writes it). Here an instance starts
  empty and writes nothing, unless `--state FILE` names its own file to load at start and save after each
  change (`make dev` keeps var/localstripe.pickle, so a payment made before a restart can still be refunded).
- **Its webhook** is registered before the port opens (what `POST /_config/webhooks/{id}` with `url`,
  `secret`, `events[]` does), so once it answers, events are delivered: signed `Stripe-Signature:
  t=…,v1=…` with the secret, as Stripe signs them. `--events` defaults to the four the production endpoint
  is sent (docs/OPERATIONS.md#payments); localstripe emits two of them (payment_intent.succeeded,
  payment_intent.payment_failed), not charge.refunded or setup_intent.succeeded.
- **`--validate`**: a request made with a secret key (the server's, never the browser's publishable one) is
  checked against Stripe's own description of the operation (infra/scripts/stripe_params.py) before
  localstripe sees it, and refused as Stripe refuses it (400, `invalid_request_error`,
  `parameter_unknown` …) when Stripe would. localstripe by itself refuses some valid parameters it does
  not implement ("Unexpected …") and cannot tell them from misspelt ones.

It answers `GET /js.stripe.com/v3/` (the Stripe.js stand-in) without a key: wait on that for readiness.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
from pathlib import Path

from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The events docs/OPERATIONS.md#payments tells the operator to send to /api/payments/stripe/webhook.
EVENTS = ("payment_intent.succeeded", "payment_intent.payment_failed", "charge.refunded", "setup_intent.succeeded")


def keep_state(store, state: Path | None):
    """The store's objects in `state` (loaded now, saved after each change), or nowhere."""
    if state is None:
        store.dump_to_disk = lambda: None
        return
    if state.exists():
        try:
            with open(state, "rb") as f:
                old = pickle.load(f)
        except Exception as error:  # another localstripe's file, a truncated one: start afresh, say so
            print(f"localstripe: {state} unreadable ({error!r}); starting empty", file=sys.stderr, flush=True)
        else:
            store.clear()
            dict.update(store, old)

    def dump():
        partial = state.with_name(state.name + ".partial")
        with open(partial, "wb") as f:
            pickle.dump(dict(store), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(partial, state)

    store.dump_to_disk = dump


def secret_key(request: web.Request) -> bool:
    scheme, _, credentials = request.headers.get("Authorization", "").partition(" ")
    if scheme == "Bearer":
        return credentials.startswith("sk_")
    if scheme == "Basic":
        import base64

        try:
            return base64.b64decode(credentials).decode().startswith("sk_")
        except ValueError:
            return False
    return False


def stripe_error(status: int, code: str, message: str, param: str | None = None) -> web.Response:
    error = {"type": "invalid_request_error", "code": code, "message": message}
    if param:
        error["param"] = param
    return web.json_response({"error": error}, status=status)


@web.middleware
async def validate(request: web.Request, handler):
    import stripe_params

    if request.path.startswith("/v1/") and secret_key(request):
        body = await request.text()  # aiohttp keeps it for localstripe's handler
        if body and request.content_type != "application/x-www-form-urlencoded":
            return stripe_error(400, "parameter_invalid", f"Stripe takes form-encoded parameters, not {request.content_type}")
        encoded = "&".join(part for part in (request.query_string, body) if part)
        found = stripe_params.problems(request.method, request.path, encoded)
        if found:
            print(f"localstripe: refused {request.method} {request.path}: {'; '.join(found)}", file=sys.stderr, flush=True)
            first = found[0]
            return stripe_error(404 if first.code == "resource_missing" else 400, first.code, first, first.param)
        version = request.headers.get("Stripe-Version")
        if version and version != stripe_params.stripe.api_version:
            print(f"localstripe: {request.method} {request.path} asks for Stripe-Version {version}; "
                  f"checked against {stripe_params.stripe.api_version}", file=sys.stderr, flush=True)
    return await handler(request)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8420)
    parser.add_argument("--state", type=Path, help="keep the objects in this file (default: start empty, keep nothing)")
    parser.add_argument("--webhook", help="the URL Stripe events are posted to")
    parser.add_argument("--secret", help="the webhook's signing secret (whsec_…)")
    parser.add_argument("--events", default=",".join(EVENTS), help="the event types to send (comma-separated; default: %(default)s)")
    parser.add_argument("--validate", action="store_true", help="refuse secret-key requests Stripe would refuse (stripe_params.py)")
    args = parser.parse_args(argv)
    if bool(args.webhook) != bool(args.secret):
        parser.error("--webhook and --secret go together")

    from localstripe import resources, server, webhooks

    keep_state(resources.store, args.state)
    if args.webhook:
        webhooks.register_webhook("academy", args.webhook, args.secret, [e for e in args.events.split(",") if e])
    if args.validate:
        server.app.middlewares.append(validate)
    print(f"localstripe: http://127.0.0.1:{args.port} (Stripe.js stand-in at /js.stripe.com/v3/)"
          + (f", events to {args.webhook}" if args.webhook else "")
          + (f", state in {args.state}" if args.state else ", nothing kept")
          + (", requests checked against stripe-python's types" if args.validate else ""), flush=True)
    web.run_app(server.app, host="127.0.0.1", port=args.port, print=None, access_log=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
