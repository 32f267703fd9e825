"""Cold starts of the Lambda binaries, measured against a hello-world `lambda_http` baseline.

Usage (`make bench-lambdas` builds the binaries and runs it with the venv's python):

    python infra/scripts/bench_lambdas.py --academy PATH [--runs 20] [--warmup 1] [--out FILE] BINARY...

    BINARY     a built Lambda binary; its file name is the function's name (`courses`, `mailer`, ...).
               One of them must be `hello-world` (functions/hello-world), the baseline.
    --academy  the academy CLI, which imports the demo catalog and grants a Secret ID
    --runs     cold starts per function (default 20), round-robin across the functions so a slow
               spell of the machine is shared out rather than landing on one function
    --warmup   untimed rounds first (default 1)
    --out      the markdown report, default docs/benchmarks/lambdas.md (written only when every
               function answered)

The world each start sees, all local: a moto server (MOTO_SERVER, else moto_server next to this
python) with the table as functions/core/src/store/dynamodb.rs `create_table` makes it, the demo
catalog imported into it by `academy import`, and SES (for `mailer`); a Lambda Runtime API of our
own that hands the function one event and records what it posts back. The environment is the
deployed one as far as it matters offline (template.yaml: RUST_LOG, ACADEMY_STORE, the origin
secret, the mailer's settings), with the AWS endpoint pointed at moto and nothing else inherited.

Events: infra/events/<name>.json, else health.json; `mailer` gets submission-stream.json, `me`
the claims of the JWT authorizer in its request context, as API Gateway passes them. Each
start is a new visitor (its own source address, so the per-client limits of send-email and chat
never refuse a run) with the CloudFront origin header; send-email gets a new submission id (a
repeated one is answered without a write); `x-secret-id` becomes a Secret ID granted for the
event's batch; for the stream, each inserted submission is given a new id and written to the table
first, so every `mailer` start mails a pending submission as in AWS. A `stripe-signature` header (Stripe's
delivery to `payments-webhook`) becomes a fresh event id signed now with the webhook secret, as Stripe signs;
the payments functions' Stripe API is a closed local port (their events name no payment, so none calls it).

Per start: init = spawn → the first GET /runtime/invocation/next; first answer = spawn → the POST
of the response; peak RSS = the process's VmHWM just before it is killed, once it has answered and
polled again (wait4's ru_maxrss would report the forking Python's size: see peak_rss_kib). One
untimed round first fills the page cache and warms moto. Per binary: its size (the release profile
strips) and the size of a zip of it as `bootstrap`, as Lambda receives it.

Exit status: 0 report written; 1 a function crashed or did not answer its own event with a 2xx
status (the stream: without failed items; on the health.json stand-in, which another function's
router refuses, any status below 500): a benchmark of a crashing binary is worthless, so the report
is left as it was; 2 bad arguments or the local world did not start.
"""

import argparse
import base64
import datetime
import hashlib
import hmac
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import boto3

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "infra" / "events"
CATALOG = ROOT / "infra" / "seed" / "catalog.json"
BASELINE = "hello-world"
REGION = "eu-west-2"
TABLE = "academy-bench"
ORIGIN_SECRET = "bench-origin-secret"
# The lecture link keys (as template.yaml's LectureKey secret holds them) and the secret's name.
LECTURE_KEY_ID, LECTURE_KEY = "k1", "bench-lecture-key-0123456789abcdef0123456789"
LECTURE_KEY_SECRET = "academy/bench-lecture-key"
# The demo link key, as CloudFormation resolves template.yaml's DemoKey secret into the environment.
DEMO_KEY = "bench-demo-key-" + "0" * 40
STRIPE_WEBHOOK_SECRET = "whsec_bench_" + "0" * 32
MAIL_FROM = "no-reply@skylinetech.academy"
MAIL_TO = "admissions@skylinetech.academy"
REQUEST_ID = "8476a536-e9f4-11e8-9739-2dfe598c3fcd"
FUNCTION_ARN = "arn:aws:lambda:eu-west-2:123456789012:function:bench"
ANSWER_TIMEOUT = 30.0
# The targets: every function's init within 1.5x the hello-world's median (building AWS clients should cost a cold
# start little); the catalog functions small to fetch.
INIT_RATIO_TARGET = 1.5
ZIPPED_TARGET_MB = 4.0
CATALOG_FUNCTIONS = ("courses", "outline", "batches")
API = "/2018-06-01/runtime"


