"""moto's server with one AWS request at a time, for the Rust tests (functions/core/tests/support/mod.rs).

moto checks a DynamoDB condition and then writes, without a lock, while its server answers requests on
many threads: two conditional puts racing for one key can both succeed, which DynamoDB never allows.
The tests that count on conditions (twenty lectures added at once take twenty numbers, seats, claims)
then fail under load. Here every request holds one lock, so each is atomic as in DynamoDB; connections
are still accepted on many threads. Arguments as `moto_server`'s: -H HOST -p PORT.
"""

import argparse
import threading

from werkzeug.serving import run_simple

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app


def serial(app):
    lock = threading.Lock()

    def serve(environ, start_response):
        with lock:
            # The whole body is produced under the lock: moto answers with lists, not streams.
            return list(app(environ, start_response))

    return serve


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-H", "--host", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=5000)
    args = parser.parse_args()
    app = DomainDispatcherApplication(create_backend_app)
    run_simple(args.host, args.port, serial(app), threaded=True)


if __name__ == "__main__":
    main()
