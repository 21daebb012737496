#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-threads.sh: the per-thread view (gprof --threads; doc/format.md,
# "Tag 6, thread stacks"), on process files written by
# tests/cli/craft_process.py for the debug_g fixture, so that every figure
# is known:
#   threads.text.*      --threads: each thread's flat profile, byte for byte,
#                       in the documented order; with -b, -p, -q and alone
#   threads.folded.*    --folded --threads: a NAME-TID frame first; --folded
#                       alone: the lines a file without threads gives
#   threads.json.*      --json --threads: the "threads" array
#   threads.pprof.*     the thread labels, read back by go tool pprof
#   threads.sum.*       gprof -s joins the runs' threads by name
#   threads.old-file.*  a file without thread stacks (tag 5) reads as
#                       before this record existed (tests/cli/data/threads,
#                       written by the gprof before it), and --threads
#                       refuses it in one line
#   threads.refused.*   --threads with a format it does not apply to
#   threads.wall.*      a wall-clock profile's header
#   process.hostile.threads.*  malformed thread stack records: one line,
#                       status 1
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py
data=$TOP/tests/cli/data/threads
cp "$TOP/tests/corpus/fixtures/debug_g/prog" "$TOP/tests/corpus/fixtures/debug_g/gmon.out" .
cp gmon.out gmon.orig

