#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-html.sh: gprof --html, checked in a real browser as a user
# works the page: its figures equal the text report's, the flat profile
# sorts and filters, the call graph is walked by clicking (back and
# forward included), the flame graph is searched and zoomed, the source
# shows its lines with their samples and calls, a hostile name stays
# text, and the page makes no request and logs no error.
#
# The browser: Debian's chromium, headless, driven by node over the
# DevTools protocol on a pipe (tests/cli/html/browser.js, node's own
# modules only).  Why not puppeteer-core: the protocol's few commands
# the tests use need no library; chromium and nodejs are Debian packages
# (build-aux/deps.sh check), and --remote-debugging-pipe needs no
# WebSocket client (node 20 has none).  (t-html-keys.sh adds axe-core,
# which deps.sh installs with npm, for its accessibility checks.)
#
# The profiles are deterministic: the committed fixtures debug_g and
# cycle3 (their gmon.out as recorded), with call stacks written by
# craft_process.py; only the hostile-name program is built and run here,
# and its checks depend on names and call counts, not on samples.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
. "$TOP/tests/cli/html/setup.sh"
browser_ready html || exit 0

# ---------------------------------------------------------------- the pages
# debug_g (a PIE, loaded at $B): main -> evaluate -> polynomial, with stacks
# make_run DIR POLY EVAL MAIN [OBJECT SAMPLES]: the fixture's run with
# these stack samples (and another object, and samples in it)
B=$((0x555555554000))
fx=$FIXTURES/debug_g
read -r text size < <(text_section "$fx/prog")
P=$(($(symbol_address "$fx/prog" polynomial) + B)) E=$(($(symbol_address "$fx/prog" evaluate) + B)) M=$(($(symbol_address "$fx/prog" main) + B))
make_run() {
	mkdir -p "$1"
	cp "$fx/prog" "$fx/gmon.out" "$1/"
	cat >"$1/spec.json" <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": $B, "segments": [[$((B + text)), $((B + text + size))]],
   "path": "$PWD/$1/prog"}${5:+, $5}],${6:+ \"rate\": 100, \"samples\": $6,}
 "stacks": {"entries": [[$2, [$((P + 4)), $((E + 8)), $((M + 8))]], [$3, [$((E + 4)), $((M + 8))]],
   [$4, [$((M + 4))]]]}}
JSON
	"$craft" "$1/spec.json" "$1/gmon.out"
}
make_run old 40 25 5
make_run new 100 30 10
# a whole-process profile: a library (built, never run) with samples
cat >work.c <<'C'
int hot(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i; return s; }
int warm(int n) { return n * 3 + 1; }
C
cc -O1 -shared -fPIC -o libwork.so work.c || fail html.setup "cannot build libwork.so"
L=$((0x7f0000000000))
read -r ltext lsize < <(text_section libwork.so)
make_run objs 40 25 5 "{\"number\": 1, \"flags\": 0, \"bias\": $L,
   \"segments\": [[$((L + ltext)), $((L + ltext + lsize))]], \"path\": \"$PWD/libwork.so\"}" \
	"[[$((L + $(symbol_address libwork.so hot) + 4)), 300], [$((L + $(symbol_address libwork.so warm))), 100]]"
"$GPROF" --html objs/prog objs/gmon.out >objs.html
"$GPROF" -b -p objs/prog objs/gmon.out >objs.txt
cp "$TOP/tests/corpus/src/debug_g/lines.c" .
"$GPROF" --html -I "$PWD" old/prog old/gmon.out >prof.html 2>err
expect_eq html.make.status "0:" "$?:$(cat err)"
"$GPROF" -b old/prog old/gmon.out >prof.txt
"$GPROF" -b new/prog new/gmon.out >new.txt
cp prof.txt old.txt
"$GPROF" --diff --html old/prog old/gmon.out new/gmon.out >diff.html 2>err
expect_eq html.make.diff-status "0:" "$?:$(cat err)"
(cd "$FIXTURES/cycle3" && "$GPROF" --html prog gmon.out) >cycle.html
(cd "$FIXTURES/cycle3" && "$GPROF" -b prog gmon.out) >cycle.txt
(cd "$FIXTURES/cxx" && "$GPROF" --html prog gmon.out) >cxx.html
(cd "$FIXTURES/cxx" && "$GPROF" -b -p prog gmon.out) >cxx.txt
(cd "$FIXTURES/debug_g" && "$GPROF" --html -l prog gmon.out) >lines.html
(cd "$FIXTURES/debug_g" && "$GPROF" -b -l -p prog gmon.out) >lines.txt

