"""moto's server with one AWS request at a time, for the Rust tests (functions/core/tests/support/mod.rs).

moto checks a DynamoDB condition and then writes, without a lock, while its server answers requests on
many threads: two conditional puts racing for one key can both succeed, which DynamoDB never allows.
The tests that count on conditions (twenty lectures added at once take twenty numbers, seats, claims)
then fail under load. Here every request holds one lock, so each is atomic as in DynamoDB; connections
are still accepted on many threads. Arguments as `moto_server`'s: -H HOST -p PORT.

moto is what the Rust tests wait on (about half of the machine's CPU while they run). Most of its time went to
the tests' reading of the mail SES accepted through moto's whole state dump (`/moto-api/data.json`: every tracked
object of every service, each attribute encoded to JSON twice, and more of them with every test). So this server
answers `GET /_academy/ses/raw-messages` itself: the same raw messages that dump lists under `ses.RawMessage` (the
objects moto's SES made), as a JSON array of strings, in the order SES accepted them. Two other costs that are
not AWS's go from every request: werkzeug's log line (errors are still printed), and the listing of moto's
package folder (a directory read and a stat per service) the dispatcher repeats to learn the service names.
"""

import argparse
import json
import logging
import threading

from werkzeug.serving import run_simple

from moto import backends
from moto.ses.models import RawMessage
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app


RAW_MESSAGES = "/_academy/ses/raw-messages"


def serial(app):
    lock = threading.Lock()

    def serve(environ, start_response):
        with lock:
            if environ.get("PATH_INFO") == RAW_MESSAGES and environ.get("REQUEST_METHOD") == "GET":
                body = json.dumps([m.raw_data for m in RawMessage.instances_tracked]).encode()
                start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
                return [body]
            # The whole body is produced under the lock: moto answers with lists, not streams.
            return list(app(environ, start_response))

    return serve


def once(names):
    """`names()` read on the first call and kept: a tuple, so `in` can test it again and again."""
    kept = []

    def cached():
        if not kept:
            kept.append(tuple(names()))
        return kept[0]

    return cached


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-H", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=5000)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    backends.list_of_moto_modules = once(backends.list_of_moto_modules)
    app = DomainDispatcherApplication(create_backend_app)
    run_simple(args.host, args.port, serial(app), threaded=True)


if __name__ == "__main__":
    main()
