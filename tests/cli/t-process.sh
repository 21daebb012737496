#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-process.sh: gprof's side of whole-process profiles, on
# process files written by tests/cli/craft_process.py (so that every
# address and count is known): objects named by path and build-id,
# symbols with their sizes, "[object]" for code outside them, samples and
# arcs outside the main program, runs matched by run id, and what a
# missing, stale, changed or malformed file does.
. "$(dirname "$0")/../lib.sh"
scratch
cd "${KEEP:-$SCRATCH}" || exit 2
fixture=$TOP/tests/corpus/fixtures/cycle2
craft=$TOP/tests/cli/craft_process.py

# a library of known functions, hot and warm, and eight bytes of code
# after after_gap's one that no symbol covers
cat >work.c <<'C'
int hot(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i; return s; }
int warm(int n) { return n * 3 + 1; }
__asm__(".text\n.globl after_gap\n.type after_gap,@function\nafter_gap:\nret\n.size after_gap,1\n"
        "nop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\n");
C
cc -O1 -shared -fPIC -Wl,--build-id -o libwork.so work.c || { fail process.setup "cannot build libwork.so"; exit 0; }
cp "$fixture/prog" "$fixture/gmon.out" .
cp gmon.out gmon.orig

read -r main_text main_size < <(text_section prog)
read -r lib_text lib_size < <(text_section libwork.so)
hot=$(symbol_address libwork.so hot)
warm=$(symbol_address libwork.so warm)
gap=$(symbol_address libwork.so after_gap)
spin=$(symbol_address prog spin)
B0=0x555555554000
B1=0x7f0000000000
libpath=$PWD/libwork.so

# spec NAME [EXTRA JSON MEMBERS]: the description of the usual run
spec() {
	cat <<JSON
{"run_id": "0x1122334455667788",
 "objects": [
  {"number": 0, "flags": 1, "bias": "$B0", "segments": [[$((main_text + B0)), $((main_text + main_size + B0))]],
   "build_id": "$(build_id prog)", "path": "$PWD/prog"},
  {"number": 1, "flags": 0, "bias": "$B1", "segments": [[$((lib_text + B1)), $((lib_text + lib_size + B1))]],
   "build_id": "${LIB_BUILD_ID:-$(build_id libwork.so)}", "path": "${LIBPATH:-$libpath}"}],
 "rate": 100,
 "samples": [[$((hot + 4 + B1)), 300], [$((warm + B1)), 100], [$((gap + 3 + B1)), 7], ["0x10", 5]],
 "arcs": [[$((hot + 8 + B1)), $((spin + B0)), 42]],
 "times": [5000000000, 100000000, 412, 0, 0]$1}
JSON
}
make_profile() { cp gmon.orig gmon.out; spec "${1:-}" >spec.json; "$craft" spec.json gmon.out; }

flat_line() { grep -E "  $1\$" "$2" | head -1; }
self_seconds() { flat_line "$1" "$2" | awk '{ print $3 }'; }

# ---------------------------------------------------------------- the report
make_profile
"$GPROF" -b prog gmon.out >out 2>err
rc=$?
expect_eq process.report.status 0 "$rc"
expect_eq process.report.quiet "" "$(cat err)"
expect_eq process.flat.library-function "3.00" "$(self_seconds 'hot \[libwork.so\]' out)"
expect_eq process.flat.library-warm "1.00" "$(self_seconds 'warm \[libwork.so\]' out)"
# the code after warm's last byte is nobody's: never warm's
expect_eq process.flat.gap-is-the-object "0.07" "$(self_seconds '\[libwork.so\]' out)"
expect_eq process.flat.unknown "0.05" "$(self_seconds '\[unknown\]' out)"
# shares of the whole process: main's samples plus the 412 here
main_ticks=$("$GPROF" -b -p --main-only prog gmon.out | awk 'NR > 5 && $1 != "" { s += $3 } END { printf "%.0f", s * 100 }')
expect_eq process.flat.percent-of-process "$(awk -v m="$main_ticks" 'BEGIN { printf "%.2f", 30000 / (m + 412) }')" \
	"$(flat_line 'hot \[libwork.so\]' out | awk '{ print $1 }')"
if grep -qE '^ +[0-9.]+ +[0-9.]+ +[0-9]+/[0-9]+ +hot \[libwork.so\] \[[0-9]+\]$' out &&
	awk '/^\[[0-9]+\].* spin \[/ { found = 1 } END { exit !found }' out; then
	pass process.graph.arc-from-library
