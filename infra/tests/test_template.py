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


# CloudFront's managed policies (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/
# using-managed-cache-policies.html and using-managed-origin-request-policies.html).
CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"
ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac"
DISTRIBUTION_ARN = {"Fn::Sub": "arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${Distribution}"}


def distribution(source):
    return source["Resources"]["Distribution"]["Properties"]["DistributionConfig"]


def of_type(template, kind):
    return {name: r for name, r in template["Resources"].items() if r["Type"] == kind}


def test_the_lecture_function_url_takes_only_requests_cloudfront_signs(transformed):
    urls = of_type(transformed, "AWS::Lambda::Url")
    assert list(urls) == ["LectureFunctionUrl"]
    url = urls["LectureFunctionUrl"]["Properties"]
    assert url["TargetFunctionArn"] == {"Fn::GetAtt": ["LectureFunction", "Arn"]}
    assert url["AuthType"] == "AWS_IAM", "the URL must refuse requests CloudFront did not sign"
    # Who may call the lecture function: CloudFront, for this distribution only, and only
    # through the URL (new function URLs need InvokeFunctionUrl and InvokeFunction both).
    permissions = [
        p["Properties"]
        for p in of_type(transformed, "AWS::Lambda::Permission").values()
        if p["Properties"]["FunctionName"] == {"Ref": "LectureFunction"}
    ]
    assert sorted(p["Action"] for p in permissions) == ["lambda:InvokeFunction", "lambda:InvokeFunctionUrl"]
    for permission in permissions:
        assert permission["Principal"] == "cloudfront.amazonaws.com"
        assert permission["SourceArn"] == DISTRIBUTION_ARN, "scoped to this distribution"
        if permission["Action"] == "lambda:InvokeFunction":
            assert permission["InvokedViaFunctionUrl"] is True, "never a direct Invoke"
        else:
            assert permission["FunctionUrlAuthType"] == "AWS_IAM"


def test_lecture_links_go_uncached_through_the_lambda_origin_access_control(source):
    resources = source["Resources"]
    config = distribution(source)
    behaviour = next(b for b in config["CacheBehaviors"] if b["PathPattern"] == "/lecture/*")
    origin = next(o for o in config["Origins"] if o["Id"] == behaviour["TargetOriginId"])
    url = {"Fn::GetAtt": ["LectureFunctionUrl", "FunctionUrl"]}
    assert origin["DomainName"] == {"Fn::Select": [2, {"Fn::Split": ["/", url]}]}
    assert origin["CustomOriginConfig"]["OriginProtocolPolicy"] == "https-only"
    oac_ref = origin["OriginAccessControlId"]["Fn::GetAtt"]
    assert oac_ref[1] == "Id"
    oac = resources[oac_ref[0]]["Properties"]["OriginAccessControlConfig"]
    assert (oac["OriginAccessControlOriginType"], oac["SigningBehavior"], oac["SigningProtocol"]) == ("lambda", "always", "sigv4")
    # The function answers through the same dispatch as the API, which wants the CDN's header.
    globals_env = source["Globals"]["Function"]["Environment"]["Variables"]
    assert origin["OriginCustomHeaders"] == [{"HeaderName": "X-Origin-Verify", "HeaderValue": globals_env["ACADEMY_ORIGIN_SECRET"]}]

    assert behaviour["CachePolicyId"] == CACHING_DISABLED
    # The query string (the signature) and Range reach the function; Host does not.
    assert behaviour["OriginRequestPolicyId"] == ALL_VIEWER_EXCEPT_HOST_HEADER
    assert behaviour["ResponseHeadersPolicyId"] == {"Ref": "SecurityHeadersPolicy"}
    assert behaviour["ViewerProtocolPolicy"] == "redirect-to-https"
    assert behaviour["AllowedMethods"] == ["GET", "HEAD"]
    assert "FunctionAssociations" not in behaviour, "the site's routing must not rewrite /lecture/ paths"
    for other in config["CacheBehaviors"]:
        assert "FunctionAssociations" not in other, other["PathPattern"]


def test_lecture_links_are_signed_and_checked_with_one_generated_key_secret(source, transformed):
    resources = source["Resources"]
    generated = resources["LectureKey"]["Properties"]["GenerateSecretString"]
    assert json.loads(generated["SecretStringTemplate"]) == {"current": "k1"}
    assert generated["GenerateStringKey"] == "k1"
    assert generated["PasswordLength"] >= 32 and generated["ExcludePunctuation"] is True

    env = {name: resources[f"{name.capitalize()}Function"]["Properties"]["Environment"]["Variables"] for name in ("videos", "lecture")}
    for name in ("videos", "lecture"):
        assert env[name]["ACADEMY_LECTURE_KEY_SECRET"] == {"Ref": "LectureKey"}, name
        assert env[name]["ACADEMY_LECTURE_LINK_SECONDS"] == {"Ref": "LectureLinkSeconds"}, name
    assert env["lecture"]["ACADEMY_LECTURE_PLAY_SECONDS"] == {"Ref": "LecturePlaySeconds"}
    assert "ACADEMY_LECTURES_BUCKET" not in env["videos"], "videos no longer presigns"

    roles = dict(roles_by_binary(source, transformed))
    for binary, role in roles.items():
        for statement in statements(role):
            if "secretsmanager:GetSecretValue" in actions(statement) and binary in ("videos", "lecture"):
                assert statement["Resource"] == [{"Ref": "LectureKey"}], binary
            if "s3:GetObject" in actions(statement):
                assert binary == "lecture", f"{binary} may not read lecture files"
                assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/*"}]
            if binary == "lecture" and any(a.startswith("dynamodb:") for a in actions(statement)):
                assert statement["Resource"] == [{"Fn::GetAtt": ["Table", "Arn"]}], "lecture reads the table by key only"


def test_lecture_lifetimes_are_bounded_parameters(source):
    parameters = source["Parameters"]
    link, play = parameters["LectureLinkSeconds"], parameters["LecturePlaySeconds"]
    assert (link["Type"], link["MinValue"], link["MaxValue"], link["Default"]) == ("Number", 60, 3600, 900)
    assert (play["Type"], play["MinValue"], play["MaxValue"], play["Default"]) == ("Number", 600, 43200, 10800)
    grouped = [p for group in source["Metadata"]["AWS::CloudFormation::Interface"]["ParameterGroups"] for p in group["Parameters"]]
    assert sorted(grouped) == sorted(parameters), "every parameter is in a parameter group"
    assert source["Outputs"]["LectureUrl"]["Value"] == {"Fn::GetAtt": ["LectureFunctionUrl", "FunctionUrl"]}
