#!/bin/sh
# Throughput of `legible validate` over many files (release build only).
#
# usage: Benchmarks/validate_throughput.sh [FILES] [CUES]
#
# Generates FILES (default 10,000) caption files with gen_validate_corpus.py in a temporary
# directory, then times batch mode (`--format jsonl`, one record per file, worker processes)
# three ways: the directory with one job and with the default (every core), and the same files
# from a list (`--files-from`) with every core and a time limit (`--max-seconds 60`, what the
# deadline bookkeeping costs). Prints one JSON object per run: files/s, MB/s,
# wall and CPU seconds, and CPU use (user+sys over wall time; 2.0 means both cores of a 2-core
# machine were busy).
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
find "$work/corpus" -type f | sort > "$work/list.txt"
bytes=$(du -sb "$work/corpus" | cut -f1)
run() {
    name=$1; shift
    # Warm the page cache once, then measure.
    "$bin" validate "$@" --format jsonl --fail-on never > /dev/null
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$bin" validate "$@" --format jsonl --fail-on never > "$work/out.jsonl"
    read -r wall user sys < "$work/time"
    python3 - "$name" "$files" "$bytes" "$wall" "$user" "$sys" "$work/out.jsonl" <<'PY'
import json, sys
name, files, size, wall, user, sys_ = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
summary = json.loads(open(sys.argv[7]).read().rstrip("\n").rsplit("\n", 1)[-1])["summary"]
assert summary["files"] == files, summary
findings = summary["errors"] + summary["warnings"] + summary["infos"]
print(json.dumps({"name": name, "files": files, "bytes": size, "findings": findings,
                  "wall_seconds": wall, "cpu_seconds": round(user + sys_, 2),
                  "files_per_second": round(files / wall, 1), "mb_per_second": round(size / wall / 1e6, 2),
                  "cpu_use": round((user + sys_) / wall, 2)}))
PY
}
run validate.directory.jobs1 "$work/corpus" --jobs 1
run validate.directory "$work/corpus"
run validate.files-from.max-seconds --files-from "$work/list.txt" --max-seconds 60
