#!/usr/bin/env bash
# Runs the W3C ttml2-tests suite (../shared/conformance/ttml2-tests, 734 documents: validation
# accept/reject and presentation) through XMLScanner + TTMLValidator and prints the pass rate and
# every failure grouped by reason. `--verbose` also prints the first error of each rejected
# document, to check that documents are rejected for the reason the suite intends.
# Usage: bash scripts/ttml2-conformance.sh [--verbose]
# The runner is Tests/TTMLTests/TTML2ConformanceTests.swift, enabled by LEGIBLE_TTML2_CONFORMANCE;
# a plain `swift test` reports it as skipped. Exits 1 below 90% or when the suite is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
if [ ! -d ../shared/conformance/ttml2-tests ]; then
    echo "ttml2-conformance: ../shared/conformance/ttml2-tests is not beside this checkout; nothing to run" >&2
    exit 1
fi
mode=1
[ "${1:-}" = "--verbose" ] && mode=verbose
swift build --build-tests -j 2 >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
LEGIBLE_TTML2_CONFORMANCE=$mode swift test --skip-build --disable-xctest --filter TTML2ConformanceTests >"$log" 2>&1 || status=$?
grep -E "^(ttml2-tests|imsc-tests|  )" "$log" || true
if [ "$status" -ne 0 ]; then
    grep -E '✘' "$log" | head -20 >&2
    echo "ttml2-conformance: the suite failed (see above)" >&2
fi
exit "$status"
