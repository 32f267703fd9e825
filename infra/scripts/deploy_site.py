"""Upload the built site to its S3 bucket, then have CloudFront drop its copies of the changed pages.

Usage (`make deploy-site SITE_BUCKET=… [DISTRIBUTION_ID=…]` runs it with the venv's python):

    SITE_BUCKET=academy-site-… [DISTRIBUTION_ID=E…] [SITE_DIR=site/build/client] \\
        python infra/scripts/deploy_site.py [--force]

    SITE_BUCKET      the stack's SiteBucketName output (required)
    DISTRIBUTION_ID  the stack's DistributionId output; without it nothing is invalidated
    SITE_DIR         the build to upload (default site/build/client, written by `npm run build`)
    --force          upload every file, e.g. after a change to the header rules below, which the
                     comparison of contents does not see

AWS settings come from the SDK's usual environment (see aws_session.py): AWS_PROFILE or access
keys, AWS_REGION / AWS_DEFAULT_REGION, AWS_ENDPOINT_URL (the tests point it at moto).

What it does, in this order:
1. compares every file with the bucket: a file whose MD5 equals the object's ETag (single-part
   puts, so the ETag is the MD5; a bucket encrypted with SSE-KMS would make every run a full
   upload) is unchanged and not sent;
2. uploads the changed files other than pages (hashed assets, images, the search index), then the
   changed pages (HTML, and the `.data` files React Router fetches on client-side navigation), so a
   page never references an asset that is not there yet;
3. deletes the objects no longer in the build, once the pages that used them are replaced;
4. with DISTRIBUTION_ID, creates one CloudFront invalidation for the changed and deleted pages,
   each under every path a viewer uses (`about/index.html` → /about/index.html, /about, /about/;
   `index.html` → /index.html, /), or `/*` when there are more than CloudFront takes at once.

The build's brotli and gzip copies (`<file>.br`, `<file>.gz`, for `academy serve`) are not uploaded:
CloudFront compresses by itself.

Headers: Content-Type from the file name (charset=utf-8 for text); Cache-Control by the same rule
as `academy serve` (functions/cli/src/site.rs), both checked against infra/tests/cache-control.json.

Exit status: 0 done; 2 a missing input or no credentials (one sentence on stderr); 1 AWS refused.
"""

import argparse
import hashlib
import mimetypes
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from botocore.exceptions import BotoCoreError, ClientError

from aws_session import session, stop

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# Types Python's table lacks or gets wrong for browsers; pagefind's own files are opaque binaries.
CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webp": "image/webp",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".webmanifest": "application/manifest+json",
    # A pre-rendered page's data for client-side navigation (`about.data`), as React Router's server sends it;
    # CloudFront compresses text/x-script, not application/octet-stream.
    ".data": "text/x-script",
    ".pf_meta": "application/octet-stream",
    ".pf_index": "application/octet-stream",
    ".pf_fragment": "application/octet-stream",
    ".pagefind": "application/octet-stream",
}
TEXT = {".html", ".css", ".js", ".mjs", ".json", ".xml", ".txt", ".svg", ".webmanifest"}
# Python's built-in table only, not the machine's /etc/mime.types: every machine uploads the same headers.
PYTHON_TYPES = mimetypes.MimeTypes()
# CloudFront allows 3,000 paths in progress per distribution; beyond this many, one wildcard.
MAX_INVALIDATION_PATHS = 1000
PARALLEL_UPLOADS = 8


def cache_control(key: str) -> str:
    """Content-hashed assets forever; everything else revalidated, so a deploy shows at once."""
    return IMMUTABLE if key.startswith("assets/") else REVALIDATE


def content_type(key: str) -> str:
    ext = PurePosixPath(key).suffix.lower()
    kind = CONTENT_TYPES.get(ext) or PYTHON_TYPES.guess_type(key)[0] or "application/octet-stream"
    return f"{kind}; charset=utf-8" if ext in TEXT else kind


def is_page(key: str) -> bool:
    """A pre-rendered page: its HTML, or its data for client-side navigation (`about.data`, `_root.data`)."""
    return key.endswith((".html", ".data"))


