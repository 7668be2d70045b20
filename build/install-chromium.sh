#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser): install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "== installing Debian's chromium for the browser tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium > /dev/null
