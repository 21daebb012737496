#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-windows.sh: profiles by windows (doc/runtime.md,
# "Windows"): GMON_INTERVAL and GMON_SNAPSHOT_MODE=delta write one file
# per window, PREFIX.PID.N, each with that window's counts only, and the
# windows add up exactly to the run.  Nothing here depends on timing:
# windows closed by the program's own snapshot signal hold exact calls;
# windows closed by the clock are only counted and summed.
#   runtime.windows.snap.names      PREFIX.PID.1 .2 .3, nothing else
#   runtime.windows.snap.calls      window 1: a 1000 only; 2: b 2000 only;
#                                   3 (the end): c 3000 only
#   runtime.windows.snap.record     each process file says its window
#                                   (index, delta) and the windows follow
#                                   each other (end of one = start of next)
#   runtime.windows.snap.processes  gprof --processes: the three windows are
#                                   one process (one line, windows 3)
#   runtime.windows.fork.*          a child forked in window 2 writes its
#                                   own windows (CHILD.1: c 500 only), the
#                                   parent's have none of the child's calls
#   runtime.windows.exec.*          the image after exec writes PID-2.N,
#                                   with b 2000 only; image 1's a 1000
#   runtime.windows.interval.*      gprof-run --interval: indices 1..K
#                                   contiguous, the calls of all windows
#                                   equal to the calls the program counted,
#                                   the samples all windows hold (bins and
#                                   the process files' samples) equal to the
#                                   samples the runtime says they took
#   runtime.windows.timeline.*      gprof --timeline of those windows: one
#                                   column per window in order (indices
#                                   1..K, starts rising, each start the end
#                                   of the one before), each function's
#                                   total the sum of its row and equal to
#                                   its self seconds in gprof of all the
#                                   files at once; the text's header
#   runtime.windows.threads.*       3 threads computing at once, each sampled
#                                   by its own clock, any of them closing a
#                                   window: the calls of all windows equal
#                                   to those counted, the samples too
#   runtime.windows.nopg.*          the same program without -pg under
#                                   gprof-run --interval (sparse samples):
#                                   indices contiguous, the samples all
#                                   windows hold equal to those taken
#   runtime.windows.bad-interval    gprof-run --interval 0: one line, status 2
#   runtime.windows.bad-setting.*   GMON_INTERVAL=soon, GMON_SNAPSHOT_MODE=
#                                   sometimes: one line each, and the one
#                                   profile of the run as without them
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.windows
runtime_scratch
cd "$SCRATCH" || exit 2
RUN=$TOP/run/gprof-run
build_ours w "$PROGS/windows.c"

# window_calls EXE FILE: "a=N b=N c=N" (0 for a function not called)
window_calls() {
	local f out=""
	for f in a b c; do
		n=$(calls_of "$1" "$2" "$f")
		[ "$n" = none ] && n=0
		out="$out $f=$n"
	done
	echo "${out# }"
}

# window_record FILE: "index flags" from the process file of FILE
window_record() {
	local dir base
	dir=$(dirname "$1")
	base=$(basename "$1")
	python3 - "$dir/.$base.process" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
at = 32
while at + 8 <= len(d):
    tag, n = struct.unpack_from('<II', d, at)
    if tag == 8:
        i, f, s, e, iv = struct.unpack_from('<IIQQQ', d, at + 8)
        print(i, f, s, e)
        break
    at += 8 + n
else:
    print('none')
PY
}

# snapshots as window ends
mkdir snap
(cd snap && GMON_OUT_PREFIX=p GMON_SNAPSHOT_SIGNAL=USR1 GMON_SNAPSHOT_MODE=delta ../w snap) \
	>snap.out 2>snap.err
pid=$(cd snap && ls p.* | sed -n 's/^p\.\([0-9]*\)\.1$/\1/p')
expect_eq runtime.windows.snap.names "$(cd snap && ls p.* | sort | tr '\n' ' ')" \
	"p.$pid.1 p.$pid.2 p.$pid.3 "
expect_eq runtime.windows.snap.calls \
	"$(for n in 1 2 3; do window_calls w "snap/p.$pid.$n"; done | tr '\n' ';')" \
	"a=1000 b=0 c=0;a=0 b=2000 c=0;a=0 b=0 c=3000;"
