"""The AWS session the deploy scripts share, and their one-sentence stop without credentials.

Usage, as the credentials check of a shell script (exit 2 and one sentence on stderr unless
credentials and a region are configured; nothing is sent to AWS):

    python infra/scripts/aws_session.py

The SDK's usual environment applies: AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
AWS_ENDPOINT_URL (botocore 1.31+, i.e. boto3 1.28+, reads it for every client), and the region
from AWS_REGION, AWS_DEFAULT_REGION or the profile. boto3 itself reads only AWS_DEFAULT_REGION;
AWS_REGION (the AWS CLI's and the other SDKs' name) is honoured here and wins, as in the AWS CLI.
"""

import os
import sys
from typing import NoReturn

import boto3
from botocore.exceptions import BotoCoreError, ProfileNotFound

NO_CREDENTIALS = (
    "No AWS credentials: set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (see docs/OPERATIONS.md)."
)
NO_REGION = "No AWS region: set AWS_REGION (or REGION=… for make deploy, or a region in your AWS profile)."


def stop(sentence: str) -> NoReturn:
    print(sentence, file=sys.stderr)
    sys.exit(2)


def session() -> boto3.Session:
    """A session that has credentials, or a stop with one sentence (exit 2)."""
    try:
        aws = boto3.Session(region_name=os.environ.get("AWS_REGION") or None)
        credentials = aws.get_credentials()
    except ProfileNotFound as e:
        stop(f"{e}: check AWS_PROFILE against ~/.aws/config (see docs/OPERATIONS.md).")
    except BotoCoreError as e:
        stop(f"AWS credentials could not be loaded ({e}); see docs/OPERATIONS.md.")
    if credentials is None:
        stop(NO_CREDENTIALS)
    return aws


if __name__ == "__main__":
    if session().region_name is None:
        stop(NO_REGION)
