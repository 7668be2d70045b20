#!/usr/bin/env bash
# Prints a DATABASE_URL for the machine's own PostgreSQL on 127.0.0.1:5432 when one answers
# (starting a stopped Debian cluster first), or nothing, so tests fall back to the embedded server.
set -uo pipefail

answers() {
  node -e "
    const s = require('net').connect(5432, '127.0.0.1');
    s.on('connect', () => process.exit(0)); s.on('error', () => process.exit(1));
    setTimeout(() => process.exit(1), 2000);"
}

if ! answers && command -v pg_ctlcluster >/dev/null 2>&1; then
  for version in $(ls /etc/postgresql 2>/dev/null); do
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
  done
  for _ in $(seq 1 20); do answers && break; sleep 0.5; done
fi

if answers; then
  echo "postgres://postgres@127.0.0.1:5432/postgres"
fi