else
	fail process.graph.arc-from-library "no caller line 'hot [libwork.so]' above spin"
fi
if grep -q '42/' out; then pass process.graph.arc-count; else fail process.graph.arc-count "no 42 calls"; fi

# ---------------------------------------------------------------- the classic view
cp gmon.orig plain.out
"$GPROF" -b prog plain.out >plain.txt 2>&1
"$GPROF" -b --main-only prog gmon.out >main-only.txt 2>&1
expect_same process.main-only.as-without plain.txt main-only.txt
# GNU gprof reads the stamped gmon.out exactly as the unstamped one
"$GNU_GPROF" -b prog plain.out >gnu-plain.txt 2>&1
"$GNU_GPROF" -b prog gmon.out >gnu-stamped.txt 2>&1
expect_same process.gnu.reads-stamped gnu-plain.txt gnu-stamped.txt

# ---------------------------------------------------------------- runs
make_profile ', "gmon_run_id": "0x99"'
"$GPROF" -b prog gmon.out >out 2>err
expect_eq process.run.stale-warning \
	"gprof: warning: .gmon.out.process: from another run than gmon.out (run id 1122334455667788, not 0000000000000099); not used" \
	"$(cat err)"
expect_same process.run.stale-is-main-only main-only.txt out
make_profile
rm .gmon.out.process
"$GPROF" -b prog gmon.out >out 2>err
expect_eq process.run.missing-warning \
	"gprof: warning: gmon.out: no process file beside it (.gmon.out.process): the main program alone is reported" \
	"$(cat err)"
expect_same process.run.missing-is-main-only main-only.txt out

# ---------------------------------------------------------------- the library on disk
cp libwork.so libwork.orig
LIB_BUILD_ID=00112233445566778899aabbccddeeff00112233 make_profile
"$GPROF" -b prog gmon.out >out 2>err
expect_eq process.object.changed-warning \
	"gprof: warning: $libpath: not the file that ran (its build-id differs); its samples are shown as [libwork.so]" \
	"$(cat err)"
expect_eq process.object.changed-samples-kept "4.07" "$(self_seconds '\[libwork.so\]' out)"
LIBPATH=$PWD/gone.so make_profile
"$GPROF" -b prog gmon.out >out 2>err
expect_eq process.object.missing-warning \
	"gprof: warning: $PWD/gone.so: No such file or directory (recorded on another machine? --sysroot DIR: its root); its samples are shown as [gone.so]" \
	"$(cat err)"
expect_eq process.object.missing-samples-kept "4.07" "$(self_seconds '\[gone.so\]' out)"
# --sysroot: the object is looked for under the root first (a profile
# from another machine, its files copied under root/)
mkdir -p "root$PWD"
cp libwork.so "root$PWD/gone.so"
"$GPROF" -b --sysroot root prog gmon.out >out 2>err
expect_eq process.sysroot.quiet "" "$(cat err)"
expect_eq process.sysroot.names-functions "3.00" "$(self_seconds 'hot \[gone.so\]' out)"
GPROF_SYSROOT=$PWD/root/ "$GPROF" -b prog gmon.out >env.txt 2>err
expect_eq process.sysroot.env-quiet "" "$(cat err)"
expect_same process.sysroot.env-as-option out env.txt
# the root comes first: the file here is not used when the root has one
LIBPATH=$PWD/libwork.so make_profile
echo 'not an object' >"root$PWD/libwork.so"
"$GPROF" -b --sysroot root prog gmon.out >out 2>err
expect_eq process.sysroot.first \
	"gprof: warning: root$PWD/libwork.so: not an object file BFD reads; its samples are shown as [libwork.so]" \
	"$(cat err)"
# in neither place: one line naming the object and the root
LIBPATH=/nowhere/gone.so make_profile
"$GPROF" -b --sysroot root prog gmon.out >out 2>err
expect_eq process.sysroot.missing-warning \
	"gprof: warning: /nowhere/gone.so: No such file or directory here and under --sysroot root; its samples are shown as [gone.so]" \
	"$(cat err)"
expect_refusal process.sysroot.not-a-directory "gprof: --sysroot prog: not a directory" . \
	--sysroot prog prog gmon.out
expect_refusal process.sysroot.no-such-directory \
	"gprof: --sysroot nosuch: No such file or directory" . --sysroot nosuch prog gmon.out
