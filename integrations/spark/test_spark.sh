#!/usr/bin/env bash
# The Spark job on a few hundred generated caption files in local mode, checked against
# `legible validate --files-from LIST --format jsonl` on the same files.
#
# usage: integrations/spark/test_spark.sh [FILES]     (default 300; from a fresh machine too:
#        it builds the release binary and runs setup.sh, which installs Java and PySpark)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
files=${1:-300}
command -v swift >/dev/null || [ ! -x /opt/swift/usr/bin/swift ] || export PATH="/opt/swift/usr/bin:$PATH"
python=$(bash "$here/setup.sh")
bin="$root/.build/release/legible"
if [ ! -x "$bin" ] || [ -n "${LEGIBLE_REBUILD:-}" ]; then
    (cd "$root" && swift build -c release --product legible)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/Benchmarks/gen_validate_corpus.py" "$work/corpus" "$files" 40
# The damage a catalogue holds besides bad captions: a file that is not one, and an empty one.
printf '\x00\x01\x02 not captions' > "$work/corpus/00/broken.srt"
: > "$work/corpus/00/empty.vtt"
find "$work/corpus" -type f | sort > "$work/list.txt"
# Exit 2: the two damaged files are unreadable, as they should be.
status=0
"$bin" validate --files-from "$work/list.txt" --format jsonl --fail-on never > "$work/expected.jsonl" || status=$?
[ "$status" -eq 2 ] || { echo "test_spark: legible validate exited $status, expected 2 (two unreadable files)" >&2; exit 1; }
export PYSPARK_PYTHON="$python" PYSPARK_DRIVER_PYTHON="$python"
spark_submit="$(dirname "$python")/spark-submit"
quiet=(--conf spark.ui.enabled=false --conf "spark.driver.extraJavaOptions=-Dlog4j.rootLogger=WARN")
"$spark_submit" --master 'local[2]' "${quiet[@]}" "$here/validate_catalogue.py" \
    --inputs "$work/list.txt" --output "$work/out" --legible "$bin" > "$work/summary.txt" 2> "$work/spark.log" \
    || { tail -40 "$work/spark.log" >&2; exit 1; }
# The directory form lists the same files (the two damaged ones have caption extensions); with
# --copy-inputs they reach legible as a remote file system's do: read by Spark on the executor and
# written to its scratch disk.
"$spark_submit" --master 'local[2]' "${quiet[@]}" "$here/validate_catalogue.py" \
    --inputs "$work/corpus" --output "$work/out-dir" --legible "$bin" --copy-inputs > "$work/summary-dir.txt" 2>> "$work/spark.log" \
    || { tail -40 "$work/spark.log" >&2; exit 1; }
"$python" - "$work/summary.txt" "$work/summary-dir.txt" "$((files + 2))" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
expected = int(sys.argv[3])
assert a["files"] == b["files"] == expected, (a["files"], b["files"], expected)
assert a["files_per_status"] == b["files_per_status"], (a["files_per_status"], b["files_per_status"])
assert a["files_per_status"].get("unreadable") == 2, a["files_per_status"]
print("summary:", json.dumps(a["files_per_status"]), "findings:", json.dumps(a["findings_per_severity"]))
PY
"$spark_submit" --master 'local[2]' "${quiet[@]}" "$here/compare_tables.py" \
    --jsonl "$work/expected.jsonl" --output "$work/out" "$work/out-dir" 2>> "$work/spark.log"
