#!/usr/bin/env python3
"""A class opening its lectures at once, against `academy serve` (run by bench-api.sh inside
with-server.sh, with the local OpenID provider): STUDENTS signed-in students of one batch, each with
a Secret ID of their own linked to their account, all start at the same instant, each on its own
keep-alive connection, doing what the lecture page does (site/app/routes/recorded-lectures.tsx,
site/app/features/lms): the lecture list (`GET /api/batches/{batch}/videos`, their token) and their
progress (`GET /api/me/progress/{batch}`), then the lecture's master playlist and its first rung's
media playlist (gzip), then a progress save (`PUT /api/me/progress/{batch}/{n}`) every SAVE_EVERY
seconds while it plays (the player's `SAVE_EVERY_MS`), for SECONDS.

Students are made through the product's own paths: a Secret ID each by `academy grant`, linked by
`POST /api/me/batches` with the student's token (one at a time, so the per-client guessing limit
never counts more than one at once: all students come from 127.0.0.1 here). Latencies are measured
from this client (one Python process on the same shared cores, so they include its own delays).
With --spread, each student opens at a random moment within that many seconds (a class told to open a
lecture does not click in one millisecond); without, all at once, the worst case. Prints a markdown table.

Usage: bench_class.py TOKENS_FILE (lines "email token", infra/bench/class/sign-in.mjs) with BASE_URL and
ACADEMY_BIN set; --batch, --lecture, --seconds, --save-every.
"""

import argparse
import asyncio
import gzip
import json
import os
import random
import subprocess
import time
import urllib.parse
import urllib.request


def link_students(base, academy, batch, students):
    for email, token in students:
        secret = subprocess.run(
            [academy, "grant", "--batch", batch, "--label", email], check=True, capture_output=True, text=True
        ).stdout.strip().splitlines()[-1]
        body = json.dumps({"batchId": batch, "secretId": secret}).encode()
        request = urllib.request.Request(
            f"{base}/api/me/batches",
            data=body,
            method="POST",
            headers={"authorization": f"Bearer {token}", "content-type": "application/json"},
        )
        with urllib.request.urlopen(request) as answer:
            assert answer.status == 200, answer.status


class Connection:
    """One keep-alive HTTP/1.1 connection, one request at a time."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def request(self, method, path, headers=(), body=b"", decode=True):
        lines = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}", f"content-length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in headers]
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        status_line = b""
        for _ in range(2):
            # The server closes a connection left idle between saves; a browser opens another, so does this.
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                self.writer.write(message)
                await self.writer.drain()
                status_line = await self.reader.readline()
            except ConnectionError:
                status_line = b""
            if status_line:
                break
            self.writer.close()
            self.writer = None
        status = int(status_line.split()[1])
        fields = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            fields[name.strip().lower()] = value.strip()
        if fields.get("transfer-encoding") == "chunked":
            data = b""
            while (size := int((await self.reader.readline()).strip(), 16)) > 0:
                data += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        else:
            data = await self.reader.readexactly(int(fields.get("content-length", 0)))
        if fields.get("connection") == "close":
            self.writer.close()
            self.writer = None
        if decode and fields.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        return status, data


class Results:
    def __init__(self):
        self.by_kind = {}

    def add(self, kind, seconds, status):
        self.by_kind.setdefault(kind, []).append((seconds, status))


async def timed(results, kind, connection, method, path, headers=(), body=b"", decode=True):
    started = time.perf_counter()
    status, data = await connection.request(method, path, headers, body, decode)
    results.add(kind, time.perf_counter() - started, status)
    return status, data


def uris(playlist):
    return [line for line in playlist.splitlines() if line and not line.startswith("#")]


async def student(args, host, port, token, start, results):
    connection = Connection(host, port)
    bearer = [("authorization", f"Bearer {token}")]
    await start.wait()
    await asyncio.sleep(random.uniform(0, args.spread))
    opened = time.perf_counter()
    status, data = await timed(results, "lecture list", connection, "GET", f"/api/batches/{args.batch}/videos", bearer)
    if status != 200:
        return
    await timed(results, "my progress", connection, "GET", f"/api/me/progress/{args.batch}", bearer)
    lecture = next(v for v in json.loads(data)["videos"] if v["lectureNumber"] == args.lecture)
    gzip_ok = [("accept-encoding", "gzip")]
    status, master = await timed(results, "master playlist", connection, "GET", lecture["url"], gzip_ok)
    if status != 200:
        return
    # Not unzipped: this client's own work would slow the server beside it.
    status, _ = await timed(results, "media playlist", connection, "GET", uris(master.decode())[0], gzip_ok, decode=False)
    path = f"/api/me/progress/{args.batch}/{args.lecture}"
    # Each player saves on its own clock, from the moment it started.
    at = opened + args.save_every
    while at < opened + args.seconds:
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        body = json.dumps({"positionSeconds": round(time.perf_counter() - opened, 3)}).encode()
        await timed(results, "progress save", connection, "PUT", path, bearer + [("content-type", "application/json")], body)
        at += args.save_every


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


async def load(args, students):
    url = urllib.parse.urlsplit(os.environ["BASE_URL"])
    results, start = Results(), asyncio.Event()
    tasks = [asyncio.create_task(student(args, url.hostname, url.port, token, start, results)) for _, token in students]
    await asyncio.sleep(0.5)
    began = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    return results, time.perf_counter() - began


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tokens")
    parser.add_argument("--batch", default="665f1c2a9b3e4d0012a1c001")
    parser.add_argument("--lecture", type=int, default=90)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--save-every", type=float, default=10)
    parser.add_argument("--spread", type=float, default=0, help="each student opens at a random moment within this many seconds")
    parser.add_argument("--no-link", action="store_true", help="the students are linked already")
    args = parser.parse_args()
    with open(args.tokens) as file:
        students = [tuple(line.split()) for line in file if line.strip()]
    random.seed(1)
    if not args.no_link:
        link_students(os.environ["BASE_URL"], os.environ["ACADEMY_BIN"], args.batch, students)
    results, took = asyncio.run(load(args, students))
    opening = "at the same instant" if args.spread == 0 else f"each at a random moment within {args.spread:g} s"
    print(f"{len(students)} students opening {opening}, {took:.0f} s in all; latency as this client measured it:")
    print()
    print("| request | count | p50 | p95 | p99 | max | non-2xx |")
    print("|---|---|---|---|---|---|---|")
    every = []
    for kind in ["lecture list", "my progress", "master playlist", "media playlist", "progress save"]:
        rows = results.by_kind.get(kind, [])
        if not rows:
            print(f"| {kind} | 0 | | | | | |")
            continue
        every += rows
        times = [seconds for seconds, _ in rows]
        refused = {}
        for _, status in rows:
            if status >= 300:
                refused[status] = refused.get(status, 0) + 1
        bad = ", ".join(f"{n}× {status}" for status, n in sorted(refused.items())) or "0"
        print(
            f"| {kind} | {len(rows)} | {ms(percentile(times, 50))} | {ms(percentile(times, 95))} "
            f"| {ms(percentile(times, 99))} | {ms(max(times))} | {bad} |"
        )
    times = [seconds for seconds, _ in every]
    bad = sum(1 for _, status in every if status >= 300)
    print(
        f"| **all** | {len(every)} | {ms(percentile(times, 50))} | {ms(percentile(times, 95))} "
        f"| {ms(percentile(times, 99))} | {ms(max(times))} | {bad} |"
    )


if __name__ == "__main__":
    main()
