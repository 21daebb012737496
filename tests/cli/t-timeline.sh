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
#   timeline.bad-window.*     a process file whose window record is
#                             numbered 0, ends before it starts, is cut
#                             short, or comes twice: one line naming the
#                             file, status 1
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

# bad window records: one line each
first=$(ls p.* | sort -t. -k3n | head -1)
bad() { # NAME EXPECTED: the first window's process file changed by python's HOW
	local name=$1 expected=$2
	cp "$first" bad && cp ".$first.process" .bad.process
	python3 - "$name" <<'PY'
import struct, sys
how = sys.argv[1]
d = bytearray(open('.bad.process', 'rb').read())
at = 32
while at + 8 <= len(d):
    tag, n = struct.unpack_from('<II', d, at)
    if tag == 8:
        break
    at += 8 + n
if how == 'zero':
    struct.pack_into('<I', d, at + 8, 0)
elif how == 'backwards':
    s, e = struct.unpack_from('<QQ', d, at + 16)
    struct.pack_into('<QQ', d, at + 16, e, s)
elif how == 'short':
    struct.pack_into('<I', d, at + 4, 16)
    del d[at + 8 + 16:at + 8 + 32]
elif how == 'twice':
    d[at + 8 + n:at + 8 + n] = d[at:at + 8 + n]
open('.bad.process', 'wb').write(d)
PY
	"$GPROF" --timeline w bad >/dev/null 2>err
	expect_eq "timeline.bad-window.$name" "1:gprof: .bad.process: $expected" "$?:$(cat err)"
}
bad zero "window record: window 0 (they are numbered from 1)"
bad backwards "window record: window 1 ends before it starts"
bad short "truncated window record at offset $(python3 -c "
import struct
d = open('.$first.process', 'rb').read(); at = 32
while struct.unpack_from('<I', d, at)[0] != 8: at += 8 + struct.unpack_from('<I', d, at + 4)[0]
print(at + 8)")"
bad twice "a second window record at offset $(python3 -c "
import struct
d = open('.$first.process', 'rb').read(); at = 32
while struct.unpack_from('<I', d, at)[0] != 8: at += 8 + struct.unpack_from('<I', d, at + 4)[0]
print(at + 8 + 32)")"

if ! command -v node >/dev/null || [ ! -x "$CHROMIUM" ]; then
	fail timeline.page.setup "node or $CHROMIUM missing (build-aux/deps.sh check installs nodejs and chromium)"
	exit 0
fi
node "$TOP/tests/cli/html/timeline.js" "$PWD"
