"""Checks a Stripe API request's parameters against Stripe's own description of that operation.

localstripe (infra/scripts/localstripe_server.py) answers the Stripe API locally, but it implements only part of
each operation: it refuses some valid parameters and cannot tell a misspelt one from one it lacks. Stripe's
published OpenAPI description is the authority; stripe-python (pinned in infra/requirements.txt, 10.12,
API version 2024-06-20) is generated from it and ships every operation's parameters as TypedDicts
(`PaymentIntentService.CreateParams`, the same fields as `stripe.PaymentIntent.CreateParams`), and every
service method names its HTTP method and path. This module reads those (the service sources, with `ast`),
so any operation stripe-python has is covered without a table kept here.

A request is a method, a path (/v1/payment_intents/pi_123/confirm) and its parameters form-encoded as
Stripe takes them (the body of a POST, the query of a GET or DELETE): nested keys `a[b][c]=v`, lists
`expand[]=x` or `items[0][price]=p`. Every key must be a parameter of the operation, at every level;
Literal values must be one of theirs, integers and booleans must read as such, and required parameters
must be there. Problems are worded as Stripe words them ("Received unknown parameter: …").

    python infra/scripts/stripe_params.py METHOD PATH [ENCODED]   # ENCODED, else stdin; exit 1 on problems
    python infra/scripts/stripe_params.py --jsonl FILE            # one {"method","path","body"} a line

As a library: `problems(method, path, encoded) -> list[Problem]` ([] is a valid request; each a str with
Stripe's error `code` and the `param` it is about);
`operation(method, path)` -> the params TypedDict, or None when stripe-python has no such operation.
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib
import json
import re
import sys
import types
import typing
from pathlib import Path
from urllib.parse import parse_qsl

import stripe
import typing_extensions

STRIPE_ROOT = Path(stripe.__file__).parent

# What the annotations' strings name besides the module's own classes.
NAMES = {name: getattr(typing, name) for name in ("Any", "Dict", "List", "Literal", "Mapping", "Optional", "Union")}


# ---- operations: stripe-python's services ----------------------------------------------------


class Route(typing.NamedTuple):
    method: str
    pattern: re.Pattern
    literal: int  # characters outside placeholders: /v1/x/search before /v1/x/{id}
    module: str
    params: str | None  # "PaymentIntentService.CreateParams"


def _path_of(node: ast.expr) -> str | None:
    """The path template of `"/v1/x/{id}"` or `"/v1/x/{id}".format(...)`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _path_of(node.func.value)
    return None


def _routes_of(file: Path) -> list[Route]:
    module = "stripe." + ".".join(file.relative_to(STRIPE_ROOT).with_suffix("").parts)
    routes = []
    for cls in ast.parse(file.read_text()).body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for fn in cls.body:
            if not isinstance(fn, ast.FunctionDef):  # the async twins say the same
                continue
            params = next(
                (a.annotation.value for a in fn.args.args
                 if a.arg == "params" and isinstance(a.annotation, ast.Constant)),
                None,
            )
            for call in ast.walk(fn):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and call.func.attr in ("_request", "_request_stream") and len(call.args) >= 2
                        and isinstance(call.args[0], ast.Constant)):
                    path = _path_of(call.args[1])
                    if path is None:
                        continue
                    regex = "".join("[^/]+" if part.startswith("{") else re.escape(part)
                                    for part in re.split(r"(\{[^}]*\})", path))
                    literal = len(re.sub(r"\{[^}]*\}", "", path))
                    routes.append(Route(call.args[0].value.upper(), re.compile(f"^{regex}$"), literal, module, params))
                    break
    return routes


@functools.cache
def routes() -> list[Route]:
    found = [r for file in sorted(STRIPE_ROOT.rglob("_*_service.py")) for r in _routes_of(file)]
    return sorted(found, key=lambda r: -r.literal)


def _resolve(module: str, dotted: str):
    value = importlib.import_module(module)
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


