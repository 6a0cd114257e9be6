#!/usr/bin/env bash
# `npm test`: every test. Unit, then integration on the embedded store and (when TEST_DATABASE_URL is set, as CI
# sets it) PostgreSQL, then end-to-end in Chromium against a freshly built app on a throwaway database.
set -euo pipefail
cd "$(dirname "$0")/.."
export VITE_CJS_IGNORE_WARNING=true VITE_CONFIG_NATIVE_IGNORE_WARNING=true
echo "== typecheck"
npx tsc --noEmit
echo "== lint (floors point down, no import circles, hooks)"
npx eslint app
echo "== unit"
npx vitest run --project unit
echo "== integration"
TEST_DATABASE_URL=$(bash scripts/test-postgres.sh)
export TEST_DATABASE_URL
if [ -z "$TEST_DATABASE_URL" ]; then
  echo "(no PostgreSQL here: the integration tests run on the embedded store only; install Debian's postgresql or set TEST_DATABASE_URL)"
fi
npx vitest run --project integration
echo "== build"
node scripts/build.mjs >/dev/null   # the Remix build and the bundled server (build/serve.mjs) the e2e server runs
echo "== end-to-end (Chromium)"
npx playwright test
