"""Print a CloudFormation stack's outputs as KEY=VALUE lines, for shell scripts to read.

Usage:

    python infra/scripts/stack_outputs.py STACK [KEY ...]

Without KEYs every output is printed (sorted by key); with KEYs only those, in that order, and a
KEY the stack lacks is an error. AWS settings as in aws_session.py (AWS_PROFILE or access keys,
AWS_REGION / AWS_DEFAULT_REGION, AWS_ENDPOINT_URL).

Exit status: 0 printed; 2 no credentials or region, or a missing KEY (one sentence on stderr);
1 AWS refused (e.g. no such stack).
"""

import sys

from botocore.exceptions import BotoCoreError, ClientError

from aws_session import NO_REGION, session, stop


def stack_outputs(stack: str) -> dict[str, str]:
    aws = session()
    if aws.region_name is None:
        stop(NO_REGION)
    described = aws.client("cloudformation").describe_stacks(StackName=stack)["Stacks"][0]
    return {o["OutputKey"]: o["OutputValue"] for o in described.get("Outputs", [])}


def main(argv: list[str]) -> None:
    if not argv:
        stop("Usage: stack_outputs.py STACK [KEY ...]")
    stack, keys = argv[0], argv[1:]
    try:
        outputs = stack_outputs(stack)
    except (BotoCoreError, ClientError) as e:
        print(f"stack_outputs: {e}", file=sys.stderr)
        sys.exit(1)
    missing = [k for k in keys if k not in outputs]
    if missing:
        stop(f"Stack {stack} has no output {', '.join(missing)}: is it deployed from the current template.yaml?")
    for key in keys or sorted(outputs):
        print(f"{key}={outputs[key]}")


if __name__ == "__main__":
    main(sys.argv[1:])