# threads (as t-threads.sh's): the main thread, two workers with
# samples, two without, and samples of no known thread
mkdir -p thr
cp "$fx/prog" "$fx/gmon.out" thr/
POLY=$(($(symbol_address "$fx/prog" polynomial) + 7)) EV=$(($(symbol_address "$fx/prog" evaluate) + 0x39))
MAIN_RET=$(($(symbol_address "$fx/prog" main) + 0x1d))
cat >thr/spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((text)), $((text + size))]], "path": "prog"}],
 "stacks": {"entries": [[90, [$POLY, $EV, $MAIN_RET], 0, null, 1], [30, [$POLY, $EV, $MAIN_RET], 0, null, 2],
   [10, [$EV, $MAIN_RET], 0, null, 2], [3, [$((MAIN_RET - 0x15))], 0, null, 0],
   [2, [$POLY, $EV, $MAIN_RET], 0, null, "0xffffffff"]],
  "threads": [[4242, 1, "prog"], [4243, 0, "worker-1"], [4244, 0, "worker-2"], [4246, 0, "idle-b"], [4245, 0, "idle-a"]]}}
JSON
"$craft" thr/spec.json thr/gmon.out
(cd thr && "$GPROF" --html prog gmon.out) >threads.html
(cd thr && "$GPROF" -b -P -Q --threads prog gmon.out) >threads.txt

# one self-contained file: no URL to load anything from, the data escaped
if grep -qiE '(src|href)="(https?:)?//|@import|url\(' prof.html; then
	fail html.self-contained "a reference to something outside the page: $(grep -oiE '(src|href)="[^"]*"|@import|url\([^)]*\)' prof.html | head -1)"
else
	pass html.self-contained
fi

# names that are markup and script, from the assembler's quoted symbols
cat >hostile.c <<'C'
void evil(int n) { for (volatile int i = 0; i < n; i++) ; }
void closer(int n) { for (volatile int i = 0; i < n; i++) ; }
int main(void) { for (int i = 0; i < 3; i++) { evil(10); closer(10); } return 0; }
C
if cc -pg -O0 -S -o hostile.s hostile.c &&
	sed -i -e 's/\bevil\b/"<img src=x onerror=alert(1)>"/g' \
		-e 's/\bcloser\b/"<\/script><script>alert(2)<\/script>"/g' hostile.s &&
	cc -pg -o hostile hostile.s && ./hostile && [ -s gmon.out ]; then
	"$GPROF" --html hostile gmon.out >hostile.html 2>err
	expect_eq html.make.hostile-status "0:" "$?:$(cat err)"
	if grep -q '<img\|</script><script>' <(sed -n '/id="gprof-data"/,/<\/script>/p' hostile.html | sed '$d'); then
		fail html.hostile.escaped "a name is markup in the page's data"
	else
		pass html.hostile.escaped
	fi
else
	fail html.setup "cannot build the program with hostile names"
fi

# --html with another output format is refused
"$GPROF" --html --json old/prog old/gmon.out >/dev/null 2>err
expect_eq html.refuses-two-formats "1:gprof: only one of --json, --dot, --folded, --callgrind, --flame, --pprof and --html may be given" \
	"$?:$(cat err)"

# ---------------------------------------------------------------- the browser
node "$TOP/tests/cli/html/check.js" "$PWD" ${HTML_SCREENSHOT:+"$HTML_SCREENSHOT"}