GPROF_SYSROOT=nosuch expect_refusal process.sysroot.env-no-such-directory \
	"gprof: GPROF_SYSROOT nosuch: No such file or directory" . prog gmon.out
# stripped: the dynamic symbols still name hot and warm
strip --strip-all -o libwork.stripped libwork.so
cp libwork.stripped libwork.so
make_profile
"$GPROF" -b prog gmon.out >out 2>err
expect_eq process.object.stripped-dynsym "3.00" "$(self_seconds 'hot \[libwork.so\]' out)"
cp libwork.orig libwork.so

# ---------------------------------------------------------------- hostile files
# refuse NAME PROBLEM JSON: a process file of the header and the records
# JSON describes (craft_process.py) is refused with status 1 and one line,
# "gprof: .gmon.out.process: PROBLEM"
refuse() {
	cp gmon.orig gmon.out
	echo "{\"run_id\": \"0x1122334455667788\", $3}" >bad.json
	"$craft" bad.json gmon.out
	expect_refusal "$1" "gprof: .gmon.out.process: $2" . -b prog gmon.out
}
refuse process.hostile.truncated "record of 5 bytes at offset 32 runs past the end" '"extra": [[9, "0011223344"]], "truncate": 44'
refuse process.hostile.short-header "too short for a process file (20 bytes)" '"truncate": 20'
refuse process.hostile.segments-overflow "object 7: 1000000 segments do not fit its record" '"extra": [[1, "0700000000000000000000000000000040420f00"]]'
refuse process.hostile.huge-samples "4294967295 samples do not fit their record" '"extra": [[2, "64000000ffffffff"]]'
refuse process.hostile.reversed-segment "object 1: segment 0x7f0000001000-0x7f0000000000 is empty or reversed" '"objects": [{"number": 1, "bias": 0, "segments": [["0x7f0000001000", "0x7f0000000000"]], "path": "/a"}]'
refuse process.hostile.overlap "two objects' segments overlap at 0x7f0000000800" '"objects": [{"number": 1, "bias": 0, "segments": [["0x7f0000000000", "0x7f0000001000"]], "path": "/a"}, {"number": 2, "bias": 0, "segments": [["0x7f0000000800", "0x7f0000002000"]], "path": "/b"}]'
refuse process.hostile.twice "object 1 is recorded twice" '"objects": [{"number": 1, "bias": 0, "segments": [], "path": "/a"}, {"number": 1, "bias": 0, "segments": [], "path": "/b"}]'
refuse process.hostile.bad-magic "not a process file (bad magic)" '"extra": [], "magic": "xxxx"'
# thread stack records (tag 6): a stack naming a thread the record does
# not list, threads that cannot fit, bytes after the threads
tag6() { python3 -c 'import struct, sys
n, thread, threads, stated = (int(a, 0) for a in sys.argv[1:])
b = struct.pack("<IIQQQ", 128, n, 0, 0, 0)
b += (struct.pack("<QIII", 1, 1, 0, thread) + struct.pack("<Q", 0x7f0000000010)) * n
b += struct.pack("<I", stated) + b"".join(struct.pack("<II", 100 + k, 0) + b"t".ljust(16, b"\0") for k in range(threads))
print(b.hex())' "$@"; }
refuse process.hostile.thread-stacks.thread-beyond "a stack names thread 3, but the record lists 2 threads" "\"extra\": [[6, \"$(tag6 1 3 2 2)\"]]"
refuse process.hostile.thread-stacks.threads-overflow "4294967295 threads do not fit their record" "\"extra\": [[6, \"$(tag6 1 0 1 0xffffffff)\"]]"
refuse process.hostile.thread-stacks.bytes-after "24 bytes after the last thread of the stack record" "\"extra\": [[6, \"$(tag6 1 0 2 1)\"]]"
# a later version's record is skipped
make_profile ', "extra": [[77, "00ff00ff"]]'
"$GPROF" -b prog gmon.out >out 2>err
expect_eq process.hostile.unknown-tag-skipped "3.00" "$(self_seconds 'hot \[libwork.so\]' out)"

# call stacks through the library (doc/format.md, tag 5): each frame
# mapped through its object's segments, the library's return address
# looked up one byte back; the measured time on the library's arc
main_fn=$(symbol_address prog main)
make_profile ", \"stacks\": {\"entries\": [[50, [$((spin + 4 + B0)), $((hot + 8 + B1)), $((main_fn + 8 + B0))]],
  [20, [$((hot + 4 + B1)), $((main_fn + 8 + B0))]], [5, [$((hot + B1)), 16]]]}"
