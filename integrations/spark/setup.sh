#!/usr/bin/env bash
# Installs what the Spark job needs, when it is missing: Java 17 (Debian's
# openjdk-17-jre-headless, through apt as root or with sudo) and PySpark from PyPI in a virtual
# environment, integrations/spark/.venv (git-ignored). Idempotent; prints the venv's python path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/.venv"
pyspark_version=4.3.0

apt_install() {
    if [ "$(id -u)" -eq 0 ]; then sudo=(); elif command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
        echo "spark setup: need root or sudo to install: $*" >&2; exit 1
    fi
    echo "spark setup: installing $*" >&2
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

java_major() {
    java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1
}
if ! command -v java >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; then
    apt_install openjdk-17-jre-headless
fi

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyspark; assert pyspark.__version__ == '$pyspark_version'" 2>/dev/null; then
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c "import ensurepip" 2>/dev/null; then
        apt_install python3-venv
    fi
    rm -rf "$venv"
    python3 -m venv "$venv"
    echo "spark setup: pip install pyspark==$pyspark_version into $venv" >&2
    "$venv/bin/pip" install -q "pyspark==$pyspark_version"
fi
echo "$venv/bin/python"
