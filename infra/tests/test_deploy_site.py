"""deploy_site.py against a moto server: headers per object, only changed files, stale objects gone,
one invalidation for the changed pages; and its one-sentence stops."""

import json
from pathlib import Path

import pytest

import deploy_site
from aws_session import NO_CREDENTIALS

IMMUTABLE = "public, max-age=31536000, immutable"
HTML = "text/html; charset=utf-8"
JS = "text/javascript; charset=utf-8"
# key → (Content-Type, Cache-Control) the bucket must hold after a deploy
SITE = {
    "index.html": (HTML, "no-cache"),
    "about/index.html": (HTML, "no-cache"),
    "about.data": ("text/x-script", "no-cache"),
    "assets/app-abc123.js": (JS, IMMUTABLE),
    "redirects.json": ("application/json; charset=utf-8", "no-cache"),
    "pagefind/pagefind.js": (JS, "no-cache"),
    "pagefind/fragment/en_1a2b.pf_fragment": ("application/octet-stream", "no-cache"),
    "robots.txt": ("text/plain; charset=utf-8", "no-cache"),
    "images/x.webp": ("image/webp", "no-cache"),
}


@pytest.fixture
def site(tmp_path) -> Path:
    root = tmp_path / "client"
    for key in SITE:
        (root / key).parent.mkdir(parents=True, exist_ok=True)
        (root / key).write_text(f"contents of {key}\n")
    # The build's compressed copies, which only `academy serve` sends.
    for key in ("index.html", "about.data", "assets/app-abc123.js"):
        (root / f"{key}.br").write_bytes(b"brotli")
        (root / f"{key}.gz").write_bytes(b"gzip")
    return root


@pytest.fixture
def target(aws, create_distribution, tmp_path):
    """A bucket holding a page the build no longer has, and a CloudFront distribution in front of it."""
    bucket = f"site-{tmp_path.name.replace('_', '-').lower()}"[:63]
    s3 = aws("s3")
    s3.create_bucket(Bucket=bucket)
    s3.put_object(Bucket=bucket, Key="old/index.html", Body=b"gone")
    distribution = create_distribution(bucket)
    return bucket, distribution