r1=$(window_record "snap/p.$pid.1"); r2=$(window_record "snap/p.$pid.2")
r3=$(window_record "snap/p.$pid.3")
read -r i1 f1 _ e1 <<<"$r1"; read -r i2 f2 s2 e2 <<<"$r2"; read -r i3 f3 s3 _ <<<"$r3"
expect_eq runtime.windows.snap.record "$i1 $f1 $i2 $f2 $i3 $f3 $([ "$s2" = "$e1" ] && [ "$s3" = "$e2" ] && echo joined)" \
	"1 1 2 1 3 1 joined"

procs=$("$TOP/gprof/gprof" --processes --json snap/p.* | python3 -c "
import json, sys
p = json.load(sys.stdin)['processes']
print(len(p), p[0]['windows'], p[0]['file'])")
expect_eq runtime.windows.snap.processes "$procs" "1 3 snap/p.$pid.1"

# fork in window 2
mkdir fork
(cd fork && GMON_OUT_PREFIX=p GMON_SNAPSHOT_SIGNAL=USR1 GMON_SNAPSHOT_MODE=delta ../w fork) \
	>fork.out 2>fork.err
parent=$(cd fork && ls p.* | sed -n 's/^p\.\([0-9]*\)\.2$/\1/p')
child=$(cd fork && ls p.* | sed -n 's/^p\.\([0-9]*\)\.1$/\1/p' | grep -vx "$parent")
expect_eq runtime.windows.fork.names "$(cd fork && ls p.* | sort | tr '\n' ' ')" \
	"$(printf '%s\n' "p.$parent.1" "p.$parent.2" "p.$child.1" | sort | tr '\n' ' ')"
expect_eq runtime.windows.fork.calls \
	"$(window_calls w "fork/p.$parent.1");$(window_calls w "fork/p.$parent.2");$(window_calls w "fork/p.$child.1")" \
	"a=1000 b=0 c=0;a=0 b=2000 c=0;a=0 b=0 c=500"

# exec in window 2
mkdir exec
(cd exec && GMON_OUT_PREFIX=p GMON_SNAPSHOT_SIGNAL=USR1 GMON_SNAPSHOT_MODE=delta ../w exec) \
	>exec.out 2>exec.err
pid=$(cd exec && ls p.* | sed -n 's/^p\.\([0-9]*\)\.1$/\1/p')
expect_eq runtime.windows.exec.names "$(cd exec && ls p.* | sort | tr '\n' ' ')" \
	"p.$pid-2.1 p.$pid.1 p.$pid.2 "
expect_eq runtime.windows.exec.calls \
	"$(window_calls w "exec/p.$pid.1");$(window_calls w "exec/p.$pid.2");$(window_calls w "exec/p.$pid-2.1")" \
	"a=1000 b=0 c=0;a=0 b=0 c=0;a=0 b=2000 c=0"

# check_windows DIR CALLS: DIR's files are the windows p.PID.1 to
# p.PID.k (k set for later), their calls of a add up to CALLS, and
# every sample taken is held in one of them
check_windows() {
	local files pid sum c n held taken
	files=$(cd "$1" && ls p.*)
	k=$(echo "$files" | wc -l)
	pid=$(echo "$files" | head -1 | sed 's/^p\.\([0-9]*\)\..*/\1/')
	expect_eq "runtime.windows.$1.names" "$(echo "$files" | sort | tr '\n' ' ')" \
		"$(for n in $(seq "$k"); do echo "p.$pid.$n"; done | sort | tr '\n' ' ')"
	sum=0
	for n in $(seq "$k"); do
		c=$(calls_of w "$1/p.$pid.$n" a)
		[ "$c" = none ] && c=0
		sum=$((sum + c))
	done
	expect_eq "runtime.windows.$1.calls" "$sum" "$2"
	read -r held taken <<<"$(cd "$1" && python3 "$TOP/tests/runtime/windows.py" p.*)"
	expect_eq "runtime.windows.$1.samples" "$held" "$taken"
}

# windows by the clock
mkdir interval
calls=$(cd interval && "$RUN" -o p --interval 0.05 ../w spin 200 2>../interval.err)
check_windows interval "$calls"

# gprof --timeline of the clock's windows
(cd interval && "$TOP/gprof/gprof" --timeline --json ../w p.*) >timeline.json 2>timeline.err
(cd interval && "$TOP/gprof/gprof" -b -p ../w p.*) >flat.txt 2>flat.err
python3 - "$k" >timeline.check <<'PY'
import json, sys
k = int(sys.argv[1])
t = json.load(open('timeline.json'))['timeline']
w = t['windows']
print('indices', [x['index'] for x in w] == list(range(1, k + 1)))
print('joined', all(w[i]['start'] == w[i - 1]['end'] for i in range(1, len(w))) and
      all(x['start'] <= x['end'] for x in w))
flat = {}
for line in open('flat.txt'):
    f = line.split()
    if len(f) >= 4 and f[0].replace('.', '').isdigit() and '.' in f[2]:
        named = f[6:] if len(f) >= 7 and f[3].isdigit() else f[3:]
        flat[' '.join(named)] = float(f[2])
rows = t['functions']
print('rows', all(abs(sum(r['seconds']) - r['total']) < 1e-6 and len(r['seconds']) == k
                  for r in rows))
print('flat', len(rows) > 0 and all(abs(r['total'] - flat.get(r['name'], -1)) < 0.005
                                     for r in rows))
PY
expect_eq runtime.windows.timeline.json "$(tr '\n' ' ' <timeline.check)" \
	"indices True joined True rows True flat True "
header=$(cd interval && "$TOP/gprof/gprof" --timeline ../w p.* | sed -n 1p)
expect_eq runtime.windows.timeline.text "$header" \
	"Timeline: each function's self seconds in each window ($k windows; the top $(python3 -c "import json; n = len(json.load(open('timeline.json'))['timeline']['functions']); print(min(n, 20), 'of', n)") functions)"

# threads: any of them may close a window while the others count
mkdir threads
calls=$(cd threads && GMON_OUT_PREFIX=p GMON_INTERVAL=0.02 ../w threads 60 2>../threads.err)
check_windows threads "$calls"

# without -pg: the main program's samples by address (sparse)
$RT_CC -O1 -fno-inline -o plain "$PROGS/windows.c"
mkdir nopg
(cd nopg && "$RUN" -o p --interval 0.05 ../plain spin 150 >/dev/null 2>../nopg.err)
files=$(cd nopg && ls p.*)
k=$(echo "$files" | wc -l)
pid=$(echo "$files" | head -1 | sed 's/^p\.\([0-9]*\)\..*/\1/')
expect_eq runtime.windows.nopg.names "$(echo "$files" | sort | tr '\n' ' ')" \
	"$(for n in $(seq "$k"); do echo "p.$pid.$n"; done | sort | tr '\n' ' ')"
read -r held taken <<<"$(cd nopg && python3 "$TOP/tests/runtime/windows.py" p.*)"
expect_eq runtime.windows.nopg.samples "$held" "$taken"

# settings it cannot use: said, and ignored
mkdir bad
(cd bad && GMON_SNAPSHOT_SIGNAL=USR1 GMON_INTERVAL=soon GMON_SNAPSHOT_MODE=sometimes ../w snap) >bad.out 2>bad.err
expect_eq runtime.windows.bad-setting.lines "$(cat bad.err)" \
"libgmon: ignoring GMON_INTERVAL=soon: not a number of seconds from 0.01 to 86400
libgmon: ignoring GMON_SNAPSHOT_MODE=sometimes: not delta or cumulative"
expect_eq runtime.windows.bad-setting.files "$(cd bad && ls)" "gmon.out"
expect_eq runtime.windows.bad-setting.calls "$(window_calls w bad/gmon.out)" "a=1000 b=2000 c=3000"

out=$("$RUN" --interval 0 ./w snap 2>&1)
expect_eq runtime.windows.bad-interval "$? $out" \
	"2 gprof-run: --interval 0: not a number of seconds from 0.01 to 86400"
