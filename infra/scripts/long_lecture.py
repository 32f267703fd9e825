#!/usr/bin/env python3
"""A generated long lecture for the API benchmark (infra/scripts/bench-api.sh): the HLS ladder a
2-hour recording transcodes to (infra/media/ladder.json: 4 s segments, every rung), as its files
would lie in the lecture folder (ACADEMY_LECTURES, the key of each s3:// URL), and a catalog file
(`academy import`) with the lecture record that points at them, ready and published.

Only the playlists are real: a master naming every rung and one media playlist per rung, with
ffmpeg's names (functions/core/src/media/ffmpeg.rs); the segments are empty files, since the lecture
function only signs their names. Prints the lecture's number.

Usage: long_lecture.py LECTURES_FOLDER CATALOG_OUT [--hours 2] [--number 90]
"""

import argparse
import json
import math
import pathlib

BATCH = "665f1c2a9b3e4d0012a1c001"  # MERN-07 of the demo catalog
BATCH_NUMBER = "MERN-07"
VIDEO = "665f1c2a9b3e4d0012a1dfff"
JOB = "1764547200-bench"
BUCKET = "academy-lectures-demo"
MASTER = "master"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lectures", type=pathlib.Path)
    parser.add_argument("catalog", type=pathlib.Path)
    parser.add_argument("--hours", type=float, default=2.0)
    parser.add_argument("--number", type=int, default=90)
    args = parser.parse_args()

    root = pathlib.Path(__file__).resolve().parents[2]
    ladder = json.loads((root / "infra/media/ladder.json").read_text())
    seconds = ladder["segmentSeconds"]
    duration = args.hours * 3600
    segments = math.ceil(duration / seconds)

    folder = f"lectures/{BATCH}/{VIDEO}/hls/{JOB}/"
    out = args.lectures / folder
    out.mkdir(parents=True, exist_ok=True)
    master = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"]
    for rung in ladder["rungs"]:
        name = rung["name"]
        bandwidth = rung["maxBitrate"] + rung["audioBitrate"]
        master.append(
            f'#EXT-X-STREAM-INF:BANDWIDTH={bandwidth},RESOLUTION={rung["width"]}x{rung["height"]},'
            'CODECS="avc1.4d401f,mp4a.40.2"'
        )
        master.append(f"{MASTER}_{name}.m3u8")
        media = [
            "#EXTM3U",
            "#EXT-X-VERSION:3",
            f"#EXT-X-TARGETDURATION:{seconds}",
            "#EXT-X-MEDIA-SEQUENCE:0",
            "#EXT-X-PLAYLIST-TYPE:VOD",
            "#EXT-X-INDEPENDENT-SEGMENTS",
        ]
        for n in range(segments):
            length = min(seconds, duration - n * seconds)
            segment = f"{MASTER}_{name}_{n:05d}.ts"
            media += [f"#EXTINF:{length:.6f},", segment]
            (out / segment).touch()
        media.append("#EXT-X-ENDLIST")
        (out / f"{MASTER}_{name}.m3u8").write_text("\n".join(media) + "\n")
    (out / f"{MASTER}.m3u8").write_text("\n".join(master) + "\n")

    url = f"s3://{BUCKET}/{folder}{MASTER}.m3u8"
    video = {
        "_id": VIDEO,
        "batchId": BATCH,
        "batchNumber": BATCH_NUMBER,
        "lectureNumber": args.number,
        "title": f"A {args.hours:g}-hour recording (benchmark)",
        "url": url,
        "durationSecs": duration,
        "media": {
            "state": "ready",
            "master": url,
            "durationSecs": duration,
            "rungs": [rung["height"] for rung in ladder["rungs"]],
            "jobId": JOB,
            "updatedAt": 1764547200,
        },
    }
    args.catalog.write_text(json.dumps({"videos": [video]}, indent=2) + "\n")
    print(args.number)


if __name__ == "__main__":
    main()