def viewer_paths(key: str) -> list[str]:
    """Every path under which CloudFront may hold the page `key`."""
    path = "/" + quote(key, safe="/~")
    if path.endswith("/index.html"):
        folder = path.removesuffix("index.html")
        return list(dict.fromkeys([path, folder.rstrip("/") or "/", folder]))
    return [path]


def md5_of(file: Path) -> str:
    digest = hashlib.md5(usedforsecurity=False)
    with file.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def is_compressed_copy(file: Path) -> bool:
    """The build's `<file>.br` / `<file>.gz` beside a text file: for `academy serve` only, since
    CloudFront compresses by itself."""
    return file.suffix in (".br", ".gz") and file.with_suffix("").is_file()


def build_files(site: Path) -> dict[str, Path]:
    return {
        p.relative_to(site).as_posix(): p
        for p in sorted(site.rglob("*"))
        if p.is_file() and not is_compressed_copy(p)
    }


def bucket_etags(s3, bucket: str) -> dict[str, str]:
    etags = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for obj in page.get("Contents", []):
            etags[obj["Key"]] = obj["ETag"].strip('"')
    return etags


def upload(s3, bucket: str, files: dict[str, Path], keys: list[str]) -> None:
    def put(key: str) -> None:
        with files[key].open("rb") as body:
            s3.put_object(
                Bucket=bucket, Key=key, Body=body, ContentType=content_type(key), CacheControl=cache_control(key)
            )

    with ThreadPoolExecutor(PARALLEL_UPLOADS) as pool:
        list(pool.map(put, keys))


def delete(s3, bucket: str, keys: list[str]) -> None:
    for start in range(0, len(keys), 1000):
        batch = [{"Key": k} for k in keys[start : start + 1000]]
        answer = s3.delete_objects(Bucket=bucket, Delete={"Objects": batch, "Quiet": True})
        if answer.get("Errors"):
            first = answer["Errors"][0]
            raise RuntimeError(f"S3 did not delete {first['Key']}: {first['Message']}")


def invalidate(cloudfront, distribution: str, pages: list[str]) -> str:
    paths = sorted({p for key in pages for p in viewer_paths(key)})
    if len(paths) > MAX_INVALIDATION_PATHS:
        paths = ["/*"]
    answer = cloudfront.create_invalidation(
        DistributionId=distribution,
        InvalidationBatch={
            "Paths": {"Quantity": len(paths), "Items": paths},
            "CallerReference": f"deploy-site-{time.time_ns()}",
        },
    )
    return answer["Invalidation"]["Id"]


def deploy(bucket: str, distribution: str, site: Path, force: bool) -> str:
    aws = session()
    s3 = aws.client("s3")
    files = build_files(site)
    in_bucket = bucket_etags(s3, bucket)
    changed = [k for k, f in files.items() if force or in_bucket.get(k) != md5_of(f)]
    stale = sorted(k for k in in_bucket if k not in files)

    upload(s3, bucket, files, [k for k in changed if not is_page(k)])
    upload(s3, bucket, files, [k for k in changed if is_page(k)])
    delete(s3, bucket, stale)

    pages = [k for k in changed + stale if is_page(k)]
    if not distribution:
        invalidation = "none (no DISTRIBUTION_ID)"
    elif not pages:
        invalidation = "none (no page changed)"
    else:
        invalidation = invalidate(aws.client("cloudfront"), distribution, pages)
    return (
        f"deploy-site: s3://{bucket}: uploaded {len(changed)}, unchanged {len(files) - len(changed)}, "
        f"deleted {len(stale)}; invalidation {invalidation}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--force", action="store_true", help="upload every file, changed or not")
    args = parser.parse_args()

    bucket = os.environ.get("SITE_BUCKET", "")
    site = Path(os.environ.get("SITE_DIR") or "site/build/client")
    if not bucket:
        stop("SITE_BUCKET is not set: pass the stack's SiteBucketName output, e.g. make deploy-site SITE_BUCKET=….")
    if not (site / "index.html").is_file():
        stop(f"The site is not built ({site}/index.html is missing): run the site build first, or make deploy.")
    try:
        print(deploy(bucket, os.environ.get("DISTRIBUTION_ID", ""), site, args.force))
    except (BotoCoreError, ClientError, RuntimeError) as e:
        print(f"deploy-site: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
