#!/usr/bin/env bash
# Builds legible in release mode and runs the IMSC timeline conformance check
# (scripts/imsc-conformance.py explains the comparison). Extra arguments go to the script.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
swift build -c release --product legible -j 2 >&2
exec python3 scripts/imsc-conformance.py --legible .build/release/legible "$@"
