"""deploy.sh (make deploy): the stop without credentials, and runs with sam and npm stubbed against
moto: the stack, the second pass that points sign-in at the distribution when there is no domain
(docs/decisions/0024), then the site built for the stack's Cognito and uploaded."""

import json
import sys
import uuid
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


DISTRIBUTION = "d111.cloudfront.net"
ISSUER = "https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123"
SITE_BUILD = (
    "npm run build in site with ACADEMY_DEPLOY=1"
    f" OIDC_CLIENT_ID=4d2kq1example OIDC_ISSUER={ISSUER} OIDC_LOGOUT_URL={COGNITO}/logout"
    f" OIDC_REDIRECT_URI=/sign-in OIDC_SIGN_UP={COGNITO}/signup"
)


@pytest.fixture
def deploy(aws, create_distribution, run_script, aws_env, stub_venv, tmp_path):
    """Runs deploy.sh with DEPLOY_ARGS against a stack whose outputs are what `sam deploy` would
    have left (the app client's sign-in URLs as given); returns the finished run, the stubs' log
    lines and the keys uploaded to the site bucket."""

    # moto's state outlives a test: names of this test's own.
    stack = f"academy-{uuid.uuid4().hex[:12]}"
    bucket = f"{stack}-site"

    def run(deploy_args: str, sign_in: str, sign_out: str):
        s3 = aws("s3", region_name="eu-west-2")
        s3.create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": "eu-west-2"})
        outputs = {
            "SiteBucketName": bucket,
            "DistributionId": create_distribution(bucket),
            "DistributionDomainName": DISTRIBUTION,
            "SiteUrl": f"https://{DISTRIBUTION}",
            "SignInCallbackUrl": sign_in,
            "SignOutUrl": sign_out,
            "OidcIssuer": ISSUER,
            "OidcClientId": "4d2kq1example",
            "OidcDomain": COGNITO,
        }
        cloudformation = aws("cloudformation", region_name="eu-west-2")
        cloudformation.create_stack(
            StackName=stack,
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
            "STACK": stack,
            "REGION": "eu-west-2",
            "DEPLOY_ARGS": deploy_args,
            "SITE_DIR": str(site),
            "STUB_LOG": str(log),
        }
        done = run_script("deploy.sh", env)
        assert done.returncode == 0, done.stderr
        uploaded = sorted(o["Key"] for o in s3.list_objects_v2(Bucket=bucket).get("Contents", []))
        calls = [line.replace(stack, "STACK") for line in log.read_text().splitlines()]
        return done, calls, uploaded

    return run


FIRST = "deploy --stack-name STACK --region eu-west-2"


def test_without_a_domain_a_second_pass_points_sign_in_at_the_distribution(deploy):
    # The first deploy of a stack without DomainName: the app client's URLs are the placeholder.
    done, calls, uploaded = deploy(
        "--parameter-overrides AlarmEmail=ops@academy.example --no-progressbar",
        "https://localhost/sign-in",
        "https://localhost/",
    )

    assert calls == [
        "build",
        f"{FIRST} --parameter-overrides AlarmEmail=ops@academy.example --no-progressbar",
        # The operator's arguments again, the distribution's address in their one --parameter-overrides.
        f"{FIRST} --parameter-overrides DistributionDomain={DISTRIBUTION} AlarmEmail=ops@academy.example --no-progressbar",
        SITE_BUILD,
    ]
    assert f"deploy: sign-in URLs to https://{DISTRIBUTION}/ (sam deploy again)\n" in done.stdout
    assert uploaded == ["assets/app-1.js", "index.html"]
    assert "uploaded 2, unchanged 0, deleted 0; invalidation " in done.stdout
    assert done.stdout.endswith(f"deploy: https://{DISTRIBUTION}\n")


@pytest.mark.parametrize(
    ("deploy_args", "again"),
    [
        ("", f"--parameter-overrides DistributionDomain={DISTRIBUTION}"),
        ("--no-progressbar", f"--no-progressbar --parameter-overrides DistributionDomain={DISTRIBUTION}"),
        (
            "--parameter-overrides=PriceClass=PriceClass_All",
            f"--parameter-overrides DistributionDomain={DISTRIBUTION} PriceClass=PriceClass_All",
        ),
    ],
    ids=["no-args", "no-overrides", "overrides="],
)
def test_the_second_pass_has_one_parameter_overrides(deploy, deploy_args, again):
    _, calls, _ = deploy(deploy_args, "https://localhost/sign-in", "https://localhost/")
    assert calls == ["build", f"{FIRST} {deploy_args}".rstrip(), f"{FIRST} {again}", SITE_BUILD]


@pytest.mark.parametrize(
    ("deploy_args", "sign_in", "sign_out"),
    [
        # A domain of our own: the client's URLs are on it from the first pass.
        (
            "--parameter-overrides DomainName=academy.example CertificateArn=arn:aws:acm:us-east-1:123456789012:certificate/x",
            "https://academy.example/sign-in",
            "https://academy.example/",
        ),
        # A later deploy: DistributionDomain kept its value from the second pass of the first.
        ("", f"https://{DISTRIBUTION}/sign-in", f"https://{DISTRIBUTION}/"),
    ],
    ids=["domain", "redeploy"],
)
def test_with_sign_in_already_on_the_site_there_is_one_pass(deploy, deploy_args, sign_in, sign_out):
    done, calls, _ = deploy(deploy_args, sign_in, sign_out)
    assert calls == ["build", f"{FIRST} {deploy_args}".rstrip(), SITE_BUILD]
    assert "sam deploy again" not in done.stdout


def test_a_replaced_distribution_moves_sign_in_to_the_new_one(deploy):
    _, calls, _ = deploy("", "https://d999old.cloudfront.net/sign-in", "https://d999old.cloudfront.net/")
    assert calls[2] == f"{FIRST} --parameter-overrides DistributionDomain={DISTRIBUTION}"
