#!/bin/sh
# Throughput of `legible validate` over a directory of many files (release build only).
#
# usage: Benchmarks/validate_throughput.sh [FILES] [CUES]
#
# Generates FILES (default 10,000) caption files with gen_validate_corpus.py in a temporary
# directory, then validates the directory with one job and with the default (every core), and
# prints one JSON object per run: files/s, MB/s, wall and CPU seconds, and CPU use (user+sys
# over wall time; 2.0 means both cores of a 2-core machine were busy).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
files=${1:-10000}
cues=${2:-120}
bin="$root/.build/release/legible"
[ -x "$bin" ] || { echo "build first: swift build -c release --product legible" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_validate_corpus.py" "$work/corpus" "$files" "$cues"
bytes=$(du -sb "$work/corpus" | cut -f1)
for jobs in 1 default; do
    if [ "$jobs" = default ]; then flag=""; else flag="--jobs $jobs"; fi
    # Warm the page cache once, then measure.
    "$bin" validate "$work/corpus" --format jsonl --fail-on never $flag > /dev/null
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$bin" validate "$work/corpus" --format jsonl --fail-on never $flag > "$work/out.jsonl"
    read -r wall user sys < "$work/time"
    findings=$(($(wc -l < "$work/out.jsonl") - 1))
    python3 - "$jobs" "$files" "$bytes" "$wall" "$user" "$sys" "$findings" <<'PY'
import json, sys
jobs, files, size, wall, user, sys_ = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
findings = int(sys.argv[7])
print(json.dumps({"name": "validate.directory", "jobs": jobs, "files": files, "bytes": size, "findings": findings,
                  "wall_seconds": wall, "cpu_seconds": round(user + sys_, 2),
                  "files_per_second": round(files / wall, 1), "mb_per_second": round(size / wall / 1e6, 2),
                  "cpu_use": round((user + sys_) / wall, 2)}))
PY
done
