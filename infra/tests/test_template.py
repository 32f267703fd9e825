"""template.yaml as AWS will see it, checked offline: each function's role after the SAM
transform (samtranslator, as `sam deploy` runs it) grants exactly the calls its code makes
(infra/iam/actions.json, which functions/core/tests/iam.rs checks against the code), plus only
the managed policies and statements SAM adds for the event sources."""

import json
import re
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
        if resource["Type"] == "AWS::Serverless::LayerVersion":
            resource["Properties"]["ContentUri"] = "s3://built/layer.zip"
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


# Actions of the Service Authorization Reference with no resource type: a policy can name them
# only with "*". MediaConvert's Probe reads a file by URL with the caller's own S3 permissions.
UNSCOPED = {"mediaconvert:Probe"}


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
            if statement["Resource"] == "*":
                # Only an action IAM knows no resource type for may name every resource.
                assert set(actions(statement)) <= UNSCOPED, f"{binary}: {statement} is not scoped to a resource"
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
    # Authorization (the JWT authorizer's, videos' bearer tokens) reaches the API only from the
    # cache key: CloudFront refuses it in an origin request policy.
    assert api["CachePolicyId"] == {"Ref": "ApiCachePolicy"}
    cached = resources["ApiCachePolicy"]["Properties"]["CachePolicyConfig"]["ParametersInCacheKeyAndForwardedToOrigin"]
    assert cached["HeadersConfig"] == {"HeaderBehavior": "whitelist", "Headers": ["Authorization"]}
    assert "Authorization" not in forwarded["HeadersConfig"]["Headers"]
    assert "CustomErrorResponses" not in config, "error pages would replace the API's JSON errors"
    assert config["HttpVersion"] == "http2and3"