def operation(method: str, path: str):
    """The params TypedDict of the operation, `type(None)` for one that takes none, or None if unknown."""
    path = path.split("?", 1)[0]
    for route in routes():
        if route.method == method.upper() and route.pattern.match(path):
            return _resolve(route.module, route.params) if route.params else type(None)
    return None


# ---- parameters: the encoded keys against the TypedDicts ------------------------------------


def parse(encoded: str) -> list[tuple[list[str], str]]:
    """`a[b][]=1&c=2` -> [(["a", "b", ""], "1"), (["c"], "2")]."""
    pairs = []
    for key, value in parse_qsl(encoded, keep_blank_values=True):
        match = re.fullmatch(r"([^\[\]]+)((?:\[[^\[\]]*\])*)", key)
        if not match:
            pairs.append(([key], value))  # reported as unknown: no parameter is named so
            continue
        pairs.append(([match.group(1), *re.findall(r"\[([^\[\]]*)\]", match.group(2))], value))
    return pairs


class Problem(str):
    """A sentence as Stripe words it, with Stripe's error code and the parameter it is about."""

    code: str
    param: str

    def __new__(cls, text: str, code: str, param: str):
        problem = super().__new__(cls, text)
        problem.code, problem.param = code, param
        return problem


def _unknown(name: str, why: str = "") -> Problem:
    return Problem(f"Received unknown parameter: {name}{why}", "parameter_unknown", name)


def _invalid(here: str, text: str) -> Problem:
    return Problem(text, "parameter_invalid", here)


def _name(segments: list[str]) -> str:
    return segments[0] + "".join(f"[{s}]" for s in segments[1:]) if segments else ""


def _unwrap(tp, module):
    while True:
        if isinstance(tp, str):
            tp = typing.ForwardRef(tp)
        if isinstance(tp, typing.ForwardRef):
            tp = eval(tp.__forward_arg__, vars(sys.modules[module]) | NAMES)  # noqa: S307 - stripe's own annotations
            continue
        origin = typing.get_origin(tp)
        if origin in (typing.NotRequired, typing.Required, typing_extensions.NotRequired, typing_extensions.Required):
            tp = typing.get_args(tp)[0]
            continue
        return tp


def _is_typeddict(tp) -> bool:
    return isinstance(tp, type) and (typing.is_typeddict(tp) or typing_extensions.is_typeddict(tp))


def _fields(tp) -> dict:
    fields = {}
    for base in reversed(tp.__mro__):
        fields.update(getattr(base, "__annotations__", {}))
    return fields


class Check(typing.NamedTuple):
    problems: list[str]
    # (the parameter's name so far, its TypedDict, the key seen under it): for the required ones.
    seen: list[tuple[str, type, str]]
    # How many segments of the key were parameters before a problem: of a union's options, the one
    # that got furthest says most (an unknown key under an object, rather than "not a value").
    depth: int = 0


