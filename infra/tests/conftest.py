"""Fixtures for the deploy scripts' tests: a moto server of their own, and a clean AWS environment."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import boto3
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "infra" / "scripts"
sys.path.insert(0, str(SCRIPTS))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def moto_url():
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{url}/moto-api/", timeout=1)
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError(f"moto_server did not start on port {port}")
            time.sleep(0.1)
    yield url
    server.terminate()
    server.wait(10)


@pytest.fixture
def no_aws_env(tmp_path):
    """An environment with no AWS settings at all: no credentials, config files or instance metadata."""
    return {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "AWS_CONFIG_FILE": "/dev/null",
        "AWS_SHARED_CREDENTIALS_FILE": "/dev/null",
        "AWS_EC2_METADATA_DISABLED": "true",
    }


@pytest.fixture
def aws_env(moto_url, no_aws_env):
    """What a script run against moto gets: fake keys, a region, and moto as every service's endpoint."""
    return no_aws_env | {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ENDPOINT_URL": moto_url,
    }


@pytest.fixture
def aws(moto_url):
    """A boto3 session for the test itself to arrange and inspect moto's state."""
    session = boto3.Session(aws_access_key_id="testing", aws_secret_access_key="testing", region_name="us-east-1")
    return lambda service, **kw: session.client(service, endpoint_url=moto_url, **kw)


@pytest.fixture
def create_distribution(aws):
    """Creates a CloudFront distribution in front of a bucket; returns its id."""

    def create(bucket: str) -> str:
        s3_origin = {"OriginAccessIdentity": ""}
        origin = {"Id": "site", "DomainName": f"{bucket}.s3.amazonaws.com", "S3OriginConfig": s3_origin}
        config = {
            "CallerReference": bucket,
            "Comment": "",
            "Enabled": True,
            "Origins": {"Quantity": 1, "Items": [origin]},
            "DefaultCacheBehavior": {"TargetOriginId": "site", "ViewerProtocolPolicy": "redirect-to-https"},
        }
        return aws("cloudfront").create_distribution(DistributionConfig=config)["Distribution"]["Id"]

    return create


@pytest.fixture
def run_script():
    """Runs infra/scripts/<script> with the test's python (the venv's) from the repository root."""

    def run(script: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, str(SCRIPTS / script)] if script.endswith(".py") else [str(SCRIPTS / script)]
        return subprocess.run([*command, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)

    return run
