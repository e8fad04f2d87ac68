#!/usr/bin/env bash
# The settings console in a real browser (scripts/browser-tests/console_browser_test.py): headless Debian Chromium
# driven by Selenium through Debian's chromedriver, against the example app's console, `prefs serve --file`, and
# `prefs serve --postgres` on a throwaway PostgreSQL server. Installs what it needs (chromium, chromium-driver,
# Selenium) when it is missing. Run after `swift build --build-tests`; run once, not under ThreadSanitizer.
#
#   scripts/browser-tests.sh [SCREENSHOT_DIR]    (default: a new temporary folder; every screenshot's path is printed)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi

if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
    echo "Installing Debian's chromium and chromium-driver"
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver \
        >/dev/null
fi
if ! python3 -c "import selenium" 2>/dev/null; then
    echo "Installing Selenium from the Python package index"
    pip install --quiet selenium 2>/dev/null || pip install --quiet --break-system-packages selenium
fi
echo "browser: $(/usr/bin/chromium --version 2>/dev/null | head -1), $(/usr/bin/chromedriver --version | head -1)," \
    "Selenium $(python3 -c 'import selenium; print(selenium.__version__)')"

bin="$(swift build --show-bin-path)"
for tool in prefs example-app; do
    if ! [ -x "$bin/$tool" ]; then swift build --product "$tool" >/dev/null; fi
done

screenshots="${1:-$(mktemp -d -t prefs-console-screenshots.XXXXXX)}"
mkdir -p "$screenshots"
server=""
cleanup() { if [ -n "$server" ]; then scripts/postgres-test-server.sh stop "$server" >/dev/null 2>&1 || true; fi; }
trap cleanup EXIT
eval "$(PREFS_PG_OWNER_PID=$$ scripts/postgres-test-server.sh start)"
server="$PREFS_PG_DIR"
export PGHOST PGPORT PGUSER PGPASSWORD PGDATABASE
"$bin/prefs" schema | psql -v ON_ERROR_STOP=1 -q >/dev/null
export PREFS_PG_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE?sslmode=disable"

echo "screenshots: $screenshots"
PREFS_BIN="$bin" PREFS_SCREENSHOTS="$screenshots" python3 scripts/browser-tests/console_browser_test.py
