#!/bin/sh
# Validates `legible validate --format sarif` and `legible convert --fidelity-report FILE.sarif` output against the SARIF 2.1.0 JSON schema.
#
# usage: scripts/sarif-schema-check.sh [LEGIBLE-BINARY]
#
# The schema is fetched at run time into a temporary directory (never committed), unless
# SARIF_SCHEMA names a local copy of it; without a network (and no SARIF_SCHEMA) the check is
# skipped, visibly, with exit status 0 and the reason printed. jsonschema is
# taken from Benchmarks/.venv (installed there with pip when missing).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-"$root/.build/debug/legible"}
venv="$root/Benchmarks/.venv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
schema_url="https://raw.githubusercontent.com/oasis-tcs/sarif-spec/main/sarif-2.1/schema/sarif-schema-2.1.0.json"
if [ -n "${SARIF_SCHEMA:-}" ]; then
    [ -f "$SARIF_SCHEMA" ] || { echo "error: SARIF_SCHEMA=$SARIF_SCHEMA is not a file" >&2; exit 2; }
    cp "$SARIF_SCHEMA" "$work/schema.json"
    echo "using local SARIF 2.1.0 schema: $SARIF_SCHEMA" >&2
elif ! curl -fsSL --max-time 30 "$schema_url" -o "$work/schema.json"; then
    echo "SKIPPED: cannot fetch the SARIF 2.1.0 schema ($schema_url): offline?" >&2
    exit 0
fi
"$venv/bin/python" -c "import jsonschema" 2>/dev/null || "$venv/bin/pip" install -q jsonschema
# Every fixture of Fixtures/validate, under two profiles, plus an unreadable input.
"$bin" validate "$root/Fixtures/validate" --format sarif --fail-on never > "$work/general.sarif" || true
"$bin" validate "$root/Fixtures/validate" --profile fcc-608 --format sarif --fail-on never > "$work/fcc.sarif" || true
"$bin" validate /nonexistent.srt --format sarif > "$work/missing.sarif" || true
# A conversion's fidelity report in SARIF (convert --fidelity-report FILE.sarif).
"$bin" convert "$root/Fixtures/ass/move_and_drawing.ass" -o "$work/move.vtt" --fidelity-report "$work/fidelity.sarif" --quiet
"$venv/bin/python" - "$work/schema.json" "$work/general.sarif" "$work/fcc.sarif" "$work/missing.sarif" "$work/fidelity.sarif" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
validator = jsonschema.Draft7Validator(schema)  # the 2.1.0 schema declares draft-07
failed = 0
for path in sys.argv[2:]:
    doc = json.load(open(path))
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    results = sum(len(run["results"]) for run in doc["runs"])
    if errors:
        failed += 1
        print(f"FAIL {path}: {len(errors)} schema errors; first: {errors[0].message} at {list(errors[0].path)}")
    else:
        print(f"ok   {path}: {results} results valid against SARIF 2.1.0")
sys.exit(1 if failed else 0)
PY