def deploy(run_script, aws_env, site, target):
    bucket, distribution = target
    env = aws_env | {"SITE_BUCKET": bucket, "DISTRIBUTION_ID": distribution, "SITE_DIR": str(site)}
    done = run_script("deploy_site.py", env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def invalidated_paths(aws, distribution) -> list[list[str]]:
    cloudfront = aws("cloudfront")
    listed = cloudfront.list_invalidations(DistributionId=distribution)["InvalidationList"].get("Items", [])
    batches = [cloudfront.get_invalidation(DistributionId=distribution, Id=i["Id"])["Invalidation"] for i in listed]
    return [sorted(b["InvalidationBatch"]["Paths"]["Items"]) for b in batches]


def test_first_deploy_uploads_everything_with_its_headers_and_deletes_the_stale(aws, run_script, aws_env, site, target):
    bucket, distribution = target
    summary = deploy(run_script, aws_env, site, target)

    assert "uploaded 9, unchanged 0, deleted 1" in summary
    s3 = aws("s3")
    keys = sorted(o["Key"] for o in s3.list_objects_v2(Bucket=bucket)["Contents"])
    assert keys == sorted(SITE)
    for key, (content_type, cache_control) in SITE.items():
        head = s3.head_object(Bucket=bucket, Key=key)
        assert (head["ContentType"], head["CacheControl"]) == (content_type, cache_control), key
    assert invalidated_paths(aws, distribution) == [
        ["/", "/about", "/about.data", "/about/", "/about/index.html", "/index.html"]
        + ["/old", "/old/", "/old/index.html"]
    ]


def test_a_redeploy_sends_and_invalidates_only_the_changed_page(aws, run_script, aws_env, site, target):
    bucket, distribution = target
    deploy(run_script, aws_env, site, target)
    (site / "about" / "index.html").write_text("a new about page\n")

    summary = deploy(run_script, aws_env, site, target)

    assert "uploaded 1, unchanged 8, deleted 0" in summary
    assert aws("s3").get_object(Bucket=bucket, Key="about/index.html")["Body"].read() == b"a new about page\n"
    assert ["/about", "/about/", "/about/index.html"] in invalidated_paths(aws, distribution)
    assert len(invalidated_paths(aws, distribution)) == 2


def test_no_page_changed_means_no_invalidation(aws, run_script, aws_env, site, target):
    deploy(run_script, aws_env, site, target)
    (site / "assets" / "app-def456.js").write_text("new code\n")

    summary = deploy(run_script, aws_env, site, target)

    assert "uploaded 1, unchanged 9, deleted 0; invalidation none (no page changed)" in summary
    assert len(invalidated_paths(aws, target[1])) == 1


def test_without_credentials_it_stops_with_one_sentence(run_script, no_aws_env, site):
    stopped = run_script("deploy_site.py", no_aws_env | {"SITE_BUCKET": "b", "SITE_DIR": str(site)})
    assert (stopped.returncode, stopped.stderr.strip()) == (2, NO_CREDENTIALS)


@pytest.mark.parametrize(
    "env, sentence",
    [({}, "SITE_BUCKET is not set"), ({"SITE_BUCKET": "b", "SITE_DIR": "/nonexistent"}, "The site is not built")],
)
def test_missing_inputs_stop_with_one_sentence(run_script, aws_env, env, sentence):
    stopped = run_script("deploy_site.py", aws_env | env)
    assert stopped.returncode == 2
    assert stopped.stderr.startswith(sentence) and stopped.stderr.count("\n") == 1


# ---- the rules, without a server -------------------------------------------------------------


def test_cache_control_is_the_servers():
    cases = json.loads((Path(__file__).parent / "cache-control.json").read_text())["cases"]
    assert {key: deploy_site.cache_control(key) for key in cases} == cases


@pytest.mark.parametrize(
    "key, expected",
    [
        ("index.html", "text/html; charset=utf-8"),
        ("assets/root-x.css", "text/css; charset=utf-8"),
        ("assets/chunk-x.mjs", "text/javascript; charset=utf-8"),
        ("sitemap.xml", "text/xml; charset=utf-8"),
        ("icons.svg", "image/svg+xml; charset=utf-8"),
        ("site.webmanifest", "application/manifest+json; charset=utf-8"),
        ("pagefind/wasm.en.pagefind", "application/octet-stream"),
        ("pagefind/pagefind.en_1.pf_meta", "application/octet-stream"),
        ("pagefind/index/en_1.pf_index", "application/octet-stream"),
        ("pagefind/x.wasm", "application/wasm"),
        ("about.data", "text/x-script"),
        ("media/intro.mp4", "video/mp4"),
        ("images/logo.png", "image/png"),
        ("LICENSE", "application/octet-stream"),
    ],
)
def test_content_type(key, expected):
    assert deploy_site.content_type(key) == expected


def test_viewer_paths():
    assert deploy_site.viewer_paths("index.html") == ["/index.html", "/"]
    assert deploy_site.viewer_paths("about/index.html") == ["/about/index.html", "/about", "/about/"]
    assert deploy_site.viewer_paths("__spa-fallback.html") == ["/__spa-fallback.html"]
    assert deploy_site.viewer_paths("about.data") == ["/about.data"]
    assert deploy_site.viewer_paths("a b/index.html")[0] == "/a%20b/index.html"


class Recorder:
    """Stands in for the S3 and CloudFront clients, recording the order of the calls."""

    def __init__(self, in_bucket: dict[str, str]):
        self.in_bucket, self.calls = in_bucket, []

    def client(self, _service):
        return self

    def get_paginator(self, _operation):
        return self

    def paginate(self, **_):
        return [{"Contents": [{"Key": k, "ETag": f'"{e}"'} for k, e in self.in_bucket.items()]}]

    def put_object(self, Key, **_):
        self.calls.append(("put", Key))

    def delete_objects(self, Delete, **_):
        self.calls += [("delete", o["Key"]) for o in Delete["Objects"]]
        return {}

    def create_invalidation(self, InvalidationBatch, **_):
        self.calls.append(("invalidate", InvalidationBatch["Paths"]["Items"]))
        return {"Invalidation": {"Id": "I1"}}


def test_pages_go_up_after_assets_and_stale_objects_go_last(monkeypatch, site):
    recorder = Recorder({"assets/app-old.js": "x"})
    monkeypatch.setattr(deploy_site, "session", lambda: recorder)

    deploy_site.deploy("bucket", "E1", site, force=False)

    kinds = ["page" if c[0] == "put" and deploy_site.is_page(c[1]) else c[0] for c in recorder.calls]
    assert kinds == ["put"] * 6 + ["page"] * 3 + ["delete", "invalidate"]


def test_more_pages_than_cloudfront_takes_at_once_is_one_wildcard(monkeypatch):
    recorder = Recorder({})
    pages = [f"course/{n}/index.html" for n in range(400)]
    assert deploy_site.invalidate(recorder, "E1", pages) == "I1"
    assert recorder.calls == [("invalidate", ["/*"])]


def test_the_builds_compressed_copies_stay_home(tmp_path):
    (tmp_path / "assets").mkdir()
    for name in ["index.html", "index.html.br", "index.html.gz", "assets/app.js", "assets/app.js.gz", "archive.gz"]:
        (tmp_path / name).write_text("x")
    # A `.gz` with no file beside it is a file of the site, not a copy.
    assert sorted(deploy_site.build_files(tmp_path)) == ["archive.gz", "assets/app.js", "index.html"]