def _check(tp, module: str, done: list[str], rest: list[str], value: str) -> Check:
    tp = _unwrap(tp, module)
    here = _name(done)
    origin = typing.get_origin(tp)
    if origin is typing.Union or isinstance(tp, types.UnionType):
        tried = [_check(option, module, done, rest, value) for option in typing.get_args(tp)]
        fine = [c for c in tried if not c.problems]
        if fine:
            return fine[0]
        return max(tried, key=lambda c: c.depth)
    if _is_typeddict(tp):
        if not rest:
            return Check([_invalid(here, f"Invalid object: {here} takes parameters ({here}[…]=…), not a value")], [], len(done))
        key, fields = rest[0], _fields(tp)
        module = tp.__module__
        if key not in fields:
            return Check([_unknown(_name(done + [key]))], [], len(done))
        inner = _check(fields[key], module, done + [key], rest[1:], value)
        return Check(inner.problems, [(here, tp, key), *inner.seen], inner.depth)
    if origin in (list, typing.List):
        if not rest or not (rest[0] == "" or rest[0].isdigit()):
            return Check([_invalid(here, f"Invalid array: {here} is a list ({here}[]=… or {here}[0]=…)")], [], len(done))
        return _check(typing.get_args(tp)[0], module, done + [rest[0]], rest[1:], value)
    if origin in (dict, typing.Dict):
        if not rest or rest[0] == "":
            return Check([_invalid(here, f"Invalid object: {here} takes keys ({here}[key]=…)")], [], len(done))
        return _check(typing.get_args(tp)[1], module, done + [rest[0]], rest[1:], value)
    if rest:
        return Check([_unknown(_name(done + rest), f" ({here} is a value, not an object)")], [])
    if origin is typing.Literal or origin is typing_extensions.Literal:
        allowed = typing.get_args(tp)
        if value in allowed:
            return Check([], [])
        return Check([_invalid(here, f"Invalid {here}: must be one of {', '.join(repr(a) for a in allowed)} (got {value!r})")], [])
    if tp is bool:
        ok = value in ("true", "false")
        return Check([] if ok else [_invalid(here, f"Invalid boolean: {here} must be true or false (got {value!r})")], [])
    if tp is int:
        ok = re.fullmatch(r"-?[0-9]+", value) is not None
        return Check([] if ok else [_invalid(here, f"Invalid integer: {here} (got {value!r})")], [])
    if tp is float:
        ok = re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", value) is not None
        return Check([] if ok else [_invalid(here, f"Invalid decimal: {here} (got {value!r})")], [])
    return Check([], [])  # str, Any


def problems(method: str, path: str, encoded: str = "") -> list[Problem]:
    """What Stripe would refuse in this request's parameters; [] when nothing."""
    params = operation(method, path)
    if params is None:
        path = path.split("?", 1)[0]
        text = f"Unrecognized request URL ({method.upper()}: {path}): no such operation in stripe-python {stripe.VERSION}"
        return [Problem(text, "resource_missing", "")]
    pairs = parse(encoded)
    if params is type(None):
        return [_unknown(_name(segments)) for segments, _ in pairs]
    found, seen = [], {("", params): set()}
    for segments, value in pairs:
        check = _check(params, params.__module__, [], segments, value)
        found += check.problems
        if not check.problems:
            for where, tp, key in check.seen:
                seen.setdefault((where, tp), set()).add(key)
    for (where, tp), keys in seen.items():
        for missing in sorted(tp.__required_keys__ - keys):
            name = _name([where, missing]) if where else missing
            found.append(Problem(f"Missing required param: {name}", "parameter_missing", name))
    return found


# ---- command line ------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("method", nargs="?")
    parser.add_argument("path", nargs="?")
    parser.add_argument("encoded", nargs="?", help="the form-encoded parameters (else read from stdin)")
    parser.add_argument("--jsonl", type=Path, help='requests, one {"method", "path", "body"} a line')
    args = parser.parse_args(argv)
    if args.jsonl:
        requests = [json.loads(line) for line in args.jsonl.read_text().splitlines() if line.strip()]
    elif args.method and args.path:
        body = args.encoded if args.encoded is not None else ("" if sys.stdin.isatty() else sys.stdin.read())
        requests = [{"method": args.method, "path": args.path, "body": body.strip()}]
    else:
        parser.error("give METHOD PATH [ENCODED], or --jsonl FILE")
    bad = 0
    for request in requests:
        path, _, query = request["path"].partition("?")
        encoded = "&".join(part for part in (query, request.get("body") or "") if part)
        found = problems(request["method"], path, encoded)
        bad += bool(found)
        for problem in found:
            print(f"{request['method'].upper()} {path}: {problem}")
    print(f"stripe_params: {len(requests) - bad} of {len(requests)} requests valid for stripe-python {stripe.VERSION}"
          f" (API {stripe.api_version})", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
