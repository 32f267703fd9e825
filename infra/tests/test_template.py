"""template.yaml as AWS will see it, checked offline: each function's role after the SAM
transform (samtranslator, as `sam deploy` runs it) grants exactly the calls its code makes
(infra/iam/actions.json, which functions/core/tests/iam.rs checks against the code), plus only
the managed policies and statements SAM adds for the event sources."""

import json
from pathlib import Path

import pytest
from samtranslator.translator.transform import transform
from samtranslator.yaml_helper import yaml_parse

ROOT = Path(__file__).resolve().parents[2]
BASIC = "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"
STREAM = "arn:aws:iam::aws:policy/service-role/AWSLambdaDynamoDBExecutionRole"


class ManagedPolicies:
    """samtranslator's loader of AWS managed policy ARNs, without calling IAM."""

    def load(self):
        return {}

    def get(self, name):
        return f"arn:aws:iam::aws:policy/service-role/{name}"


@pytest.fixture(scope="module")
def source():
    return yaml_parse((ROOT / "template.yaml").read_text())


@pytest.fixture(scope="module")
def transformed(source, monkeypatch_module):
    template = json.loads(json.dumps(source))
    for resource in template["Resources"].values():
        if resource["Type"] == "AWS::Serverless::Function":
            # `sam build` puts each built binary here; the transform only checks it is an S3 URI.
            resource["Properties"]["CodeUri"] = "s3://built/bootstrap.zip"
    return transform(template, {}, ManagedPolicies())


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("AWS_DEFAULT_REGION", "eu-west-2")
        yield patch


def statements(role):
    for policy in role["Properties"].get("Policies", []):
        for statement in policy["PolicyDocument"]["Statement"]:
            if isinstance(statement, dict) and "Fn::If" in statement:
                statement = statement["Fn::If"][1]  # the statement when its condition holds
            yield statement


def actions(statement):
    action = statement["Action"]
    return [action] if isinstance(action, str) else action


def roles_by_binary(source, transformed):
    resources = transformed["Resources"]
    for name, resource in source["Resources"].items():
        if resource["Type"] == "AWS::Serverless::Function":
            binary = resource["Metadata"]["BuildProperties"]["Binary"]
            role_ref = resources[name]["Properties"]["Role"]["Fn::GetAtt"][0]
            yield binary, resources[role_ref]


def test_each_role_grants_exactly_what_its_code_calls(source, transformed):
    declared = {k: set(v) for k, v in json.loads((ROOT / "infra/iam/actions.json").read_text()).items() if not k.startswith("$")}
    seen = set()
    for binary, role in roles_by_binary(source, transformed):
        seen.add(binary)
        granted = set()
        for statement in statements(role):
            assert statement["Effect"] == "Allow"
            assert statement["Resource"] != "*", f"{binary}: {statement} is not scoped to a resource"
            granted.update(actions(statement))
        if binary == "mailer":
            # The Lambda service sends records that fail every retry to the dead-letter queue
            # with this role (SAM writes the statement for DestinationConfig).
            granted.discard("sqs:SendMessage")
        assert granted == declared[binary], binary
        managed = set(role["Properties"]["ManagedPolicyArns"])
        assert managed == ({BASIC, STREAM} if binary == "mailer" else {BASIC}), binary
    assert seen == set(declared)


def test_the_api_is_reached_only_through_cloudfront_with_its_viewer_headers(source):
    resources = source["Resources"]
    globals_env = source["Globals"]["Function"]["Environment"]["Variables"]
    config = resources["Distribution"]["Properties"]["DistributionConfig"]
    api_origin = next(o for o in config["Origins"] if o["Id"] == "api")
    header = api_origin["OriginCustomHeaders"][0]
    assert header["HeaderName"] == "X-Origin-Verify"
    assert header["HeaderValue"] == globals_env["ACADEMY_ORIGIN_SECRET"], "CloudFront sends what the API expects"
    forwarded = resources["ApiOriginRequestPolicy"]["Properties"]["OriginRequestPolicyConfig"]
    assert {"CloudFront-Viewer-Country", "CloudFront-Viewer-Address", "X-Secret-Id"} <= set(forwarded["HeadersConfig"]["Headers"])
    assert forwarded["CookiesConfig"] == {"CookieBehavior": "none"}
    assert forwarded["QueryStringsConfig"] == {"QueryStringBehavior": "all"}
    api = next(b for b in config["CacheBehaviors"] if b["PathPattern"] == "/api/*")
    assert "POST" in api["AllowedMethods"] and api["CachedMethods"] == ["GET", "HEAD"]
    assert "CustomErrorResponses" not in config, "error pages would replace the API's JSON errors"
    assert config["HttpVersion"] == "http2and3"


def test_every_function_logs_to_a_group_with_retention(source):
    resources = source["Resources"]
    for name, resource in resources.items():
        if resource["Type"] == "AWS::Serverless::Function":
            group = resource["Properties"]["LoggingConfig"]["LogGroup"]["Ref"]
            assert resources[group]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}, name
            alarm = resources[name.replace("Function", "FailingAlarm")]
            assert alarm["Properties"]["AlarmActions"] == [{"Ref": "AlarmTopic"}], name