"$GPROF" --folded prog gmon.out >out 2>err
expect_eq process.stacks.folded-through-library "[unknown];hot [libwork.so] 5|main;hot [libwork.so] 20|main;hot [libwork.so];spin 50|:" \
	"$(tr '\n' '|' <out):$(cat err)"
"$GPROF" -b -q prog gmon.out >out 2>err
if grep -qE '^ +0\.50 +0\.00 +42/[0-9]+ +hot \[libwork.so\] \[[0-9]+\]$' out &&
	grep -q '^Times below are measured from 75 samples in 3 distinct call stacks.$' out; then
	pass process.stacks.measured-library-arc
else
	fail process.stacks.measured-library-arc "no measured 0.50 on hot's line above spin"
fi

# ---------------------------------------------------------------- header and JSON
make_profile
"$GPROF" -b -p prog gmon.out >out 2>err
expect_eq process.flat.cpu-time-line \
	"The samples cover $(awk -v m="$main_ticks" 'BEGIN { printf "%.2f", (m + 412) / 100 }') of the process's 5.10 seconds of CPU time ($(awk -v m="$main_ticks" 'BEGIN { printf "%.1f", (m + 412) / 100 / 5.1 * 100 }')%; 5.00 user, 0.10 system)." \
	"$(sed -n 4p out)"
"$GPROF" --json prog gmon.out >out.json 2>err
if python3 - "$libpath" <<'PY'
import json, sys
d = json.load(open("out.json"))
f = {x["name"]: x for x in d["flat_profile"]["functions"]}
assert f["hot"]["object"] == sys.argv[1], f["hot"]
assert f["spin"]["object"].endswith("prog"), f["spin"]
assert d["process"]["user_time"] == 5 and d["process"]["samples_taken"] == 412, d["process"]
PY
then pass process.json.objects; else fail process.json.objects "no object or process fields"; fi

# ---------------------------------------------------------------- -s
make_profile
"$GPROF" -b prog gmon.out >one.txt 2>&1
rm -f gmon.sum .gmon.sum.process
"$GPROF" -s prog gmon.out >out 2>err
if [ -s .gmon.sum.process ] && [ -z "$(cat err)" ]; then pass process.sum.written; else fail process.sum.written "no .gmon.sum.process: $(head -1 err)"; fi
"$GPROF" -b prog gmon.sum >sum.txt 2>&1
expect_same process.sum.reads-as-the-run one.txt sum.txt
"$GNU_GPROF" -b prog gmon.sum >gnu-sum.txt 2>&1
expect_same process.sum.gnu-reads-it gnu-plain.txt gnu-sum.txt
# two runs, the library loaded elsewhere in each: summed by object
cp gmon.out run1.out
cp .gmon.out.process .run1.out.process
B1=0x7f1000000000 make_profile ', "run_id": "0x5566"'
cp gmon.out run2.out
cp .gmon.out.process .run2.out.process
rm -f gmon.sum .gmon.sum.process
"$GPROF" -s prog run1.out run2.out >out 2>err
"$GPROF" -b prog gmon.sum >sum2.txt 2>err
expect_eq process.sum.two-runs-by-object "6.00" "$(self_seconds 'hot \[libwork.so\]' sum2.txt)"
if grep -q ' 84/' sum2.txt; then pass process.sum.two-runs-arcs; else fail process.sum.two-runs-arcs "no 84 calls"; fi
# and the sum sums again with a run
rm -f gmon.sum .gmon.sum.process
"$GPROF" -s prog run1.out run2.out >/dev/null 2>&1 && cp gmon.sum sum12.out && cp .gmon.sum.process .sum12.out.process
"$GPROF" -s prog sum12.out run1.out >out 2>err
"$GPROF" -b prog gmon.sum >sum3.txt 2>err
expect_eq process.sum.of-a-sum "9.00" "$(self_seconds 'hot \[libwork.so\]' sum3.txt)"

# ---------------------------------------------------------------- DOT
make_profile
"$GPROF" --dot prog gmon.out >out.dot 2>err
if grep -q 'label="hot \[libwork.so\]\\n' out.dot && dot -Tsvg out.dot >/dev/null 2>&1; then
	pass process.dot.object-in-label
else
	fail process.dot.object-in-label "no node labelled 'hot [libwork.so]' (or it does not render)"
fi