# debug_g: polynomial 0x11c9, evaluate 0x121c, main 0x12b8; frames past
# the innermost are return addresses
POLY=0x11d0 EV=0x1255 MAIN_RET=0x12d5
OBJECTS='"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [["0x1000", "0x1335"]], "path": "prog"}]'
# threads: the main thread, two workers with samples, two without (counted,
# not shown), and samples of no known thread
THREADS='[[4242, 1, "prog"], [4243, 0, "worker-1"], [4244, 0, "worker-2"], [4246, 0, "idle-b"], [4245, 0, "idle-a"]]'
ENTRIES="[[90, [\"$POLY\", \"$EV\", \"$MAIN_RET\"], 0, null, 1],
 [30, [\"$POLY\", \"$EV\", \"$MAIN_RET\"], 0, null, 2],
 [10, [\"$EV\", \"$MAIN_RET\"], 0, null, 2],
 [3, [\"0x12c0\"], 0, null, 0],
 [2, [\"$POLY\", \"$EV\", \"$MAIN_RET\"], 0, null, \"0xffffffff\"]]"
# make_profile NAME [MORE-JSON]: gmon.out and its process file, with the
# thread stacks above
make_profile() {
	cp gmon.orig "$1"
	echo "{$OBJECTS, \"stacks\": {\"entries\": $ENTRIES, \"threads\": $THREADS}${2:-}}" >spec.json
	"$craft" spec.json "$1"
}
make_profile gmon.out

# ---------------------------------------------------------------- text
cat >want.txt <<'TXT'
Flat profile of thread 4243 "worker-1":
90 samples, 0.90 seconds (66.7% of all the threads' samples).
  %   cumulative   self              self     total           
 time   seconds   seconds    calls  Ts/call  Ts/call  name    
100.00      0.90     0.90                             polynomial
~
Flat profile of thread 4244 "worker-2":
40 samples, 0.40 seconds (29.6% of all the threads' samples).
  %   cumulative   self              self     total           
 time   seconds   seconds    calls  Ts/call  Ts/call  name    
 75.00      0.30     0.30                             polynomial
 25.00      0.40     0.10                             evaluate
~
Flat profile of thread 4242 "prog" (main thread):
3 samples, 0.03 seconds (2.2% of all the threads' samples).
  %   cumulative   self              self     total           
 time   seconds   seconds    calls  Ts/call  Ts/call  name    
100.00      0.03     0.03                             main
~
Flat profile of the samples of no known thread:
2 samples, 0.02 seconds (1.5% of all the threads' samples).
  %   cumulative   self              self     total           
 time   seconds   seconds    calls  Ts/call  Ts/call  name    
100.00      0.02     0.02                             polynomial
~
2 threads without samples are not shown.
TXT
# the reports are separated by form feed lines (here "~"), as GNU separates its own
"$GPROF" -b -P -Q --threads prog gmon.out 2>err | tr '\f' '~' >got.txt
expect_same threads.text.brief-alone want.txt got.txt
expect_eq threads.text.quiet "" "$(cat err)"
expect_eq threads.text.separators 4 "$("$GPROF" -b -P -Q --threads prog gmon.out | grep -c $'^\f$')"
# without -b: the sample's worth under each heading
expect_eq threads.text.blurb 4 \
	"$("$GPROF" -P -Q --threads prog gmon.out | grep -c '^Each sample counts as 0.01 seconds.$')"
# -p --threads: the whole program's flat profile as -p prints it, then the threads
"$GPROF" -b -p prog gmon.out >flat.txt
"$GPROF" -b -p --threads prog gmon.out >flat-threads.txt
expect_eq threads.text.flat-first "$(cat flat.txt)" "$(head -n "$(wc -l <flat.txt)" flat-threads.txt)"
expect_eq threads.text.flat-then-threads 4 "$(grep -c '^Flat profile of ' flat-threads.txt)"
# -q --threads: the call graph, then the threads
"$GPROF" -b -q --threads prog gmon.out >graph-threads.txt
expect_eq threads.text.graph-then-threads "1 4" \
	"$(grep -c '^Times below are measured' graph-threads.txt) $(grep -c '^Flat profile of thread\|^Flat profile of the samples' graph-threads.txt)"
# a symspec that leaves a function out of the flat profile leaves it out of every thread's
expect_eq threads.text.symspec-P 0 \
	"$("$GPROF" -b -P -Q --threads -Ppolynomial prog gmon.out | grep -c ' polynomial$')"

# ---------------------------------------------------------------- folded
"$GPROF" --folded --threads prog gmon.out >folded.txt 2>err
cat >want.folded <<'TXT'
[unknown thread];main;evaluate;polynomial 2
prog-4242;main 3
worker-1-4243;main;evaluate;polynomial 90
worker-2-4244;main;evaluate 10
worker-2-4244;main;evaluate;polynomial 30
TXT
expect_same threads.folded.thread-frame want.folded folded.txt
"$GPROF" --folded prog gmon.out >folded-plain.txt
printf 'main 3\nmain;evaluate 10\nmain;evaluate;polynomial 122\n' >want.plain
expect_same threads.folded.off-by-default want.plain folded-plain.txt

# ---------------------------------------------------------------- json
"$GPROF" --json --threads prog gmon.out >threads.json 2>err
if python3 - threads.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
got = [(t["tid"], t["name"], t["main"], t["samples"], [(f["name"], f["self_time"]) for f in t["functions"]])
       for t in d["threads"]]
want = [(4243, "worker-1", False, 90, [("polynomial", 0.9)]),
        (4244, "worker-2", False, 40, [("polynomial", 0.3), ("evaluate", 0.1)]),
        (4242, "prog", True, 3, [("main", 0.03)]),
        (None, None, False, 2, [("polynomial", 0.02)])]
# threads without samples are counted, not listed
got.append(d["threads_without_samples"])
want.append(2)
sys.exit(0 if got == want else print(got) or 1)
PY
then pass threads.json.threads; else fail threads.json.threads "see above"; fi
expect_eq threads.json.absent-without-option 0 \
	"$("$GPROF" --json prog gmon.out | grep -c '"threads"')"

# ---------------------------------------------------------------- refusals
expect_refusal threads.refused.dot "gprof: --threads goes with the text reports, --json, --folded and --pprof, not --dot" . \
	--dot --threads prog gmon.out

# ---------------------------------------------------------------- sum
cp gmon.out run1.out && cp .gmon.out.process .run1.out.process
make_profile run2.out ', "run_id": "0x99"'
"$GPROF" -s prog run1.out run2.out 2>err
expect_eq threads.sum.quiet "0:" "$?:$(cat err)"
# the runs' threads joined by name (and by order among threads of one
# name): the sum keeps one run's threads, not their total
expect_eq threads.sum.threads-joined 3 \
	"$("$GPROF" -b -P -Q --threads prog gmon.sum | grep -c '^Flat profile of thread')"
expect_eq threads.sum.samples "180 80 10" \
	"$("$GPROF" --folded --threads prog gmon.sum | awk '{ s[$1 ~ /^worker-1/ ? 1 : $1 ~ /^worker-2/ ? 2 : 3] += $NF } END { print s[1], s[2], s[3] }')"
# two files read at once print what their sum prints
"$GPROF" -b --threads prog run1.out run2.out >two.txt 2>&1
"$GPROF" -b --threads prog gmon.sum >sum.txt 2>&1
expect_same threads.sum.same-as-files two.txt sum.txt
# a second thread of a name in one run stays apart from the first; the
# first joins the other run's, with the id it had there
cp gmon.orig run3.out
echo "{$OBJECTS, \"stacks\": {\"entries\": [[7, [\"$POLY\", \"$EV\", \"$MAIN_RET\"], 0, null, 1],
 [5, [\"$EV\", \"$MAIN_RET\"], 0, null, 2]],
 \"threads\": [[5000, 1, \"prog\"], [5001, 0, \"worker-1\"], [5002, 0, \"worker-1\"]]}}" >spec3.json
"$craft" spec3.json run3.out
expect_eq threads.sum.same-name-apart '4243 "worker-1":|97 samples|5002 "worker-1":|5 samples' \
	"$("$GPROF" -b -P -Q --threads prog run1.out run3.out | sed -n 's/^Flat profile of thread \([0-9]* "worker-1"\):$/\1:/p; s/^\([0-9]* samples\),.*/\1/p' | sed -n '/worker-1/{p;n;p}' | tr '\n' '|' | sed 's/|$//')"

# ---------------------------------------------------------------- pprof
if command -v go >/dev/null 2>&1; then
	export HOME=$PWD/home GOCACHE=$PWD/gocache GOPATH=$PWD/gopath GOFLAGS=-mod=mod
	mkdir -p "$HOME"
	"$GPROF" --pprof prog gmon.out >prof.pb.gz
	go tool pprof -tags -sample_index=samples prof.pb.gz >tags.txt 2>pprof.err
	expect_eq threads.pprof.tags "thread: Total 133.0|90.0 (67.67%): worker-1 4243|40.0 (30.08%): worker-2 4244|3.0 ( 2.26%): prog 4242" \
		"$(sed -n '/^ *thread: /,/^$/p' tags.txt | sed 's/^ *//; /^$/d' | tr '\n' '|' | sed 's/|$//')"
	expect_eq threads.pprof.tagfocus "40" \
		"$(go tool pprof -raw -tagfocus=thread=worker-2 -sample_index=samples prof.pb.gz 2>/dev/null | awk '/^Samples:/ { on = 1; next } on && /^ *[0-9]+ +[0-9]+:/ { s += $1 } /^Locations/ { on = 0 } END { print s }')"
else
	echo "ok threads.pprof # skipped: go not installed"
fi

# ---------------------------------------------------------------- old files
# the same stacks in a stack record without threads (tag 5), as a process
# file of before: the reports the gprof before tag 6 printed, byte for byte
cp gmon.orig gmon.out
echo "{$OBJECTS, \"times\": [500000000, 100000000, 135, 0, 0], \"stacks\": {\"entries\": $ENTRIES}}" >old.json
"$craft" old.json gmon.out
"$GPROF" -b prog gmon.out >old.txt 2>&1
expect_same threads.old-file.text "$data/old.txt" old.txt
"$GPROF" --folded prog gmon.out >old.folded 2>&1
expect_same threads.old-file.folded "$data/old.folded" old.folded
"$GPROF" --callgrind prog gmon.out >old.callgrind 2>&1
expect_same threads.old-file.callgrind "$data/old.callgrind" old.callgrind
expect_refusal threads.old-file.refused "gprof: the profile does not say which thread each call stack came from: --threads needs the thread stacks libgmon records with its call stacks (doc/runtime.md, \"Threads\")" . \
	--threads prog gmon.out
expect_refusal threads.old-file.folded-refused "gprof: the profile does not say which thread each call stack came from: --threads needs the thread stacks libgmon records with its call stacks (doc/runtime.md, \"Threads\")" . \
	--folded --threads prog gmon.out

# ---------------------------------------------------------------- clock
cp gmon.orig gmon.out
echo "{$OBJECTS, \"times\": [500000000, 100000000, 135, 0, 0], \"clock\": [3000000000, 4], \"stacks\": {\"entries\": $ENTRIES, \"threads\": $THREADS}}" >wall.json
"$craft" wall.json gmon.out
expect_eq threads.wall.header "A wall-clock profile: the samples cover 0.07 seconds of the threads' running and waiting, over 3.00 seconds elapsed (the threads' times add up)." \
	"$("$GPROF" -b -p prog gmon.out | grep -E '^(A wall-clock|The samples cover)')"
sed -i 's/\[3000000000, 4\]/[3000000000, 1]/' wall.json
"$craft" wall.json gmon.out
expect_eq threads.wall.cpu-header "The samples cover 0.07 of the process's 0.60 seconds of CPU time (11.7%; 0.50 user, 0.10 system)." \
	"$("$GPROF" -b -p prog gmon.out | grep -E '^(A wall-clock|The samples cover)')"
expect_eq threads.wall.json "wall 3" \
	"$(sed -i 's/\[3000000000, 1\]/[3000000000, 4]/' wall.json && "$craft" wall.json gmon.out &&
		"$GPROF" --json prog gmon.out | python3 -c 'import json,sys; p = json.load(sys.stdin)["process"]; print(p["clock"], p["elapsed_time"])')"

# ---------------------------------------------------------------- hostile
# refuse NAME PROBLEM STACKS-JSON: refused with status 1 and one line
refuse() {
	cp gmon.orig gmon.out
	echo "{$OBJECTS, \"stacks\": $3}" >bad.json
	"$craft" bad.json gmon.out
	expect_refusal "$1" "gprof: .gmon.out.process: $2" . -b prog gmon.out
}
refuse process.hostile.threads.thread-beyond "a stack names thread 5, but the record lists 2 threads" \
	"{\"entries\": [[1, [\"$POLY\"], 0, null, 5]], \"threads\": [[1, 1, \"a\"], [2, 0, \"b\"]]}"
refuse process.hostile.threads.count-too-large "4294967295 threads do not fit their record" \
	"{\"entries\": [[1, [\"$POLY\"], 0, null, 0]], \"threads\": [[1, 1, \"a\"]], \"thread_count\": \"0xffffffff\"}"
# a thread stack record of its header alone: no thread count
cp gmon.orig gmon.out
echo "{$OBJECTS, \"extra\": [[6, \"$(printf '80000000%056d' 0)\"]]}" >bad.json
"$craft" bad.json gmon.out
expect_refusal process.hostile.threads.no-thread-count "gprof: .gmon.out.process: truncated thread stack record's thread count at offset 128" . -b prog gmon.out
refuse process.hostile.threads.thread-number-huge "stack 0 names thread 4294967294, beyond the 16777214 a record may hold" \
	"{\"entries\": [[1, [\"$POLY\"], 0, null, \"0xfffffffe\"]], \"threads\": []}"
refuse process.hostile.threads.unknown-flags "thread 0 has unknown flags 0x6" \
	"{\"entries\": [[1, [\"$POLY\"], 0, null, 0]], \"threads\": [[1, 6, \"a\"]]}"
refuse process.hostile.threads.bytes-after "24 bytes after the last thread of the stack record" \
	"{\"entries\": [[1, [\"$POLY\"], 0, null, 0]], \"threads\": [[1, 1, \"a\"], [2, 0, \"b\"]], \"thread_count\": 1}"
refuse process.hostile.threads.entries-too-many "1000 stacks do not fit their record" \
	"{\"entries\": [[1, [\"$POLY\"], 0, null, 0]], \"threads\": [[1, 1, \"a\"]], \"count\": 1000}"
refuse process.hostile.threads.frames-past-end "stack 0: 100 frames do not fit its record" \
	"{\"entries\": [[1, [\"$POLY\"], 0, 100, 0]], \"threads\": [[1, 1, \"a\"]]}"
# a thread record and a stack record: one too many
cp gmon.orig gmon.out
echo "{$OBJECTS, \"stacks\": {\"entries\": [[1, [\"$POLY\"]]]}, \"extra\": [[6, \"$(printf '80000000%064d' 0)\"]]}" >bad.json
"$craft" bad.json gmon.out
expect_refusal process.hostile.threads.two-stack-records "gprof: .gmon.out.process: a second stack record at offset 152" . -b prog gmon.out
# control bytes in a name are shown escaped, never sent to the terminal
cp gmon.orig gmon.out
printf '{%s, "stacks": {"entries": [[1, ["%s"], 0, null, 0]], "threads": [[1, 1, "ev\\u001b[2Jil"]]}}' "$OBJECTS" "$POLY" >evil.json
"$craft" evil.json gmon.out
"$GPROF" -b -P -Q --threads prog gmon.out >evil.txt 2>&1
expect_eq process.hostile.threads.name-escaped "0|Flat profile of thread 1 \"ev\\x1b[2Jil\" (main thread):" \
	"$(grep -c $'\x1b' evil.txt)|$(head -1 evil.txt)"
