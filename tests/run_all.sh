#!/usr/bin/env bash
# Install cribbage-edu with its test tools into .venv and run every test:
# lint (ruff), types (mypy), the engine and widget tests with doctests, the browser
# tests in headless Chromium, and the lesson notebooks under strict nbval.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip "setuptools>=77" wheel
.venv/bin/python -m pip install --quiet -e ".[test,cluster,classroom]"

# The browser tests drive Debian's Chromium; the accessibility test fetches axe-core and the
# hub test configurable-http-proxy with npm; install either when it is missing.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "the browser tests need ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

# Warm matplotlib's font cache so its first-run message never lands in a notebook output.
MPLBACKEND=Agg .venv/bin/python -c "import matplotlib.pyplot"

.venv/bin/ruff check cribbage_edu widgets tests benchmarks scripts lessons
.venv/bin/mypy
# Every tier: the fast tests, the slow ones (numpy crib model, statistics) and the browser.
.venv/bin/python -m pytest --slow --browser "$@"
# The lessons under strict nbval (never --nbval-lax): every stored output is compared.
.venv/bin/python -m pytest --nbval lessons/
