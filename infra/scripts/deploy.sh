#!/usr/bin/env bash
# Deploy everything: the stack (sam build + sam deploy), then the site built against the stack's
# sign-in (Cognito) and uploaded to its bucket behind CloudFront.
#
# Usage: make deploy [STACK=academy] [REGION=eu-west-2] [DEPLOY_ARGS='--parameter-overrides K=V …']
#   (or VENV=… infra/scripts/deploy.sh, from the repository root, with the same variables)
#
#   STACK        stack name (default: samconfig.toml's, academy)
#   REGION       AWS region (default: AWS_REGION, AWS_DEFAULT_REGION, or the AWS profile's)
#   DEPLOY_ARGS  extra `sam deploy` arguments, split on whitespace (values cannot contain spaces)
#   VENV         the Python venv with boto3 (make's $(CACHE)/venv); cargo-lambda and aws-sam-cli
#                are installed into it when missing (infra/requirements-build.txt)
#
# AWS credentials come from the SDK's usual environment (AWS_PROFILE or access keys); without
# them it stops before building anything, with one sentence (exit 2).
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${VENV:?VENV must name the Python venv (make deploy sets it)}"
py="$VENV/bin/python"
stack=${STACK:-academy}
region=${REGION:-${AWS_REGION:-${AWS_DEFAULT_REGION:-}}}
if [[ -n $region ]]; then
  # boto3 (and so sam) reads AWS_DEFAULT_REGION only; set both so every tool agrees.
  export AWS_REGION=$region AWS_DEFAULT_REGION=$region
fi

"$py" infra/scripts/aws_session.py # credentials and a region, or one sentence and exit 2

if [[ ! -x $VENV/bin/cargo-lambda || ! -x $VENV/bin/sam ]]; then
  # Together with requirements.txt: aws-sam-cli and moto[server] both pin aws-sam-translator, and
  # one resolution picks versions that suit both (alone, pip would break moto's pin).
  "$VENV/bin/pip" install --quiet --disable-pip-version-check -r infra/requirements.txt -r infra/requirements-build.txt
fi
export PATH="$VENV/bin:$PATH" SAM_CLI_TELEMETRY=0

read -ra extra <<<"${DEPLOY_ARGS:-}"
sam build
sam deploy --stack-name "$stack" ${region:+--region "$region"} "${extra[@]}"

outputs=$("$py" infra/scripts/stack_outputs.py "$stack" \
  SiteBucketName DistributionId SiteUrl OidcIssuer OidcClientId OidcDomain)
declare -A out
while IFS='=' read -r key value; do out[$key]=$value; done <<<"$outputs"

(
  cd site
  OIDC_ISSUER=${out[OidcIssuer]} \
    OIDC_CLIENT_ID=${out[OidcClientId]} \
    OIDC_SIGN_UP=${out[OidcDomain]}/signup \
    OIDC_LOGOUT_URL=${out[OidcDomain]}/logout \
    OIDC_REDIRECT_URI=/sign-in \
    ACADEMY_DEPLOY=1 \
    npm run build
)
SITE_BUCKET=${out[SiteBucketName]} DISTRIBUTION_ID=${out[DistributionId]} \
  "$py" infra/scripts/deploy_site.py

echo "deploy: ${out[SiteUrl]}"