def fail(message: str, status: int = 2):
    print(f"bench_lambdas: {message}", file=sys.stderr)
    sys.exit(status)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- the local world: moto with the table, the catalog, a Secret ID and SES ------------------


def start_moto() -> tuple[subprocess.Popen, str]:
    server_bin = os.environ.get("MOTO_SERVER") or str(Path(sys.executable).parent / "moto_server")
    port = free_port()
    server = subprocess.Popen(
        [server_bin, "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{url}/moto-api/", timeout=1)
            return server, url
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                fail(f"{server_bin} did not start on port {port}")
            time.sleep(0.1)


def aws_env(moto_url: str) -> dict:
    return {
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_ENDPOINT_URL": moto_url,
        "AWS_CONFIG_FILE": "/dev/null",
        "AWS_SHARED_CREDENTIALS_FILE": "/dev/null",
        "AWS_EC2_METADATA_DISABLED": "true",
    }


def client(service: str, moto_url: str):
    return boto3.client(
        service,
        region_name=REGION,
        endpoint_url=moto_url,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )


def create_table(dynamodb):
    """As `dynamodb::create_table` (functions/core/src/store/dynamodb.rs): pk/sk, index gsi1."""
    dynamodb.create_table(
        TableName=TABLE,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("pk", "sk", "gsi1pk", "gsi1sk")],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        GlobalSecondaryIndexes=[
            {
                "IndexName": "gsi1",
                "KeySchema": [
                    {"AttributeName": "gsi1pk", "KeyType": "HASH"},
                    {"AttributeName": "gsi1sk", "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "ALL"},
            }
        ],
    )


def academy(cli: str, moto_url: str, *args: str) -> str:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **aws_env(moto_url)}
    done = subprocess.run(
        [cli, "--store", f"dynamodb:{TABLE}", *args], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        fail(f"academy {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


# ---- events: one fresh visitor per start ------------------------------------------------------


def event_file(name: str) -> tuple[Path, bool]:
    """The function's event, and whether it is its own (not the health.json stand-in)."""
    if name == "mailer":
        return EVENTS / "submission-stream.json", True
    own = EVENTS / f"{name}.json"
    if own.exists():
        return own, True
    # hello-world answers every path; for it the stand-in is its own event.
    return EVENTS / "health.json", name == BASELINE


class Events:
    """Makes each start's event from the function's fixture."""

    def __init__(self, cli: str, moto_url: str, dynamodb):
        self.cli, self.moto_url, self.dynamodb = cli, moto_url, dynamodb
        self.secrets: dict[str, str] = {}
        self.visitors = 0

    def secret_for(self, batch: str) -> str:
        if batch not in self.secrets:
            printed = academy(self.cli, self.moto_url, "grant", "--batch", batch, "--label", "bench")
            self.secrets[batch] = printed.strip().splitlines()[-1]
        return self.secrets[batch]

    def visitor(self) -> str:
        """A new client address each time (198.18.0.0/15, the benchmarking range)."""
        self.visitors += 1
        return f"198.18.{self.visitors // 256}.{self.visitors % 256}"

    def sign_lecture_link(self, event: dict):
        """A valid link for the fixture's lecture, as the videos function signs it
        (functions/core/src/learning/lecture/link.rs): HMAC-SHA256 over batch, lecture, file (none: the
        lecture's one stored file), grant, expiry."""
        _, _, batch, lecture = event["rawPath"].split("/")
        grant = hashlib.sha256(self.secret_for(batch).strip().encode()).hexdigest()
        expires = str(int(time.time()) + 900)
        text = f"academy-lecture\n{batch}\n{lecture}\n\n{grant}\n{expires}".encode()
        mac = hmac.new(LECTURE_KEY.encode(), text, hashlib.sha256).digest()
        signature = base64.urlsafe_b64encode(mac).decode().rstrip("=")
        params = {"grant": grant, "expires": expires, "key": LECTURE_KEY_ID, "signature": signature}
        event["queryStringParameters"] = params
        event["rawQueryString"] = "&".join(f"{k}={v}" for k, v in params.items())

    def sign_stripe_event(self, event: dict):
        """Stripe's delivery of the fixture's event under a new id, signed now: `t=<unix time>,v1=<hex
        HMAC-SHA256 of "<t>.<body>" with the webhook secret>` (the signature payments-webhook checks)."""
        stripe_event = json.loads(event["body"])
        stripe_event["id"] = f"evt_bench{uuid.uuid4().hex[:20]}"
        event["body"] = json.dumps(stripe_event)
        now = str(int(time.time()))
        mac = hmac.new(STRIPE_WEBHOOK_SECRET.encode(), f"{now}.{event['body']}".encode(), hashlib.sha256).hexdigest()
        event["headers"]["stripe-signature"] = f"t={now},v1={mac}"
        event["headers"]["content-length"] = str(len(event["body"]))

    def make(self, fixture: dict) -> dict:
        event = json.loads(json.dumps(fixture))
        if "requestContext" in event:
            ip = self.visitor()
            event["requestContext"]["http"]["sourceIp"] = ip
            headers = event.setdefault("headers", {})
            headers["x-forwarded-for"] = ip
            headers["x-origin-verify"] = ORIGIN_SECRET
            if "x-secret-id" in headers:
                headers["x-secret-id"] = self.secret_for(event["pathParameters"]["batchId"])
            if event.get("rawPath", "").startswith("/lecture/"):
                self.sign_lecture_link(event)
            if "stripe-signature" in headers:
                self.sign_stripe_event(event)
            body = event.get("body")
            if body and '"submissionId"' in body:
                fields = json.loads(body)
                fields["submissionId"] = str(uuid.uuid4())
                # A new sender too: one e-mail address may send 5 enquiries in 10 minutes.
                if "email" in fields.get("formData", {}):
                    fields["formData"]["email"] = f"visitor-{self.visitors}@bench.example"
                event["body"] = json.dumps(fields)
                headers["content-length"] = str(len(event["body"]))
        for record in event.get("Records", []):
            change = record["dynamodb"]
            image = change.get("NewImage", {})
            if record["eventName"] == "INSERT" and image.get("pk", {}).get("S", "").startswith("SUBMISSION#"):
                old, new = image["id"]["S"], str(uuid.uuid4())
                for item in (change["Keys"], image):
                    for value in item.values():
                        if "S" in value:
                            value["S"] = value["S"].replace(old, new)
                self.dynamodb.put_item(TableName=TABLE, Item=image)
        return event


def answered(event: dict, reply: bytes, own: bool) -> tuple[bool, str]:
    """Whether the reply is a success for the event, and a short description of it. On the health.json
    stand-in a function answers its router's 404: any answer below 500 shows it started and served."""
    try:
        body = json.loads(reply)
    except ValueError:
        return False, f"not JSON: {reply[:200]!r}"
    if "detail-type" in event:
        # An EventBridge event (transcode's): handled is an empty answer.
        return body is None, "handled" if body is None else f"answered {json.dumps(body)[:200]}"
    if set(event) <= {"kind", "bookingId", "sequence"}:
        # An EventBridge Scheduler event (demo-reminder's): handled is a sentence of what was done.
        return isinstance(body, str), body if isinstance(body, str) else f"answered {json.dumps(body)[:200]}"
    if "Records" in event:
        failures = body.get("batchItemFailures") if isinstance(body, dict) else None
        return failures == [], "no failed items" if failures == [] else f"failures: {json.dumps(body)[:200]}"
    status = body.get("statusCode") if isinstance(body, dict) else None
    if not isinstance(status, int):
        return False, f"no statusCode: {json.dumps(body)[:200]}"
    # The lecture function answers a valid link with a redirect to the presigned S3 GET.
    redirected = status == 302 and event.get("rawPath", "").startswith("/lecture/")
    if 200 <= status < 300 or redirected or (not own and status < 500):
        return True, str(status)
    return False, f"{status}: {str(body.get('body'))[:200]}"


# ---- the Lambda Runtime API, one per start -----------------------------------------------------


class Invocation:
    """One start: the event to hand out once, and what the function did, with times."""

    def __init__(self, event: bytes):
        self.event = event
        self.handed_out = False
        self.first_poll = None
        self.answer_at = None
        self.kind = None  # "response", "error" or "init/error"
        self.reply = b""
        self.done = threading.Event()  # the function posted its answer (or its failure)
        self.idle = threading.Event()  # it polled again: the invocation is over on its side
        self.over = threading.Event()  # the start is over: releases that second poll


class RuntimeApi(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    invocation: Invocation

    def log_message(self, *args):
        pass

    def body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while size := int(self.rfile.readline().split(b";")[0], 16):
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                pass
            return b"".join(chunks)
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def send(self, status: int, body: bytes = b"", headers: dict | None = None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        now = time.perf_counter()
        run = self.invocation
        if self.path != f"{API}/invocation/next":
            return self.send(404)
        if run.handed_out:
            # As the real Runtime API between invocations: no answer until the sandbox is frozen.
            run.idle.set()
            run.over.wait()
            self.close_connection = True
            return
        run.first_poll, run.handed_out = now, True
        self.send(
            200,
            run.event,
            {
                "Content-Type": "application/json",
                "Lambda-Runtime-Aws-Request-Id": REQUEST_ID,
                "Lambda-Runtime-Deadline-Ms": str(int(time.time() * 1000) + 600_000),
                "Lambda-Runtime-Invoked-Function-Arn": FUNCTION_ARN,
                "Lambda-Runtime-Trace-Id": "Root=1-5759e988-bd862e3fe1be46a994272793",
            },
        )

    def do_POST(self):
        now = time.perf_counter()
        run = self.invocation
        body = self.body()
        if self.path == f"{API}/init/error":
            kind = "init/error"
        elif self.path == f"{API}/invocation/{REQUEST_ID}/response":
            kind = "response"
        elif self.path == f"{API}/invocation/{REQUEST_ID}/error":
            kind = "error"
        else:
            return self.send(404)
        if run.kind is None:
            run.kind, run.reply, run.answer_at = kind, body, now
            run.done.set()
        self.send(202, b'{"status":"OK"}', {"Content-Type": "application/json"})


def lambda_env(name: str, runtime: str, moto_url: str) -> dict:
    return {
        "AWS_LAMBDA_RUNTIME_API": runtime,
        "AWS_LAMBDA_FUNCTION_NAME": name,
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_LOG_STREAM_NAME": "bench",
        "AWS_LAMBDA_LOG_GROUP_NAME": f"/aws/lambda/{name}",
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_ENDPOINT_URL": moto_url,
        # As template.yaml's Globals and the mailer's settings.
        "RUST_LOG": "info",
        "ACADEMY_STORE": f"dynamodb:{TABLE}",
        "ACADEMY_ORIGIN_SECRET": ORIGIN_SECRET,
        "ACADEMY_MAILER": "ses",
        "ACADEMY_MAIL_FROM": MAIL_FROM,
        "ACADEMY_MAIL_TO": MAIL_TO,
        "ACADEMY_LECTURE_KEY_SECRET": LECTURE_KEY_SECRET,
        # staff-lectures': the bucket its upload links name (listing lectures calls nothing in it).
        "ACADEMY_LECTURES_BUCKET": "academy-bench-lectures",
        # transcode's: its fixture names no stored lecture, so MediaConvert is never called.
        "ACADEMY_MEDIACONVERT_ROLE": "arn:aws:iam::123456789012:role/academy-MediaConvertRole",
        # As template.yaml's Globals: the partition file its layer holds at /opt/aws/partitions.json.
        "SMITHY_CLIENT_SDK_CUSTOM_PARTITION": str(ROOT / "infra" / "layer" / "aws" / "partitions.json"),
        # The demo functions': the link key, and where reminders would be scheduled (no fixture books one).
        "ACADEMY_DEMO_KEY": DEMO_KEY,
        "ACADEMY_DEMO_REMINDER_ARN": "arn:aws:lambda:eu-west-2:123456789012:function:demo-reminder",
        "ACADEMY_DEMO_SCHEDULER_ROLE_ARN": "arn:aws:iam::123456789012:role/academy-DemoSchedulerRole",
        # The payments functions': the keys as template.yaml resolves them, Stripe's API a closed port (discard).
        "ACADEMY_STRIPE_SECRET_KEY": "sk_test_bench",
        "ACADEMY_STRIPE_WEBHOOK_SECRET": STRIPE_WEBHOOK_SECRET,
        "ACADEMY_STRIPE_PUBLISHABLE_KEY": "pk_test_bench",
        "ACADEMY_STRIPE_API_BASE": "http://127.0.0.1:9",
    }


class Start:
    """One cold start's outcome; times in ms, RSS in KiB."""

    def __init__(self, ok: bool, what: str, init=0.0, first=0.0, rss_kib=0, log=""):
        self.ok, self.what, self.init, self.first, self.rss_kib, self.log = ok, what, init, first, rss_kib, log


def peak_rss_kib(pid: int) -> int | None:
    """The process's resident high-water mark since its exec (VmHWM); None once it has exited. Not
    wait4's ru_maxrss: Linux carries that over from the address space replaced at exec, here the
    forking Python's (~70 MB), which hides any binary smaller than this script."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), None)


def cold_start(binary: Path, event: dict, own: bool, moto_url: str, scratch: Path) -> Start:
    invocation = Invocation(json.dumps(event).encode())
    server = ThreadingHTTPServer(("127.0.0.1", 0), type("Api", (RuntimeApi,), {"invocation": invocation}))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True).start()
    runtime = f"127.0.0.1:{server.server_address[1]}"
    log_path = scratch / f"{binary.name}.log"
    rss_kib, exited = None, None
    try:
        with open(log_path, "wb") as log:
            began = time.perf_counter()
            process = subprocess.Popen(
                [str(binary)],
                env=lambda_env(binary.name, runtime, moto_url),
                cwd=scratch,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            deadline = began + ANSWER_TIMEOUT
            while not invocation.done.wait(0.02):
                if process.poll() is not None or time.perf_counter() > deadline:
                    break
            if invocation.done.is_set():
                invocation.idle.wait(2)
            exited = process.poll()
            if exited is None:
                rss_kib = peak_rss_kib(process.pid)
                os.kill(process.pid, signal.SIGKILL)
                process.wait()
    finally:
        invocation.over.set()
        server.shutdown()
        server.server_close()
    log_text = log_path.read_text(errors="replace")
    if invocation.kind != "response":
        what = invocation.kind or (f"exited with status {exited}" if exited is not None else "no answer in time")
        if invocation.reply:
            what += ": " + invocation.reply[:300].decode(errors="replace")
        return Start(False, what, log=log_text)
    if rss_kib is None:
        return Start(False, f"exited after answering (status {exited})", log=log_text)
    ok, what = answered(event, invocation.reply, own)
    init = (invocation.first_poll - began) * 1000
    first = (invocation.answer_at - began) * 1000
    return Start(ok, what, init, first, rss_kib, log_text)


# ---- sizes, statistics and the report ----------------------------------------------------------


def zipped_size(binary: Path, scratch: Path) -> int:
    archive = scratch / f"{binary.name}.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.write(binary, "bootstrap")
    return archive.stat().st_size


def median(values: list[float]) -> float:
    return statistics.median(values)


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def mb(size: int) -> str:
    return f"{size / 1_000_000:.1f}"


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        rustc = "rustc (version unknown)"
    return f"{platform.machine()} Linux {platform.release()}, {os.cpu_count()} cores ({cpu}); {rustc}"


class Measured:
    def __init__(self, binary: Path, scratch: Path):
        self.binary, self.name = binary, binary.name
        self.event, self.own_event = event_file(self.name)
        self.starts: list[Start] = []
        self.failure: Start | None = None
        self.stripped = binary.stat().st_size
        self.zipped = zipped_size(binary, scratch)

    def column(self, field: str) -> list[float]:
        return [getattr(s, field) for s in self.starts]


def report(measured: list[Measured], runs: int, warmup: int, loads: tuple[float, float]) -> str:
    base = next(m for m in measured if m.name == BASELINE)
    base_init = median(base.column("init"))
    measured = [base] + [m for m in measured if m is not base]
    lines = [
        "# Lambda cold starts",
        "",
        f"`make bench-lambdas`, measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC by",
        "infra/scripts/bench_lambdas.py.",
        "",
        f"- Machine: {machine()}.",
        f"  Load average {loads[0]:.1f} before the starts, {loads[1]:.1f} after (the machine is shared).",
        "- Build: host `cargo build --release`, the profile the arm64 Lambda build uses (opt-level s, thin",
        "  LTO, codegen-units 4, stripped, panic=abort), every binary and the baseline linked",
        "  position-dependent (functions/lambdas/build.rs). Times and sizes on Graviton differ; the ratios to",
        "  hello-world carry over better.",
        f"- {runs} cold starts per function, round-robin across the functions, after {warmup} untimed",
        f"  round{'s' if warmup != 1 else ''} (page cache, moto). Each start is a new process with a clean",
        "  environment (the deployed settings, AWS pointed at a local moto server holding the demo catalog)",
        "  and a local Runtime API handing it one event.",
        "- init: spawn → first `GET …/invocation/next` (everything before the runtime loop: logging, AWS",
        "  config, clients, state). First answer: spawn → the response posted, which includes the calls to",
        "  moto (a local Python server, not DynamoDB's latency). Peak RSS: the process's resident",
        "  high-water mark (VmHWM) once it answered. Zipped: the binary alone as `bootstrap`, deflate -9.",
        "- Baseline: `hello-world` (functions/hello-world), `lambda_http` answering 200 \"hello\".",
        "",
        "| function | event | answer | init median | init p90 | init ÷ hello-world | first answer median "
        "| first answer p90 | peak RSS median | stripped | zipped |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for m in measured:
        init, first = m.column("init"), m.column("first")
        rss = median(m.column("rss_kib")) / 1024
        answers = ", ".join(sorted({s.what for s in m.starts}))
        event = f"`{m.event.name}`" + ("" if m.own_event else " (no own event)")
        lines.append(
            f"| {m.name} | {event} | {answers} | {median(init):.1f} ms | {p90(init):.1f} ms "
            f"| {median(init) / base_init:.2f}× | {median(first):.1f} ms | {p90(first):.1f} ms "
            f"| {rss:.1f} MiB | {mb(m.stripped)} MB | {mb(m.zipped)} MB |"
        )
    lines += ["", "## Targets", ""]
    lines.append(f"Init within {INIT_RATIO_TARGET}× hello-world's median ({base_init:.1f} ms):")
    lines.append("")
    for m in measured:
        if m.name == BASELINE:
            continue
        ratio = median(m.column("init")) / base_init
        verdict = "met" if ratio <= INIT_RATIO_TARGET else "**not met**"
        lines.append(f"- {m.name}: {ratio:.2f}× — {verdict}")
    lines += ["", f"Catalog functions zipped ≤ {ZIPPED_TARGET_MB:.0f} MB:", ""]
    for m in measured:
        if m.name in CATALOG_FUNCTIONS:
            verdict = "met" if m.zipped <= ZIPPED_TARGET_MB * 1_000_000 else "**not met**"
            lines.append(f"- {m.name}: {mb(m.zipped)} MB — {verdict}")
    lines += [
        "",
        '## Long lectures: measured by bench-api',
        '',
        'The `lecture` row above is one cold start answering one stored file (a 302 to a presigned GET), not a 2-hour',
        "lecture's media playlist. That answer, 1,800 segments signed after the grant is read again, is measured by `make",
        'bench-api` (docs/benchmarks/api.md), which runs the same handler (`learning/lecture/serve.rs`) in an optimised build',
        "of `academy serve`: locally it signs the lecture function's own links, in AWS `S3Files` presigns S3 GETs, timed by",
        '`hls::measure_signing_a_two_hour_playlist` (docs/decisions/0044-playlists-signed-with-one-key.md). A Lambda run of it',
        'here would need the release cross build of every function (many minutes on this shared machine) and would time moto',
        "and the local Runtime API more than the signing; a warm playlist answer costs no init, so it is the handler's work",
        'that counts, and that is what bench-api measures.',
    ]
    return "\n".join(lines) + "\n"


# ---- the run --------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("binaries", nargs="+", type=Path)
    parser.add_argument("--academy", required=True)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks" / "lambdas.md")
    args = parser.parse_args()
    missing = [str(b) for b in args.binaries if not b.is_file()]
    if missing:
        fail(f"not built: {', '.join(missing)}")
    names = [b.name for b in args.binaries]
    if len(set(names)) != len(names):
        fail(f"two binaries share a name: {' '.join(names)}")
    if BASELINE not in names:
        fail(f"the baseline {BASELINE} is not among the binaries")
    if args.runs < 2:
        fail("--runs must be at least 2 (a p90 needs more than one start)")

    moto, moto_url = start_moto()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-lambdas-") as tmp:
            scratch = Path(tmp)
            dynamodb = client("dynamodb", moto_url)
            create_table(dynamodb)
            print(academy(args.academy, moto_url, "import", str(CATALOG)).strip())
            client("sesv2", moto_url).create_email_identity(EmailIdentity=MAIL_FROM.split("@")[1])
            keys = json.dumps({"current": LECTURE_KEY_ID, LECTURE_KEY_ID: LECTURE_KEY})
            client("secretsmanager", moto_url).create_secret(Name=LECTURE_KEY_SECRET, SecretString=keys)
            events = Events(args.academy, moto_url, dynamodb)
            # Copies: the target folder is shared, and a build elsewhere must not swap a binary mid-run.
            (scratch / "bin").mkdir()
            copies = [Path(shutil.copy2(b, scratch / "bin" / b.name)) for b in args.binaries]
            measured = [Measured(copy, scratch) for copy in copies]
            fixtures = {m.name: json.loads(m.event.read_text()) for m in measured}
            total = args.warmup + args.runs
            began, load_before = time.monotonic(), os.getloadavg()[0]
            for round_no in range(total):
                shift = round_no % len(measured)
                for m in measured[shift:] + measured[:shift]:
                    if m.failure:
                        continue
                    start = cold_start(m.binary, events.make(fixtures[m.name]), m.own_event, moto_url, scratch)
                    if not start.ok:
                        m.failure = start
                    elif round_no >= args.warmup:
                        m.starts.append(start)
                warmup = " (warm-up)" if round_no < args.warmup else ""
                print(f"round {round_no + 1}/{total}{warmup}: {time.monotonic() - began:.0f} s", flush=True)
            loads = (load_before, os.getloadavg()[0])
    finally:
        moto.terminate()
        moto.wait(10)

    failed = [m for m in measured if m.failure]
    for m in failed:
        print(f"\n{m.name} ({m.event.name}) failed: {m.failure.what}", file=sys.stderr)
        print("\n".join(m.failure.log.splitlines()[-20:]), file=sys.stderr)
    if failed:
        fail(f"{len(failed)} function(s) did not answer their event; {args.out} left as it was", 1)
    args.out.write_text(report(measured, args.runs, args.warmup, loads))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
