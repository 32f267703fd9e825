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
#
# Without a domain, the first deploy leaves the sign-in URLs a placeholder and a second `sam
# deploy` sets them to the distribution's address (DistributionDomain); see below.
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

# Sign-in URLs without a domain of our own (docs/decisions/0024). The app client may not name the
# distribution (the API's authorizer names the client, the distribution the API: a cycle), so
# without DomainName (or SignInCallbackUrl/SignOutUrl) its URLs are https://localhost/… until
# the stack is told the distribution's address: then one more deploy passes it as
# DistributionDomain. What is decided from is the stack as deployed, not DEPLOY_ARGS: parameters
# a deploy does not name keep their previous values (and samconfig.toml may name some). So a
# later `make deploy` keeps DistributionDomain and needs no second pass; one naming DomainName
# moves the URLs to the domain, which comes first.
urls=$("$py" infra/scripts/stack_outputs.py "$stack" DistributionDomainName SignInCallbackUrl SignOutUrl)
declare -A signin
while IFS='=' read -r key value; do signin[$key]=$value; done <<<"$urls"
distribution=${signin[DistributionDomainName]}
ours_to_set() { # a placeholder, or the address of a distribution this stack no longer has
  local host=${1#https://}
  host=${host%%/*}
  [[ $host == localhost || ($host == *.cloudfront.net && $host != "$distribution") ]]
}
if ours_to_set "${signin[SignInCallbackUrl]}" || ours_to_set "${signin[SignOutUrl]}"; then
  # The operator's other arguments again. The pair goes into their --parameter-overrides (sam
  # takes only one: a second would replace theirs, as any --parameter-overrides replaces
  # samconfig.toml's; parameters left out keep the values the first pass gave them).
  pair="DistributionDomain=$distribution"
  again=()
  merged=
  for arg in "${extra[@]}"; do
    case $arg in
      --parameter-overrides) again+=("$arg" "$pair"); merged=1 ;;
      --parameter-overrides=*) again+=(--parameter-overrides "$pair" "${arg#*=}"); merged=1 ;;
      *) again+=("$arg") ;;
    esac
  done
  [[ -n $merged ]] || again+=(--parameter-overrides "$pair")
  echo "deploy: sign-in URLs to https://$distribution/ (sam deploy again)"
  sam deploy --stack-name "$stack" ${region:+--region "$region"} "${again[@]}"
fi

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