def test_every_function_reads_the_sdks_partition_from_the_layer_that_holds_it(source, transformed):
    # Lambda unpacks a layer under /opt: the file the variable names must be in the layer's folder.
    variables = source["Globals"]["Function"]["Environment"]["Variables"]
    path = variables["SMITHY_CLIENT_SDK_CUSTOM_PARTITION"]
    layer = source["Resources"]["PartitionsLayer"]["Properties"]
    assert path.startswith("/opt/")
    partitions = json.loads((ROOT / layer["ContentUri"] / path.removeprefix("/opt/")).read_text())
    assert [p["id"] for p in partitions["partitions"]] == ["aws"]
    functions = of_type(transformed, "AWS::Lambda::Function")
    assert functions
    for name, function in functions.items():
        layers = function["Properties"].get("Layers", [])
        assert len(layers) == 1 and "PartitionsLayer" in json.dumps(layers), name
        env = function["Properties"]["Environment"]["Variables"]
        assert env["SMITHY_CLIENT_SDK_CUSTOM_PARTITION"] == path, name


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
            if "s3:GetObject" in actions(statement) and binary == "transcode":
                # MediaConvert's Probe reads an uploaded recording with the function's credentials.
                assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/lectures/*/source/*"}]
            elif "s3:GetObject" in actions(statement) and binary in ("assignments", "staff-assignments"):
                # Assignment files only (test_assignment_files_are_kept_under_the_lectures_buckets_assignments_prefix).
                assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/assignments/*"}]
            elif "s3:GetObject" in actions(statement) and binary == "staff-payments":
                # Receipt files only (test_payment_receipts_are_kept_under_the_lectures_buckets_receipts_prefix).
                assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/payment-receipts/*"}]
            elif "s3:GetObject" in actions(statement) and binary == "certificates":
                # Certificates' PDFs only (test_certificate_pdfs_are_kept_under_the_lectures_buckets_certificates_prefix).
                assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/certificates/*"}]
            elif "s3:GetObject" in actions(statement):
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


def test_the_site_may_read_presigned_lecture_segments_and_nothing_more(source):
    """hls.js fetches an HLS recording's presigned segments from S3 (docs/decisions/0031): the
    bucket lets the site's own origin read them cross-origin, and nothing else."""
    rules = source["Resources"]["LecturesBucket"]["Properties"]["CorsConfiguration"]["CorsRules"]
    play = next(r for r in rules if r["Id"] == "PlayLectures")
    assert sorted(play["AllowedMethods"]) == ["GET", "HEAD"]
    assert play["AllowedHeaders"] == ["Range"]
    origins = json.dumps(play["AllowedOrigins"])
    assert "*" not in origins and "${DomainName}" in origins and "${DistributionDomain}" in origins


# ---- sign-in on the API (docs/decisions/0024) -------------------------------------------------

COGNITO_ISSUER = {"Fn::Sub": "https://cognito-idp.${AWS::Region}.amazonaws.com/${UserPool}"}
ME_ROUTES = {"/api/me/batches", "/api/me/progress/{batchId}", "/api/me/progress/{batchId}/{lectureNumber}"}
# A student's certificates are signed in; their public verification (the same function) is not.
MY_CERTIFICATE_ROUTES = {"/api/me/certificates", "/api/me/certificates/{id}/pdf"}
PUBLIC_CERTIFICATE_ROUTES = {"/api/certificates/{id}", "/api/certificates/{id}/pdf"}
# The staff console's paths (the product's contract names them; the acceptance checks use them), by the function
# that answers them: one function per route family.
STAFF_ROUTES = {
    "/api/staff/enquiries": "StaffEnquiriesFunction",
    "/api/staff/enquiries.csv": "StaffEnquiriesFunction",
    "/api/staff/enquiries/{id}": "StaffEnquiriesFunction",
    "/api/staff/enquiries/{id}/resend": "StaffEnquiriesFunction",
    "/api/staff/batches": "StaffEnrolmentsFunction",
    "/api/staff/enrolments": "StaffEnrolmentsFunction",
    "/api/staff/enrolments/{id}": "StaffEnrolmentsFunction",
    "/api/staff/enrolments/{id}/resend": "StaffEnrolmentsFunction",
    "/api/staff/batches/{batchId}/enrolments": "StaffEnrolmentsFunction",
    "/api/staff/batches/{batchId}/enrolments/bulk": "StaffEnrolmentsFunction",
    "/api/staff/batches/{batchId}/report": "StaffReportsFunction",
    "/api/staff/batches/{batchId}/report.csv": "StaffReportsFunction",
    "/api/staff/audit": "StaffAuditFunction",
    "/api/staff/batches/{batchId}/lectures": "StaffLecturesFunction",
    "/api/staff/batches/{batchId}/lectures/{lectureNumber}": "StaffLecturesFunction",
    "/api/staff/batches/{batchId}/lectures/{lectureNumber}/upload": "StaffLecturesFunction",
    "/api/staff/batches/{batchId}/lectures/{lectureNumber}/upload/complete": "StaffLecturesFunction",
    "/api/staff/batches/{batchId}/lectures/{lectureNumber}/retry": "StaffLecturesFunction",
    "/api/staff/batches/{batchId}/lectures/{lectureNumber}/captions": "StaffLecturesFunction",
    "/api/staff/demo/slots": "StaffDemoFunction",
    "/api/staff/demo/slots/{slotId}": "StaffDemoFunction",
    "/api/staff/demo/slots/{slotId}/bookings": "StaffDemoFunction",
    "/api/staff/demo/bookings/{bookingId}": "StaffDemoFunction",
    "/api/staff/batches/{batchId}/certificates": "StaffCertificatesFunction",
    "/api/staff/batches/{batchId}/students/{studentId}/completion": "StaffCertificatesFunction",
    "/api/staff/batches/{batchId}/students/{studentId}/certificate": "StaffCertificatesFunction",
    "/api/staff/certificates/{id}": "StaffCertificatesFunction",
    "/api/staff/certificates/{id}/revoke": "StaffCertificatesFunction",
    "/api/staff/batches/{batchId}/timetable": "StaffSessionsFunction",
    "/api/staff/batches/{batchId}/sessions": "StaffSessionsFunction",
    "/api/staff/batches/{batchId}/attendance": "StaffSessionsFunction",
    "/api/staff/batches/{batchId}/attendance.csv": "StaffSessionsFunction",
    "/api/staff/batches/{batchId}/attendance/minimum": "StaffSessionsFunction",
    "/api/staff/sessions/{id}": "StaffSessionsFunction",
    "/api/staff/sessions/{id}/attendance": "StaffSessionsFunction",
    "/api/staff/sessions/{id}/attendance/{studentId}": "StaffSessionsFunction",
    "/api/staff/batches/{batchId}/assignments": "StaffAssignmentsFunction",
    "/api/staff/batches/{batchId}/assignment-rule": "StaffAssignmentsFunction",
    "/api/staff/assignments/{id}": "StaffAssignmentsFunction",
    "/api/staff/assignments/{id}/attachments": "StaffAssignmentsFunction",
    "/api/staff/assignments/{id}/attachments/{fileId}": "StaffAssignmentsFunction",
    "/api/staff/assignments/{id}/attachments/{fileId}/complete": "StaffAssignmentsFunction",
    "/api/staff/assignments/{id}/submissions": "StaffAssignmentsFunction",
    "/api/staff/submissions": "StaffAssignmentsFunction",
    "/api/staff/submissions/{id}": "StaffAssignmentsFunction",
    "/api/staff/submissions/{id}/review": "StaffAssignmentsFunction",
    "/api/staff/payments": "StaffPaymentsFunction",
    "/api/staff/payments.csv": "StaffPaymentsFunction",
    "/api/staff/payments/ledger": "StaffPaymentsFunction",
    "/api/staff/payments/manual": "StaffPaymentsFunction",
    "/api/staff/payments/receipts": "StaffPaymentsFunction",
    "/api/staff/payments/receipts/{receiptId}/complete": "StaffPaymentsFunction",
    "/api/staff/payments/{paymentId}/receipt": "StaffPaymentsFunction",
    "/api/staff/payments/{paymentId}/refund": "StaffPaymentsFunction",
    "/api/staff/plans/{planId}/due": "StaffPaymentsFunction",
}
# A student's assignments: one function, signed in.
MY_ASSIGNMENT_ROUTES = {
    "/api/me/assignments",
    "/api/me/assignments/{id}",
    "/api/me/assignments/{id}/submission",
    "/api/me/assignments/{id}/submission/submit",
    "/api/me/assignments/{id}/files",
    "/api/me/assignments/{id}/files/{fileId}/complete",
}
# A student's live classes: signed in, but Join (a plain navigation, named by the calendar token in its query)
# and the feed (fetched by calendar programs) are not behind the authorizer.
MY_SESSION_ROUTES = {"/api/me/sessions", "/api/me/calendar", "/api/me/calendar/token"}
TOKEN_SESSION_ROUTES = {"/api/me/sessions/{id}/join", "/calendar/{file}"}
# Payments: a signed-in student's billing; the checkout, its confirmation and a payment's status are public (the
# payer has no account yet; the client secret names the payment), and so is Stripe's webhook (Stripe signs it).
MY_BILLING_ROUTES = {
    "/api/me/billing",
    "/api/me/billing/receipts/{paymentId}",
    "/api/me/billing/{planId}/cancel",
    "/api/me/billing/{planId}/card",
}
PUBLIC_PAYMENT_ROUTES = {
    "/api/payments/options": "PaymentsFunction",
    "/api/payments/checkout": "PaymentsFunction",
    "/api/payments/{paymentId}": "PaymentsFunction",
    "/api/payments/{paymentId}/confirm": "PaymentsFunction",
    "/api/payments/stripe/webhook": "PaymentsWebhookFunction",
}
SIGNED_IN_ROUTES = (
    {path: "MeFunction" for path in ME_ROUTES}
    | {path: "PaymentsFunction" for path in MY_BILLING_ROUTES}
    | {path: "CertificatesFunction" for path in MY_CERTIFICATE_ROUTES}
    | {path: "SessionsFunction" for path in MY_SESSION_ROUTES}
    | {path: "AssignmentsFunction" for path in MY_ASSIGNMENT_ROUTES}
    | STAFF_ROUTES
)


def api_body(transformed):
    return transformed["Resources"]["Api"]["Properties"]["Body"]


def operations(body):
    for path, methods in body["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def target_function(operation):
    """The function an API operation invokes (its integration names `${<Function>.Arn}`)."""
    uri = operation["x-amazon-apigateway-integration"]["uri"]["Fn::Sub"]
    return re.search(r"\$\{(\w+Function)\.Arn\}", uri).group(1)


def test_exactly_the_signed_in_routes_are_behind_the_cognito_jwt_authorizer(transformed):
    body = api_body(transformed)
    assert "security" not in body, "no default authorizer: the other routes are public"
    schemes = body["components"]["securitySchemes"]
    assert list(schemes) == ["CognitoJwt"]
    authorizer = schemes["CognitoJwt"]["x-amazon-apigateway-authorizer"]
    assert authorizer["type"] == "jwt"
    assert authorizer["identitySource"] == "$request.header.Authorization"
    # Cognito's tokens carry this `iss`; its access tokens carry the client in `client_id`
    # (API Gateway checks that when there is no `aud`), its ID tokens in `aud`.
    assert authorizer["jwtConfiguration"] == {"issuer": COGNITO_ISSUER, "audience": [{"Ref": "UserPoolClient"}]}

    guarded = {}
    for path, method, operation in operations(body):
        function = target_function(operation)
        if path.startswith(("/api/me/", "/api/staff/")) and path not in TOKEN_SESSION_ROUTES:
            guarded[path] = function
            # Every method reaches the function, which answers HEAD and a JSON 405 itself, as
            # `academy serve` does (each feature's `Routes::methods`, in its `api.rs`).
            assert method == "x-amazon-apigateway-any-method", path
            # Access tokens only: they carry the scopes the site asked for, ID tokens none.
            assert operation["security"] == [{"CognitoJwt": ["openid"]}], path
        else:
            assert "security" not in operation, f"{path} must stay public"
            if path in PUBLIC_CERTIFICATE_ROUTES:
                # The verification is public by design; the function asks for a token on its /api/me routes.
                assert function == "CertificatesFunction", path
            elif path in TOKEN_SESSION_ROUTES:
                # Join and the feed name the student by their calendar token (Join also verifies a bearer itself).
                assert function == "SessionsFunction", path
            elif path in PUBLIC_PAYMENT_ROUTES:
                # The payer has no token yet (the function checks the client secret); Stripe signs the webhook.
                assert function == PUBLIC_PAYMENT_ROUTES[path], path
            else:
                assert function not in SIGNED_IN_ROUTES.values(), f"{path} reaches a signed-in function unguarded"
    assert guarded == SIGNED_IN_ROUTES
    # Secret ID holders have no token: videos verifies a bearer token itself when one is sent.
    videos = body["paths"]["/api/batches/{batchId}/videos"]["x-amazon-apigateway-any-method"]
    assert "security" not in videos


def test_every_operation_of_the_contract_is_routed_and_guarded_as_it_says(transformed):
    # functions/openapi.json is generated from the Rust handlers: an operation that needs a bearer
    # token there is behind the authorizer here, and every other one is public.
    contract = json.loads((ROOT / "functions/openapi.json").read_text())
    routed = {path: methods["x-amazon-apigateway-any-method"] for path, methods in api_body(transformed)["paths"].items()}
    for path, methods in contract["paths"].items():
        if not path.startswith("/api/"):
            continue  # /lecture/* is the lecture function's URL behind CloudFront, not the HTTP API
        assert path in routed, f"{path} is in the contract but not in template.yaml"
        for method, operation in methods.items():
            bearer = operation.get("security") == [{"bearer": []}]
            assert ("security" in routed[path]) == bearer, f"{method.upper()} {path}: authorizer vs contract"


def test_signed_in_functions_verify_tokens_of_the_authorizers_issuer_and_client(source):
    resources = source["Resources"]
    verifying = {}
    for name, resource in resources.items():
        if resource["Type"] == "AWS::Serverless::Function":
            env = resource["Properties"].get("Environment", {}).get("Variables", {})
            if {"ACADEMY_OIDC_ISSUER", "ACADEMY_OIDC_CLIENT_ID"} & set(env):
                verifying[name] = env
    # videos verifies a bearer token itself; the others are behind the authorizer, and staff's ask
    # the provider's userinfo endpoint for the caller's e-mail (Cognito's access tokens carry none).
    assert set(verifying) == {"VideosFunction"} | set(SIGNED_IN_ROUTES.values())
    jwt = resources["Api"]["Properties"]["Auth"]["Authorizers"]["CognitoJwt"]["JwtConfiguration"]
    for name, env in verifying.items():
        assert env["ACADEMY_OIDC_ISSUER"] == jwt["issuer"] == COGNITO_ISSUER, name
        assert [env["ACADEMY_OIDC_CLIENT_ID"]] == jwt["audience"] == [{"Ref": "UserPoolClient"}], name


def test_staff_are_the_user_pools_staff_group(source):
    groups = of_type(source, "AWS::Cognito::UserPoolGroup")
    assert [g["Properties"]["GroupName"] for g in groups.values()] == ["staff"], "the group identity.rs checks"
    assert all(g["Properties"]["UserPoolId"] == {"Ref": "UserPool"} for g in groups.values())
    # academy staff add|remove|list finds the pool here.
    assert source["Outputs"]["UserPoolId"]["Value"] == {"Ref": "UserPool"}


def test_staff_mail_goes_through_the_stacks_sender_and_links_to_the_site(source, transformed):
    resources = source["Resources"]
    mailer = resources["MailerFunction"]["Properties"]["Environment"]["Variables"]
    for name in ("StaffEnquiriesFunction", "StaffEnrolmentsFunction"):
        env = resources[name]["Properties"]["Environment"]["Variables"]
        for variable in ("ACADEMY_MAIL_FROM", "ACADEMY_SES_CONFIGURATION_SET"):
            assert env[variable] == mailer[variable], f"{name}: {variable}"
    enquiries = resources["StaffEnquiriesFunction"]["Properties"]["Environment"]["Variables"]
    assert enquiries["ACADEMY_MAIL_TO"] == mailer["ACADEMY_MAIL_TO"], "a resent enquiry goes to the institute's inbox"
    # A resend mails the institute's copy only: an acknowledgement would need the rate counter
    # (UpdateItem), which this role does not hold.
    assert "ACADEMY_AUTO_REPLY" not in enquiries
    # The welcome's link: the domain, else the distribution's address make deploy passes (the
    # distribution cannot be named: it names the API, which names this function).
    site = resources["StaffEnrolmentsFunction"]["Properties"]["Environment"]["Variables"]["ACADEMY_SITE_URL"]
    assert site == {
        "Fn::If": [
            "HasDomain",
            {"Fn::Sub": "https://${DomainName}"},
            {"Fn::If": ["HasDistributionDomain", {"Fn::Sub": "https://${DistributionDomain}"}, "https://localhost"]},
        ]
    }
    roles = dict(roles_by_binary(source, transformed))
    mailer_ses = next(s for s in statements(roles["mailer"]) if "ses:SendEmail" in actions(s))
    for binary in ("staff-enquiries", "staff-enrolments"):
        ses = [s for s in statements(roles[binary]) if "ses:SendEmail" in actions(s)]
        assert [s["Resource"] for s in ses] == [mailer_ses["Resource"]], f"{binary} sends as the mailer does"


def references(value):
    """The resources and parameters a template value names (Ref, Fn::GetAtt, Fn::Sub)."""
    if isinstance(value, list):
        for item in value:
            yield from references(item)
    elif isinstance(value, dict):
        for key, inner in value.items():
            if key == "Ref":
                yield inner
            elif key == "Fn::GetAtt":
                yield (inner if isinstance(inner, str) else inner[0]).split(".")[0]
            elif key == "Fn::Sub":
                text, names = (inner, {}) if isinstance(inner, str) else inner
                for name in re.findall(r"\$\{([^!}][^}]*)\}", text):
                    if name.split(".")[0] not in names:
                        yield name.split(".")[0]
                yield from references(names)
            else:
                yield from references(inner)


def dependencies(template):
    resources = template["Resources"]
    graph = {}
    for name, resource in resources.items():
        named = set(references(resource.get("Properties", {})))
        depends = resource.get("DependsOn", [])
        named.update([depends] if isinstance(depends, str) else depends)
        graph[name] = {n for n in named if n in resources}
    return graph


def cycle(graph):
    """A dependency cycle as a list of resources, or None."""
    state, path = {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_transformed_template_has_no_dependency_cycle(transformed):
    # cfn-lint (make lint-infra) checks this too; here the check cannot be configured away.
    graph = dependencies(transformed)
    assert cycle(graph) is None, " -> ".join(cycle(graph))
    # The edges that made the cycle this test guards against: API -> client, CDN -> API.
    assert "UserPoolClient" in graph["Api"] and "Api" in graph["Distribution"]
    # And the checker itself finds one.
    assert cycle(graph | {"UserPoolClient": graph["UserPoolClient"] | {"Distribution"}}) is not None


def test_the_sign_in_urls_come_from_parameters_never_from_the_distribution(source):
    client = source["Resources"]["UserPoolClient"]["Properties"]
    assert not {"Distribution", "Api"} & set(references(client)), "a cycle through the API's authorizer"
    urls = [
        ("SignInCallbackUrl", "HasCallbackUrl", client["CallbackURLs"], "sign-in"),
        ("SignOutUrl", "HasSignOutUrl", client["LogoutURLs"], ""),
    ]
    for name, given, [url], path in urls:
        # The explicit parameter, else the domain, else the distribution's address make deploy
        # passes, else the placeholder until it does.
        assert url["Fn::If"][:2] == [given, {"Ref": name}]
        domain = url["Fn::If"][2]["Fn::If"]
        assert domain[:2] == ["HasDomain", {"Fn::Sub": f"https://${{DomainName}}/{path}"}]
        distribution = {"Fn::Sub": f"https://${{DistributionDomain}}/{path}"}
        assert domain[2] == {"Fn::If": ["HasDistributionDomain", distribution, f"https://localhost/{path}"]}
        # deploy.sh reads the client's URLs from outputs that are the same expression.
        assert source["Outputs"][name]["Value"] == url, name
    assert source["Conditions"]["HasDistributionDomain"] == {"Fn::Not": [{"Fn::Equals": [{"Ref": "DistributionDomain"}, ""]}]}
    assert source["Outputs"]["DistributionDomainName"]["Value"] == {"Fn::GetAtt": ["Distribution", "DomainName"]}
    assert source["Outputs"]["SiteUrl"]["Value"]["Fn::If"][0] == "HasDomain"


def test_every_lambda_the_makefile_builds_is_a_function_of_the_template(source):
    line = next(l for l in (ROOT / "Makefile").read_text().splitlines() if l.startswith("LAMBDAS :="))
    built = set(line.split(":=")[1].split())
    deployed = {
        r["Metadata"]["BuildProperties"]["Binary"]
        for r in source["Resources"].values()
        if r["Type"] == "AWS::Serverless::Function"
    }
    assert deployed == built


def test_staff_browsers_put_upload_parts_to_the_lectures_bucket_and_read_their_etags(source, transformed):
    bucket = source["Resources"]["LecturesBucket"]["Properties"]
    rule = next(r for r in bucket["CorsConfiguration"]["CorsRules"] if r["Id"] == "UploadPartsFromTheSite")
    assert rule["AllowedMethods"] == ["PUT"]
    assert rule["ExposedHeaders"] == ["ETag"]
    site = source["Resources"]["StaffEnrolmentsFunction"]["Properties"]["Environment"]["Variables"]["ACADEMY_SITE_URL"]
    assert rule["AllowedOrigins"] == [site], "only the site's own origin"
    [lifecycle] = bucket["LifecycleConfiguration"]["Rules"]
    assert lifecycle["AbortIncompleteMultipartUpload"]["DaysAfterInitiation"] >= 1
    env = source["Resources"]["StaffLecturesFunction"]["Properties"]["Environment"]["Variables"]
    assert env["ACADEMY_LECTURES_BUCKET"] == {"Ref": "LecturesBucket"}
    roles = dict(roles_by_binary(source, transformed))
    for statement in statements(roles["staff-lectures"]):
        if any(a.startswith("s3:") for a in actions(statement)):
            if actions(statement) == ["s3:ListBucket"]:
                assert statement["Condition"] == {"StringLike": {"s3:prefix": ["lectures/*"]}}
            else:
                assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/lectures/*"}], "only the lectures' folders"


def test_recordings_reach_the_transcode_function_through_eventbridge(source, transformed):
    resources = source["Resources"]
    bucket = resources["LecturesBucket"]["Properties"]
    assert bucket["NotificationConfiguration"] == {"EventBridgeConfiguration": {"EventBridgeEnabled": True}}
    function = resources["TranscodeFunction"]["Properties"]
    events = {name: event["Properties"]["Pattern"] for name, event in function["Events"].items()}
    assert {e["Type"] for e in function["Events"].values()} == {"EventBridgeRule"}
    uploads = events["Uploads"]
    assert (uploads["source"], uploads["detail-type"]) == (["aws.s3"], ["Object Created"])
    assert uploads["detail"]["bucket"]["name"] == [{"Ref": "LecturesBucket"}]
    assert uploads["detail"]["object"]["key"] == [{"wildcard": "lectures/*/source/*"}]
    # The contract with the console's Retry (the staff-lectures function puts this event).
    assert events["Retries"] == {"source": ["academy.lectures"], "detail-type": ["Lecture transcode requested"]}
    jobs = events["JobStates"]
    assert (jobs["source"], jobs["detail-type"]) == (["aws.mediaconvert"], ["MediaConvert Job State Change"])
    assert jobs["detail"]["userMetadata"] == {"app": ["academy"]}
    assert {"PROGRESSING", "STATUS_UPDATE", "COMPLETE", "ERROR"} == set(jobs["detail"]["status"])
    # Each rule invokes the function, and nothing else does.
    rules = [r for r in transformed["Resources"].values() if r["Type"] == "AWS::Events::Rule"]
    assert len([r for r in rules if r["Properties"]["Targets"][0]["Arn"] == {"Fn::GetAtt": ["TranscodeFunction", "Arn"]}]) == 3
    assert function["Environment"]["Variables"]["ACADEMY_MEDIACONVERT_ROLE"] == {"Fn::GetAtt": ["MediaConvertRole", "Arn"]}


def test_mediaconvert_may_only_read_sources_and_write_renditions(source, transformed):
    role = source["Resources"]["MediaConvertRole"]["Properties"]
    trust = role["AssumeRolePolicyDocument"]["Statement"]
    assert [s["Principal"] for s in trust] == [{"Service": "mediaconvert.amazonaws.com"}]
    granted = {
        (s["Action"], s["Resource"]["Fn::Sub"]) for p in role["Policies"] for s in p["PolicyDocument"]["Statement"]
    }
    assert granted == {
        ("s3:GetObject", "${LecturesBucket.Arn}/lectures/*/source/*"),
        ("s3:PutObject", "${LecturesBucket.Arn}/lectures/*/hls/*"),
    }
    # The transcode function may hand jobs this role, and no other, to MediaConvert only.
    transcode = dict(roles_by_binary(source, transformed))["transcode"]
    passes = [s for s in statements(transcode) if "iam:PassRole" in actions(s)]
    assert [s["Resource"] for s in passes] == [[{"Fn::GetAtt": ["MediaConvertRole", "Arn"]}]]
    assert passes[0]["Condition"] == {"StringEquals": {"iam:PassedToService": "mediaconvert.amazonaws.com"}}


# ---- the free demo class's reminders (docs/decisions/0034-demo-booking.md) -----------------

def test_demo_reminders_are_scheduler_schedules_invoking_demo_reminder_as_its_own_role(source, transformed):
    resources = source["Resources"]
    group = resources["DemoScheduleGroup"]["Properties"]["Name"]
    assert group == "academy-demo", "the group functions/core/src/demo/reminders.rs names"
    # The role Scheduler assumes may invoke demo-reminder and nothing else.
    role = resources["DemoSchedulerRole"]["Properties"]
    [trust] = role["AssumeRolePolicyDocument"]["Statement"]
    assert trust["Principal"] == {"Service": "scheduler.amazonaws.com"} and trust["Action"] == "sts:AssumeRole"
    assert trust["Condition"] == {"StringEquals": {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}}
    [policy] = role["Policies"]
    [invoke] = policy["PolicyDocument"]["Statement"]
    assert (invoke["Action"], invoke["Resource"]) == ("lambda:InvokeFunction", {"Fn::GetAtt": ["DemoReminderFunction", "Arn"]})
    # The morning digest: 08:00 in Karachi, every day, to demo-reminder as that role.
    digest = resources["DemoDigestSchedule"]["Properties"]
    assert digest["ScheduleExpression"] == "cron(0 8 * * ? *)"
    assert digest["ScheduleExpressionTimezone"] == "Asia/Karachi"
    assert digest["GroupName"] == {"Ref": "DemoScheduleGroup"}
    assert digest["Target"]["Arn"] == {"Fn::GetAtt": ["DemoReminderFunction", "Arn"]}
    assert digest["Target"]["RoleArn"] == {"Fn::GetAtt": ["DemoSchedulerRole", "Arn"]}
    assert json.loads(digest["Target"]["Input"]) == {"kind": "digest"}
    # demo and staff-demo make the one-time schedules in that group only, pass only that role,
    # only to Scheduler, and tell the code where they are.
    roles = dict(roles_by_binary(source, transformed))
    for binary, name in (("demo", "DemoFunction"), ("staff-demo", "StaffDemoFunction"), ("staff-sessions", "StaffSessionsFunction")):
        granted = {a: s for s in statements(roles[binary]) for a in actions(s)}
        schedule_arn = {"Fn::Sub": "arn:${AWS::Partition}:scheduler:${AWS::Region}:${AWS::AccountId}:schedule/${DemoScheduleGroup}/*"}
        assert granted["scheduler:CreateSchedule"]["Resource"] == [schedule_arn], binary
        assert granted["scheduler:DeleteSchedule"]["Resource"] == [schedule_arn], binary
        passing = granted["iam:PassRole"]
        assert passing["Resource"] == [{"Fn::GetAtt": ["DemoSchedulerRole", "Arn"]}], binary
        assert passing["Condition"] == {"StringEquals": {"iam:PassedToService": "scheduler.amazonaws.com"}}, binary
        env = resources[name]["Properties"]["Environment"]["Variables"]
        assert env["ACADEMY_DEMO_SCHEDULE_GROUP"] == {"Ref": "DemoScheduleGroup"}, binary
        assert env["ACADEMY_DEMO_REMINDER_ARN"] == {"Fn::GetAtt": ["DemoReminderFunction", "Arn"]}, binary
        assert env["ACADEMY_DEMO_SCHEDULER_ROLE_ARN"] == {"Fn::GetAtt": ["DemoSchedulerRole", "Arn"]}, binary
    # Every demo function signs or checks links with the one generated key and mails as the stack does.
    mailer = resources["MailerFunction"]["Properties"]["Environment"]["Variables"]
    for name in ("DemoFunction", "StaffDemoFunction", "DemoReminderFunction"):
        env = resources[name]["Properties"]["Environment"]["Variables"]
        # resolved at deploy, so no function fetches it at a cold start (decision 0038)
        assert env["ACADEMY_DEMO_KEY"] == {"Fn::Sub": "{{resolve:secretsmanager:${DemoKey}:SecretString}}"}, name
        assert "ACADEMY_DEMO_KEY_SECRET" not in env, name
        for variable in ("ACADEMY_MAIL_FROM", "ACADEMY_MAIL_TO", "ACADEMY_SES_CONFIGURATION_SET"):
            assert env[variable] == mailer[variable], f"{name}: {variable}"
    assert "SecretStringTemplate" not in resources["DemoKey"]["Properties"]["GenerateSecretString"], "a plain key"


def test_certificate_pdfs_are_kept_under_the_lectures_buckets_certificates_prefix(source, transformed):
    resources = source["Resources"]
    site = resources["StaffEnrolmentsFunction"]["Properties"]["Environment"]["Variables"]["ACADEMY_SITE_URL"]
    roles = dict(roles_by_binary(source, transformed))
    expected = {"certificates": ["s3:GetObject", "s3:PutObject"], "staff-certificates": ["s3:PutObject"]}
    for name, binary in (("CertificatesFunction", "certificates"), ("StaffCertificatesFunction", "staff-certificates")):
        env = resources[name]["Properties"]["Environment"]["Variables"]
        assert env["ACADEMY_LECTURES_BUCKET"] == {"Ref": "LecturesBucket"}, name
        # The QR code and the LinkedIn link name the verification page on the site's own origin.
        assert env["ACADEMY_SITE_URL"] == site, name
        s3 = [s for s in statements(roles[binary]) if any(a.startswith("s3:") for a in actions(s))]
        assert sorted(a for s in s3 for a in actions(s)) == expected[binary], binary
        for statement in s3:
            assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/certificates/*"}], "only certificates/"


def test_payment_receipts_are_kept_under_the_lectures_buckets_receipts_prefix(source, transformed):
    """Staff's receipt files (a manual payment's bank slip) go up in parts as assignment files do,
    and staff-payments may touch nothing of the bucket but `payment-receipts/`."""
    resources = source["Resources"]
    env = resources["StaffPaymentsFunction"]["Properties"]["Environment"]["Variables"]
    assert env["ACADEMY_LECTURES_BUCKET"] == {"Ref": "LecturesBucket"}
    role = dict(roles_by_binary(source, transformed))["staff-payments"]
    s3 = [s for s in statements(role) if any(a.startswith("s3:") for a in actions(s))]
    assert sorted(a for s in s3 for a in actions(s)) == ["s3:DeleteObject", "s3:GetObject", "s3:PutObject"]
    for statement in s3:
        assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/payment-receipts/*"}], "only payment-receipts/"


def test_assignment_files_are_kept_under_the_lectures_buckets_assignments_prefix(source, transformed):
    resources = source["Resources"]
    roles = dict(roles_by_binary(source, transformed))
    for name, binary in (("AssignmentsFunction", "assignments"), ("StaffAssignmentsFunction", "staff-assignments")):
        env = resources[name]["Properties"]["Environment"]["Variables"]
        assert env["ACADEMY_LECTURES_BUCKET"] == {"Ref": "LecturesBucket"}, name
        s3 = [s for s in statements(roles[binary]) if any(a.startswith("s3:") for a in actions(s))]
        assert sorted(a for s in s3 for a in actions(s)) == ["s3:DeleteObject", "s3:GetObject", "s3:PutObject"], binary
        for statement in s3:
            assert statement["Resource"] == [{"Fn::Sub": "${LecturesBucket.Arn}/assignments/*"}], "only assignments/"
    # Reviews and due-time changes are mailed as staff's other mail is.
    mailer = resources["MailerFunction"]["Properties"]["Environment"]["Variables"]
    staff = resources["StaffAssignmentsFunction"]["Properties"]["Environment"]["Variables"]
    enrolments = resources["StaffEnrolmentsFunction"]["Properties"]["Environment"]["Variables"]
    for variable in ("ACADEMY_MAIL_FROM", "ACADEMY_SES_CONFIGURATION_SET"):
        assert staff[variable] == mailer[variable], variable
    assert staff["ACADEMY_SITE_URL"] == enrolments["ACADEMY_SITE_URL"]
    mailer_ses = next(s for s in statements(roles["mailer"]) if "ses:SendEmail" in actions(s))
    ses = [s for s in statements(roles["staff-assignments"]) if "ses:SendEmail" in actions(s)]
    assert [s["Resource"] for s in ses] == [mailer_ses["Resource"]]


# ---- payments (docs/OPERATIONS.md#payments) ---------------------------------------------------

PAYMENT_FUNCTIONS = {
    "PaymentsFunction": "payments",
    "PaymentsWebhookFunction": "payments-webhook",
    "StaffPaymentsFunction": "staff-payments",
    "PaymentsRenewalsFunction": "payments-renewals",
}
STRIPE_KEY = {"Fn::If": ["HasStripe", {"Fn::Sub": "{{resolve:secretsmanager:${StripeSecret}:SecretString:secretKey}}"}, ""]}
WEBHOOK_SECRET = {"Fn::If": ["HasStripe", {"Fn::Sub": "{{resolve:secretsmanager:${StripeSecret}:SecretString:webhookSecret}}"}, ""]}


def payment_env(source, name):
    return source["Resources"][name]["Properties"]["Environment"]["Variables"]


def test_each_payments_route_goes_to_its_function_guarded_as_the_contract_says(transformed):
    body = api_body(transformed)
    routed = {path: methods["x-amazon-apigateway-any-method"] for path, methods in body["paths"].items()}
    payments = {p: o for p, o in routed.items() if p.startswith(("/api/payments", "/api/me/billing", "/api/staff/payments", "/api/staff/plans"))}
    expected = (
        PUBLIC_PAYMENT_ROUTES
        | {p: "PaymentsFunction" for p in MY_BILLING_ROUTES}
        | {p: f for p, f in STAFF_ROUTES.items() if f == "StaffPaymentsFunction"}
    )
    assert {p: target_function(o) for p, o in payments.items()} == expected
    for path, operation in payments.items():
        guarded = path.startswith(("/api/me/", "/api/staff/"))
        assert (operation.get("security") == [{"CognitoJwt": ["openid"]}]) == guarded, path
        assert guarded or "security" not in operation, f"{path} must stay public"
    # The daily run has no route: only its schedule invokes it.
    assert "Events" not in transformed["Resources"]["PaymentsRenewalsFunction"]["Properties"]
    assert not [p for p, o in routed.items() if target_function(o) == "PaymentsRenewalsFunction"]


def test_the_stripe_keys_are_resolved_from_one_secret_at_deploy_and_never_fetched(source, transformed):
    parameters = source["Parameters"]
    assert parameters["StripeSecret"]["Default"] == "", "card payments are off until the operator gives a secret"
    assert source["Conditions"]["HasStripe"] == {"Fn::Not": [{"Fn::Equals": [{"Ref": "StripeSecret"}, ""]}]}
    for name, binary in PAYMENT_FUNCTIONS.items():
        env = payment_env(source, name)
        # Resolved at deploy, as ACADEMY_DEMO_KEY is: no function calls Secrets Manager at a cold start.
        assert env["ACADEMY_STRIPE_SECRET_KEY"] == STRIPE_KEY, name
        assert env["ACADEMY_STRIPE_KEYS_REVISION"] == {"Ref": "StripeKeysRevision"}, name
        assert env["ACADEMY_PAY_GRACE_DAYS"] == {"Ref": "PayGraceDays"}, name
        assert not [v for v in env if v.endswith("_SECRET_NAME") or v == "ACADEMY_STRIPE_SECRET"], name
        assert "ACADEMY_STRIPE_API_BASE" not in env and "ACADEMY_STRIPE_JS_URL" not in env, f"{name}: Stripe's own defaults"
        granted = {a for s in statements(dict(roles_by_binary(source, transformed))[binary]) for a in actions(s)}
        assert not {a for a in granted if a.startswith("secretsmanager:")}, binary
    # The webhook secret only where the signature is checked.
    assert payment_env(source, "PaymentsWebhookFunction")["ACADEMY_STRIPE_WEBHOOK_SECRET"] == WEBHOOK_SECRET
    for name in PAYMENT_FUNCTIONS.keys() - {"PaymentsWebhookFunction"}:
        assert "ACADEMY_STRIPE_WEBHOOK_SECRET" not in payment_env(source, name), name
    for resource in source["Resources"].values():
        if resource["Type"] == "AWS::Serverless::Function" and resource not in [source["Resources"][n] for n in PAYMENT_FUNCTIONS]:
            assert "StripeSecret" not in json.dumps(resource), "only the payments functions hold Stripe's keys"
    # What the browser and the payer see: the publishable key and the manual methods' details, from parameters.
    env = payment_env(source, "PaymentsFunction")
    for variable, parameter in (("ACADEMY_STRIPE_PUBLISHABLE_KEY", "StripePublishableKey"), ("ACADEMY_PAY_BANK", "PayBank"),
                                ("ACADEMY_PAY_JAZZCASH", "PayJazzCash"), ("ACADEMY_PAY_EASYPAISA", "PayEasypaisa")):
        assert env[variable] == {"Ref": parameter}, variable
        assert parameters[parameter]["Default"] == "", parameter
    assert parameters["StripePublishableKey"]["AllowedPattern"] == "^$|^pk_(test|live)_[A-Za-z0-9]+$"
    grace = parameters["PayGraceDays"]
    assert (grace["Type"], grace["Default"], grace["MinValue"]) == ("Number", 7, 0)


def test_the_daily_payments_run_is_a_scheduler_schedule_invoking_only_payments_renewals(source, transformed):
    resources = source["Resources"]
    schedule = resources["PaymentsRenewalsSchedule"]["Properties"]
    assert schedule["ScheduleExpression"] == "cron(0 7 * * ? *)"
    assert schedule["ScheduleExpressionTimezone"] == "Asia/Karachi"
    assert schedule["FlexibleTimeWindow"] == {"Mode": "OFF"}
    assert schedule["Target"]["Arn"] == {"Fn::GetAtt": ["PaymentsRenewalsFunction", "Arn"]}
    assert schedule["Target"]["RoleArn"] == {"Fn::GetAtt": ["PaymentsSchedulerRole", "Arn"]}
    # The event the function gets, and the one the cold-start bench hands it.
    assert json.loads(schedule["Target"]["Input"]) == {"kind": "renewals"}
    assert json.loads((ROOT / "infra/events/payments-renewals.json").read_text()) == {"kind": "renewals"}
    role = resources["PaymentsSchedulerRole"]["Properties"]
    [trust] = role["AssumeRolePolicyDocument"]["Statement"]
    assert trust["Principal"] == {"Service": "scheduler.amazonaws.com"} and trust["Action"] == "sts:AssumeRole"
    assert trust["Condition"] == {"StringEquals": {"aws:SourceAccount": {"Ref": "AWS::AccountId"}}}
    [policy] = role["Policies"]
    [invoke] = policy["PolicyDocument"]["Statement"]
    assert (invoke["Action"], invoke["Resource"]) == ("lambda:InvokeFunction", {"Fn::GetAtt": ["PaymentsRenewalsFunction", "Arn"]})
    # Charging every due month takes a while; the HTTP functions stay within the API's 30 s.
    assert resources["PaymentsRenewalsFunction"]["Properties"]["Timeout"] >= 120
    for name in PAYMENT_FUNCTIONS.keys() - {"PaymentsRenewalsFunction"}:
        assert resources[name]["Properties"]["Timeout"] <= 29, name
    # Nothing else may invoke it: no permission for another principal (Scheduler uses the role).
    permissions = [p for p in of_type(transformed, "AWS::Lambda::Permission").values()
                   if p["Properties"]["FunctionName"] == {"Ref": "PaymentsRenewalsFunction"}]
    assert permissions == []


def test_no_payments_function_but_staffs_touches_s3(source, transformed):
    """None of them reads or writes an object (functions/core/tests/iam.rs records what each calls),
    but staff's, on receipt files only (test_payment_receipts_are_kept_under_the_lectures_buckets_receipts_prefix)."""
    roles = dict(roles_by_binary(source, transformed))
    for name, binary in PAYMENT_FUNCTIONS.items():
        if binary == "staff-payments":
            continue
        assert not [s for s in statements(roles[binary]) if any(a.startswith("s3:") for a in actions(s))], binary
        assert "ACADEMY_LECTURES_BUCKET" not in payment_env(source, name), name


def test_payments_mail_as_the_mailer_does_and_links_to_the_site(source, transformed):
    resources = source["Resources"]
    mailer = resources["MailerFunction"]["Properties"]["Environment"]["Variables"]
    site = resources["StaffEnrolmentsFunction"]["Properties"]["Environment"]["Variables"]["ACADEMY_SITE_URL"]
    roles = dict(roles_by_binary(source, transformed))
    mailer_ses = next(s for s in statements(roles["mailer"]) if "ses:SendEmail" in actions(s))
    for name, binary in PAYMENT_FUNCTIONS.items():
        env = payment_env(source, name)
        for variable in ("ACADEMY_MAIL_FROM", "ACADEMY_SES_CONFIGURATION_SET"):
            assert env[variable] == mailer[variable], f"{name}: {variable}"
        assert env["ACADEMY_SITE_URL"] == site, name
        ses = [s for s in statements(roles[binary]) if "ses:SendEmail" in actions(s)]
        assert [s["Resource"] for s in ses] == [mailer_ses["Resource"]], f"{binary} sends as the mailer does"


def test_refused_stripe_deliveries_raise_an_alarm(source):
    resources = source["Resources"]
    metric = resources["PaymentsWebhookRefusedMetric"]["Properties"]
    assert metric["LogGroupName"] == {"Ref": "PaymentsWebhookLogs"}
    # The line payments-webhook logs (as JSON, like the mailer's "mail failed") for each 400 it answers.
    assert metric["FilterPattern"] == '{ $.fields.message = "stripe webhook refused" }'
    [transformation] = metric["MetricTransformations"]
    alarm = resources["PaymentsWebhookRefusedAlarm"]["Properties"]
    assert (alarm["Namespace"], alarm["MetricName"]) == (transformation["MetricNamespace"], transformation["MetricName"])
    assert alarm["AlarmActions"] == [{"Ref": "AlarmTopic"}]
    assert alarm["TreatMissingData"] == "notBreaching"
    # And the function's own errors, as every function's (test_every_function_logs_to_a_group_with_retention).
    failing = resources["PaymentsWebhookFailingAlarm"]["Properties"]
    assert "PaymentsWebhookFunction" in json.dumps(failing["Metrics"]) and failing["AlarmActions"] == [{"Ref": "AlarmTopic"}]
    url = source["Outputs"]["StripeWebhookUrl"]["Value"]
    assert url["Fn::If"][0] == "HasDomain" and all(v["Fn::Sub"].endswith("/api/payments/stripe/webhook") for v in url["Fn::If"][1:])


def test_the_local_stripe_webhook_is_the_routed_one(source):
    """make dev and with-server.sh register localstripe's webhook at the path the template routes to payments-webhook."""
    route = source["Resources"]["PaymentsWebhookFunction"]["Properties"]["Events"]["StripeWebhook"]["Properties"]["Path"]
    makefile = (ROOT / "Makefile").read_text()
    assert f"--webhook http://127.0.0.1:$(PORT){route} " in makefile
    assert f'--webhook "$BASE_URL{route}"' in (ROOT / "infra/scripts/with-server.sh").read_text()


def test_the_cold_start_bench_has_an_event_for_each_payments_function(source):
    for name, binary in PAYMENT_FUNCTIONS.items():
        event = json.loads((ROOT / f"infra/events/{binary}.json").read_text())
        if "rawPath" not in event:
            continue  # the schedule's event (test_the_daily_payments_run_is_…)
        paths = [e["Properties"]["Path"] for e in source["Resources"][name]["Properties"]["Events"].values()]
        pattern = [re.sub(r"\{[^}]+\}", "[^/]+", p) for p in paths]
        assert any(re.fullmatch(p, event["rawPath"]) for p in pattern), f"{binary}: {event['rawPath']} is not its route"
        assert event["routeKey"] == f"{event['requestContext']['http']['method']} {event['rawPath']}"
        guarded = event["rawPath"].startswith(("/api/me/", "/api/staff/"))
        assert ("authorizer" in event["requestContext"]) == guarded, binary


def test_cloudfront_forwards_the_payments_headers_to_the_api(source):
    """A checkout's Idempotency-Key (the contract requires it) and Stripe's Stripe-Signature (the webhook refuses a
    delivery without it) reach the API through CloudFront's /api/* behaviour, uncached, with the body as sent."""
    resources = source["Resources"]
    forwarded = resources["ApiOriginRequestPolicy"]["Properties"]["OriginRequestPolicyConfig"]["HeadersConfig"]["Headers"]
    assert {"Idempotency-Key", "Stripe-Signature", "Content-Type"} <= set(forwarded)
    assert len(forwarded) <= 10, "CloudFront's default quota of headers in an origin request policy"
    api = next(b for b in distribution(source)["CacheBehaviors"] if b["PathPattern"] == "/api/*")
    assert "POST" in api["AllowedMethods"]
    cache = resources["ApiCachePolicy"]["Properties"]["CachePolicyConfig"]
    assert cache["DefaultTTL"] == 0 and cache["MinTTL"] == 0
def test_assignment_downloads_go_through_cloudfront_with_nosniff_and_signed_urls_only(source):
    """In AWS a download is a CloudFront signed URL of /assignments/* (docs/decisions/0042): the
    bucket's assignments/ prefix through an origin access control, only URLs signed with the
    operator's key, never cached, answered with nosniff and S3's Content-Disposition kept."""
    resources = source["Resources"]
    config = distribution(source)
    behaviour = next(b for b in config["CacheBehaviors"] if b["PathPattern"] == "/assignments/*")
    origin = next(o for o in config["Origins"] if o["Id"] == behaviour["TargetOriginId"])
    assert origin["DomainName"] == {"Fn::GetAtt": ["LecturesBucket", "RegionalDomainName"]}
    assert origin["S3OriginConfig"] == {"OriginAccessIdentity": ""}, "no legacy origin access identity"
    assert "OriginPath" not in origin, "/assignments/{a}/{f} is the key assignments/{a}/{f}"
    oac_ref = origin["OriginAccessControlId"]["Fn::GetAtt"]
    oac = resources[oac_ref[0]]["Properties"]["OriginAccessControlConfig"]
    assert (oac["OriginAccessControlOriginType"], oac["SigningBehavior"], oac["SigningProtocol"]) == ("s3", "always", "sigv4")

    # Only signed URLs, of the one key group, which trusts the operator's one public key.
    assert behaviour["TrustedKeyGroups"] == [{"Ref": "AssignmentFilesKeyGroup"}]
    assert "TrustedSigners" not in behaviour, "no account key pairs"
    group = resources["AssignmentFilesKeyGroup"]
    assert group["Type"] == "AWS::CloudFront::KeyGroup"
    assert group["Properties"]["KeyGroupConfig"]["Items"] == [{"Ref": "FilesPublicKeyId"}]
    assert behaviour["AllowedMethods"] == ["GET", "HEAD"] and behaviour["CachedMethods"] == ["GET", "HEAD"]
    assert behaviour["ViewerProtocolPolicy"] == "https-only"
    assert behaviour["CachePolicyId"] == CACHING_DISABLED, "each download goes to S3 with its own overrides"
    assert "FunctionAssociations" not in behaviour

    # S3 sees only our response overrides (bound by the signature), nothing of the viewer's.
    request = resources[behaviour["OriginRequestPolicyId"]["Ref"]]["Properties"]["OriginRequestPolicyConfig"]
    assert request["HeadersConfig"] == {"HeaderBehavior": "none"}
    assert request["CookiesConfig"] == {"CookieBehavior": "none"}
    assert request["QueryStringsConfig"] == {
        "QueryStringBehavior": "whitelist",
        "QueryStrings": ["response-content-disposition", "response-content-type", "response-cache-control"],
    }

    # nosniff on every answer; S3's Content-Disposition (the signed attachment) kept, "attachment"
    # only where it sent none; nothing removed; a sandbox with nothing allowed if ever rendered.
    headers = resources[behaviour["ResponseHeadersPolicyId"]["Ref"]]["Properties"]["ResponseHeadersPolicyConfig"]
    security = headers["SecurityHeadersConfig"]
    assert security["ContentTypeOptions"] == {"Override": True}
    assert security["ContentSecurityPolicy"] == {"Override": True, "ContentSecurityPolicy": "default-src 'none'; sandbox"}
    assert security["FrameOptions"] == {"Override": True, "FrameOption": "DENY"}
    custom = {h["Header"].lower(): h for h in headers["CustomHeadersConfig"]["Items"]}
    assert custom["content-disposition"] == {"Header": "Content-Disposition", "Value": "attachment", "Override": False}
    assert custom["cache-control"]["Value"] == "private, no-store"
    assert "RemoveHeadersConfig" not in headers, "Content-Disposition and Content-Type pass as S3 sends them"
    assert "CorsConfig" not in headers, "a download is a navigation, never read by a page"

    # The behaviour comes before the site's default, and no other behaviour reaches the bucket.
    assert [b["PathPattern"] for b in config["CacheBehaviors"]].count("/assignments/*") == 1
    segments = next(b for b in config["CacheBehaviors"] if b["PathPattern"] == "/lectures/*")
    assert [b for b in config["CacheBehaviors"] if b["TargetOriginId"] == origin["Id"]] == [segments, behaviour]
    assert config["DefaultCacheBehavior"]["TargetOriginId"] == "site"


def test_lecture_segments_go_through_cloudfront_signed_once_a_folder_and_cached(source):
    """A media playlist's segments are CloudFront signed URLs of /lectures/* (docs/decisions/0047):
    the lectures bucket's renditions through the same origin access control, only URLs signed with
    the files key (one custom policy a rendition's folder), cached at the edge by path alone, S3
    seeing only the media type and caching the signed URL names."""
    resources = source["Resources"]
    config = distribution(source)
    behaviour = next(b for b in config["CacheBehaviors"] if b["PathPattern"] == "/lectures/*")
    origin = next(o for o in config["Origins"] if o["Id"] == behaviour["TargetOriginId"])
    assert origin["DomainName"] == {"Fn::GetAtt": ["LecturesBucket", "RegionalDomainName"]}
    assert "OriginPath" not in origin, "/lectures/{b}/{v}/hls/… is the key lectures/{b}/{v}/hls/…"
    assert behaviour["TrustedKeyGroups"] == [{"Ref": "AssignmentFilesKeyGroup"}] and "TrustedSigners" not in behaviour
    assert behaviour["AllowedMethods"] == ["GET", "HEAD"] and behaviour["ViewerProtocolPolicy"] == "https-only"
    assert behaviour["Compress"] is False, "video is compressed already"
    assert behaviour["CachePolicyId"] == "658327ea-f89d-4fab-a63d-7e88639e58f6", "Managed-CachingOptimized"
    assert "FunctionAssociations" not in behaviour
    request = resources[behaviour["OriginRequestPolicyId"]["Ref"]]["Properties"]["OriginRequestPolicyConfig"]
    assert request["HeadersConfig"] == {"HeaderBehavior": "none"}
    assert request["CookiesConfig"] == {"CookieBehavior": "none"}
    assert request["QueryStringsConfig"] == {
        "QueryStringBehavior": "whitelist",
        "QueryStrings": ["response-content-type", "response-cache-control"],
    }
    assert behaviour["ResponseHeadersPolicyId"] == {"Ref": "SecurityHeadersPolicy"}
    patterns = [b["PathPattern"] for b in config["CacheBehaviors"]]
    assert patterns.count("/lectures/*") == 1 and "/lecture/*" in patterns, "two patterns that never overlap"


def test_cloudfront_may_read_only_assignment_files_and_renditions_from_the_lectures_bucket(source):
    bucket_policy = source["Resources"]["LecturesBucketPolicy"]["Properties"]["PolicyDocument"]["Statement"]
    allowed = [s for s in bucket_policy if s["Effect"] == "Allow"]
    assert allowed == [
        {
            "Sid": "CloudFrontReadsAssignmentFiles",
            "Effect": "Allow",
            "Principal": {"Service": "cloudfront.amazonaws.com"},
            "Action": "s3:GetObject",
            "Resource": {"Fn::Sub": "${LecturesBucket.Arn}/assignments/*"},
            "Condition": {"StringEquals": {"AWS:SourceArn": DISTRIBUTION_ARN}},
        },
        {
            "Sid": "CloudFrontReadsRenditions",
            "Effect": "Allow",
            "Principal": {"Service": "cloudfront.amazonaws.com"},
            "Action": "s3:GetObject",
            "Resource": {"Fn::Sub": "${LecturesBucket.Arn}/lectures/*/hls/*"},
            "Condition": {"StringEquals": {"AWS:SourceArn": DISTRIBUTION_ARN}},
        },
    ], "this distribution reads assignments/ and renditions, never a source upload; no one else is allowed anything"
    assert any(s["Sid"] == "DenyInsecureTransport" and s["Effect"] == "Deny" for s in bucket_policy)


def test_assignment_functions_sign_downloads_with_the_files_key_resolved_at_deploy(source, transformed):
    resources = source["Resources"]
    parameters = source["Parameters"]
    key_id, secret = parameters["FilesPublicKeyId"], parameters["FilesSigningKeySecret"]
    assert "Default" not in key_id and "Default" not in secret, "no deploy without the key pair"
    assert re.fullmatch(key_id["AllowedPattern"], "K2JCJMDEHXQW5F") and not re.fullmatch(key_id["AllowedPattern"], "k2 x")
    assert re.fullmatch(secret["AllowedPattern"], "academy/files-signing-key")
    assert re.fullmatch(secret["AllowedPattern"], "arn:aws:secretsmanager:eu-west-2:123456789012:secret:academy/files-AbCdEf")
    site = resources["StaffEnrolmentsFunction"]["Properties"]["Environment"]["Variables"]["ACADEMY_SITE_URL"]
    roles = dict(roles_by_binary(source, transformed))
    signers = (
        ("AssignmentsFunction", "assignments"),
        ("StaffAssignmentsFunction", "staff-assignments"),
        ("LectureFunction", "lecture"),
    )
    for name, binary in signers:
        env = resources[name]["Properties"]["Environment"]["Variables"]
        assert env["ACADEMY_FILES_KEY_ID"] == {"Ref": "FilesPublicKeyId"}, name
        assert env["ACADEMY_FILES_KEY"] == {"Fn::Sub": "{{resolve:secretsmanager:${FilesSigningKeySecret}:SecretString}}"}, name
        # The links are at the site's origin, the distribution's /assignments/* and /lectures/* behaviours.
        assert env["ACADEMY_SITE_URL"] == site, name
        granted = {a for s in statements(roles[binary]) for a in actions(s)}
        assert not any(a.startswith("cloudfront:") for a in granted), f"{binary} signs locally"
        for statement in statements(roles[binary]):
            if any(a.startswith("secretsmanager:") for a in actions(statement)):
                # The lecture function reads its own link key; the files key comes at deploy.
                assert "FilesSigningKeySecret" not in json.dumps(statement), f"{binary} never reads the files key"
    # No other function holds the key.
    for name, resource in resources.items():
        env = resource.get("Properties", {}).get("Environment", {}).get("Variables", {})
        if name not in [name for name, _ in signers]:
            assert "ACADEMY_FILES_KEY" not in env and "ACADEMY_FILES_KEY_ID" not in env, name
