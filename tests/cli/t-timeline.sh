#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/t-timeline.sh: gprof --timeline --html (doc/manual.md,
# "Windows of time"): the page of a run's windows carries --json's
# document, allows only its own script, and in a real browser its strip
# and range re-add the functions' seconds of the windows chosen
# (tests/cli/html/timeline.js).  The windows are a real run's
# (GMON_INTERVAL); every check compares the page with --json's figures
# of the same files, so none depends on where the samples land.
#   timeline.html.data        the page's data block is --json's document
#   timeline.html.csp         the policy's hash is its script's
#   timeline.refuses-dot      --timeline --dot: one line, status 1
#   timeline.page.*           (timeline.js) the strip, a click, a
#                             shift-click, the sliders
. "$(dirname "$0")/../lib.sh"
scratch
cd "${KEEP:-$SCRATCH}" || exit 2
GPROF=$TOP/gprof/gprof
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

gcc -pg -O1 -fno-inline -o w "$TOP/tests/runtime/progs/windows.c" "$TOP/libgmon/libgmon.a" \
	-pthread || { fail timeline.setup "cannot build the program"; exit 0; }
GMON_OUT_PREFIX=p GMON_INTERVAL=0.05 ./w spin 200 >/dev/null
"$GPROF" --timeline --json w p.* >t.json 2>json.err
"$GPROF" --timeline --html w p.* >t.html 2>html.err
expect_eq timeline.html.status ":" "$(cat json.err):$(cat html.err)"
python3 - >check.txt <<'PY'
import base64, hashlib, json, re
page = open('t.html').read()
data = re.search(r'<script type="application/json" id="timeline-data">(.*?)</script>', page, re.S)
print('data', data is not None and '<' not in data.group(1) and
      json.loads(data.group(1)) == json.load(open('t.json')))
script = re.search(r'<script>(.*?)</script>', page, re.S).group(1)
want = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
print('csp', "script-src 'sha256-%s'" % want in page)
PY
expect_eq timeline.html.data "data True" "$(sed -n 1p check.txt)"
expect_eq timeline.html.csp "csp True" "$(sed -n 2p check.txt)"
"$GPROF" --timeline --dot w p.* >/dev/null 2>err
expect_eq timeline.refuses-dot "1:gprof: --timeline goes with the text, --json or --html, not --dot" \
	"$?:$(cat err)"

if ! command -v node >/dev/null || [ ! -x "$CHROMIUM" ]; then
	fail timeline.page.setup "node or $CHROMIUM missing (build-aux/deps.sh check installs nodejs and chromium)"
	exit 0
fi
node "$TOP/tests/cli/html/timeline.js" "$PWD"
