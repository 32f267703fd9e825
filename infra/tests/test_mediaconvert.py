"""The CreateJob request the `transcode` function sends, checked offline against MediaConvert's
service model as botocore ships it. infra/media/create-job.json is the body the Rust code builds
from infra/media/ladder.json (functions/core/tests/transcode.rs fails when the file is stale), in
the REST-JSON wire format (camelCase). Every key is mapped back to the model's member name walking
the shapes, an unknown key or an enum value outside the model fails, and botocore then validates
the parameters (types, required members, ranges) as a client would before sending."""

import json
from pathlib import Path

import botocore.session
import pytest
from botocore.validate import validate_parameters

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def create_job():
    model = botocore.session.get_session().get_service_model("mediaconvert")
    operation = model.operation_model("CreateJob")
    assert operation.http["requestUri"] == "/2017-08-29/jobs" and operation.http["method"] == "POST"
    return operation.input_shape


def to_members(value, shape, path="$"):
    """The wire JSON `value` as botocore parameters of `shape`: camelCase locationNames back to
    member names, checked for unknown keys and enum values on the way."""
    kind = shape.type_name
    if kind == "structure":
        assert isinstance(value, dict), f"{path}: expected an object"
        wire = {member.serialization.get("name", name): name for name, member in shape.members.items()}
        params = {}
        for key, item in value.items():
            assert key in wire, f"{path}.{key}: not a member of {shape.name} (knows {sorted(wire)})"
            name = wire[key]
            params[name] = to_members(item, shape.members[name], f"{path}.{key}")
        return params
    if kind == "list":
        assert isinstance(value, list), f"{path}: expected a list"
        return [to_members(item, shape.member, f"{path}[{i}]") for i, item in enumerate(value)]
    if kind == "map":
        assert isinstance(value, dict), f"{path}: expected a map"
        return {k: to_members(v, shape.value, f"{path}.{k}") for k, v in value.items()}
    if kind == "string" and shape.enum:
        assert value in shape.enum, f"{path}: {value!r} is not one of {shape.name}'s {shape.enum}"
    return value


def test_the_generated_create_job_body_is_valid_for_mediaconvert(create_job):
    body = json.loads((ROOT / "infra/media/create-job.json").read_text())
    params = to_members(body, create_job)
    validate_parameters(params, create_job)  # raises ParamValidationError with every problem


def test_the_job_follows_the_ladder_spec(create_job):
    ladder = json.loads((ROOT / "infra/media/ladder.json").read_text())
    body = json.loads((ROOT / "infra/media/create-job.json").read_text())
    hls, poster = body["settings"]["outputGroups"]
    settings = hls["outputGroupSettings"]["hlsGroupSettings"]
    assert (settings["segmentLength"], settings["minSegmentLength"]) == (ladder["segmentSeconds"], 0)
    assert settings["destination"].endswith("/master")
    heights = [o["videoDescription"]["height"] for o in hls["outputs"]]
    assert heights == [r["height"] for r in ladder["rungs"]], "every rung of a 1080p source, lowest first"
    for output, rung in zip(hls["outputs"], ladder["rungs"]):
        h264 = output["videoDescription"]["codecSettings"]["h264Settings"]
        assert h264["rateControlMode"] == "QVBR" and h264["qvbrSettings"]["qvbrQualityLevel"] == ladder["video"]["qvbrQuality"]
        assert h264["maxBitrate"] == rung["maxBitrate"]
        assert (h264["gopSize"], h264["gopSizeUnits"], h264["gopClosedCadence"]) == (ladder["keyframeSeconds"], "SECONDS", 1)
        aac = output["audioDescriptions"][0]["codecSettings"]["aacSettings"]
        assert aac["bitrate"] == rung["audioBitrate"] and aac["sampleRate"] == ladder["audio"]["sampleRate"]
    capture = poster["outputs"][0]["videoDescription"]["codecSettings"]
    assert capture["codec"] == "FRAME_CAPTURE"
    assert body["userMetadata"]["app"] == "academy"


def test_a_wrong_key_or_enum_value_would_be_caught(create_job):
    body = json.loads((ROOT / "infra/media/create-job.json").read_text())
    body["settings"]["outputGroups"][0]["outputs"][0]["videoDescription"]["codecSettings"]["h264Settings"]["gopSizeUnit"] = "SECONDS"
    with pytest.raises(AssertionError, match="gopSizeUnit"):
        to_members(body, create_job)
    body = json.loads((ROOT / "infra/media/create-job.json").read_text())
    body["settings"]["outputGroups"][0]["outputs"][0]["containerSettings"]["container"] = "HLS"
    with pytest.raises(AssertionError, match="HLS"):
        to_members(body, create_job)
