#!/usr/bin/env bash
# Runs the external conformance suites in ../shared/conformance (beside this checkout) and prints
# each suite's pass rate:
#   WPT WebVTT file parsing (51 files), WPT WebVTT cue-text parsing (78 cases), vtt.js (264 pairs).
# Usage: bash scripts/conformance.sh
# The same runners are part of `swift test` (the suites live in Tests/WebVTTTests); when
# ../shared/conformance is absent they are reported as skipped, never as passed, and this script
# says so and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
if [ ! -d ../shared/conformance ]; then
    echo "conformance: ../shared/conformance is not beside this checkout; nothing to run" >&2
    exit 1
fi
swift build --build-tests >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test --skip-build --disable-xctest --filter 'WPTFileParsingConformanceTests|WPTCueTextConformanceTests|VTTJSConformanceTests' \
    >"$log" 2>&1 || status=$?
# The runners print one summary line each, and vtt.js its remaining differences by field.
grep -E '^(WPT |vtt\.js|  differs in)' "$log" || true
if [ "$status" -ne 0 ]; then
    grep -E '✘' "$log" | head -20 >&2
    echo "conformance: a suite failed (see above)" >&2
fi
exit "$status"
