#!/usr/bin/env bash
# Runs the external conformance suites in ../shared/conformance (beside this checkout) and prints
# each suite's pass rate:
#   WPT WebVTT file parsing (51 files), WPT WebVTT cue-text parsing (78 cases), vtt.js (264 pairs),
#   ttconv SCC (26 cases, 72 captions; 256 characters).
# Usage: bash scripts/conformance.sh
# The same runners are part of `swift test` (the suites live in Tests/WebVTTTests and
# Tests/CEA608Tests); when
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
swift test --skip-build --disable-xctest --filter 'WPTFileParsingConformanceTests|WPTCueTextConformanceTests|VTTJSConformanceTests|TTConvSCCConformanceTests' \
    >"$log" 2>&1 || status=$?
# The runners print one summary line each, vtt.js its remaining differences by field, and ttconv
# SCC each disagreement with the CEA-608 rule behind it.
grep -E '^(WPT |vtt\.js|  differs in|ttconv SCC|  test_|    → why|  0x)' "$log" || true
if [ "$status" -ne 0 ]; then
    grep -E '✘' "$log" | head -20 >&2
    echo "conformance: a suite failed (see above)" >&2
fi
exit "$status"
