"""stack_outputs.py against moto's CloudFormation: KEY=VALUE lines, the region from AWS_REGION."""

import json

import pytest

OUTPUTS = {
    "SiteBucketName": "academy-site-123",
    "DistributionId": "E2EXAMPLE",
    "OidcDomain": "https://academy.auth.eu-west-2.amazoncognito.com",
}
TEMPLATE = {
    "Resources": {"Topic": {"Type": "AWS::SNS::Topic"}},
    "Outputs": {key: {"Value": value} for key, value in OUTPUTS.items()},
}


@pytest.fixture
def stack(aws, tmp_path):
    name = f"academy-{tmp_path.name.replace('_', '-')}"[:120]
    aws("cloudformation", region_name="eu-west-2").create_stack(StackName=name, TemplateBody=json.dumps(TEMPLATE))
    return name


@pytest.fixture
def env(aws_env):
    # Only AWS_REGION, which boto3 alone ignores: the stack is found only if the script honours it.
    return {k: v for k, v in aws_env.items() if k != "AWS_DEFAULT_REGION"} | {"AWS_REGION": "eu-west-2"}


def test_prints_the_asked_outputs_in_order(run_script, env, stack):
    done = run_script("stack_outputs.py", env, stack, "SiteBucketName", "OidcDomain")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{k}={OUTPUTS[k]}" for k in ("SiteBucketName", "OidcDomain")]


def test_prints_every_output_sorted_without_keys(run_script, env, stack):
    done = run_script("stack_outputs.py", env, stack)
    assert done.stdout.splitlines() == [f"{k}={OUTPUTS[k]}" for k in sorted(OUTPUTS)]


def test_a_missing_output_is_one_sentence(run_script, env, stack):
    done = run_script("stack_outputs.py", env, stack, "SiteBucketName", "OidcIssuer")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"Stack {stack} has no output OidcIssuer:") and done.stderr.count("\n") == 1


def test_no_such_stack_is_an_error(run_script, env):
    done = run_script("stack_outputs.py", env, "nope")
    assert done.returncode == 1 and "nope" in done.stderr
