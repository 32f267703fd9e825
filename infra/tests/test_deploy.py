"""deploy.sh (make deploy): the stop without credentials, and one run with sam and npm stubbed, against moto."""

import json
import sys
from pathlib import Path

import pytest

from aws_session import NO_CREDENTIALS

COGNITO = "https://academy.auth.eu-west-2.amazoncognito.com"


def test_without_credentials_it_stops_first_with_one_sentence(run_script, no_aws_env):
    venv = Path(sys.executable).parent.parent
    stopped = run_script("deploy.sh", no_aws_env | {"VENV": str(venv)})
    assert (stopped.returncode, stopped.stdout, stopped.stderr.strip()) == (2, "", NO_CREDENTIALS)


@pytest.fixture
def stub_venv(tmp_path) -> Path:
    """A venv whose python is the test's, and whose sam, cargo-lambda and npm (first on PATH) log their calls."""
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    stubs = {
        "python": f'exec {sys.executable} "$@"',
        "cargo-lambda": "exit 0",
        "sam": 'echo "$*" >> "$STUB_LOG"',
        "npm": 'echo "npm $* in ${PWD##*/} with $(env | grep -E "^(OIDC_|ACADEMY_)" | sort | xargs)" >> "$STUB_LOG"',
    }
    for name, body in stubs.items():
        (bin_dir / name).write_text(f"#!/usr/bin/env bash\n{body}\n")
        (bin_dir / name).chmod(0o755)
    return bin_dir.parent


def test_deploys_the_stack_then_the_site_built_for_its_cognito(
    aws, create_distribution, run_script, aws_env, stub_venv, tmp_path
):
    s3 = aws("s3", region_name="eu-west-2")
    s3.create_bucket(Bucket="academy-site", CreateBucketConfiguration={"LocationConstraint": "eu-west-2"})
    outputs = {
        "SiteBucketName": "academy-site",
        "DistributionId": create_distribution("academy-site"),
        "SiteUrl": "https://d111.cloudfront.net",
        "OidcIssuer": "https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123",
        "OidcClientId": "4d2kq1example",
        "OidcDomain": COGNITO,
    }
    # What `sam deploy` would have left: the stack and its outputs.
    aws("cloudformation", region_name="eu-west-2").create_stack(
        StackName="academy-test",
        TemplateBody=json.dumps({
            "Resources": {"Topic": {"Type": "AWS::SNS::Topic"}},
            "Outputs": {k: {"Value": v} for k, v in outputs.items()},
        }),
    )
    site = tmp_path / "client"
    (site / "assets").mkdir(parents=True)
    (site / "index.html").write_text("<script src=/assets/app-1.js></script>")
    (site / "assets" / "app-1.js").write_text("app")
    log = tmp_path / "stub.log"
    env = {k: v for k, v in aws_env.items() if k != "AWS_DEFAULT_REGION"} | {
        "VENV": str(stub_venv),
        "STACK": "academy-test",
        "REGION": "eu-west-2",
        "DEPLOY_ARGS": "--parameter-overrides Domain=academy.example",
        "SITE_DIR": str(site),
        "STUB_LOG": str(log),
    }

    done = run_script("deploy.sh", env)

    assert done.returncode == 0, done.stderr
    assert log.read_text().splitlines() == [
        "build",
        "deploy --stack-name academy-test --region eu-west-2 --parameter-overrides Domain=academy.example",
        "npm run build in site with ACADEMY_DEPLOY=1"
        f" OIDC_CLIENT_ID=4d2kq1example OIDC_ISSUER={outputs['OidcIssuer']} OIDC_LOGOUT_URL={COGNITO}/logout"
        f" OIDC_REDIRECT_URI=/sign-in OIDC_SIGN_UP={COGNITO}/signup",
    ]
    uploaded = sorted(o["Key"] for o in s3.list_objects_v2(Bucket="academy-site")["Contents"])
    assert uploaded == ["assets/app-1.js", "index.html"]
    assert "uploaded 2, unchanged 0, deleted 0; invalidation " in done.stdout
    assert done.stdout.endswith("deploy: https://d111.cloudfront.net\n")
