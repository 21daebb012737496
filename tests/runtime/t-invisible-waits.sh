#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-invisible-waits.sh: the wait wrappers, the object
# table and the maps reader change nothing the program does (issue 37,
# faults 2, 5, 11, 12, 17 and the /proc/self/maps line; DESIGN.md,
# "Invisible").  Each case runs a program without the profiler and
# under it (libgmon.so preloaded, GMON_START=1, the clock named), and
# compares the exit status or terminating signal, stdout and stderr
# byte for byte; the programs print the results and errno values of
# their calls and their signal masks.
#   runtime.invisible.locks.CLOCK.CASE     robust, process-shared,
#        recursive, error-checking, timed locks; cancellation in waits
#   runtime.invisible.maps.*               /proc/self/maps lines of any length
#   runtime.invisible.objects.*            a plugin dlopened before start and
#        closed; 5,000 loads of one plugin
#   runtime.invisible.jumps.CLOCK.WAIT.HOW  longjmp out of a handler in a
#        guarded wait: the program's own mask after (also a handler
#        installed before the profile started: installed-before-start)
#   runtime.invisible.altstack.*           a recorded wait on a small
#        alternate stack; the bytes the recording takes there, measured
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.invisible
runtime_scratch
cd "$SCRATCH" || exit 2

# same_run NAME CLOCK PROGRAM [ARGS...]: PROGRAM behaves alike without
# the profiler and under it with GMON_CLOCK=CLOCK (exit status, stdout,
# stderr); with GMON_UNWIND set in the environment, that unwinder
same_run() {
	local name=$1 clock=$2 plain prof
	shift 2
	rm -rf run && mkdir run || exit 2
	(cd run && exec "$@") >plain.out 2>plain.err
	plain=$?
	rm -rf run && mkdir run || exit 2
	(cd run && GMON_START=1 GMON_CLOCK=$clock LD_PRELOAD=$LIBGMON_SO exec "$@") >prof.out 2>prof.err
	prof=$?
	if [ "$plain" != "$prof" ]; then
		fail "$name" "status $prof under the profiler, $plain without"
	elif ! cmp -s plain.out prof.out; then
		fail "$name" "stdout differs: $(diff plain.out prof.out | head -4 | tr '\n' ' ')"
	elif ! cmp -s plain.err prof.err; then
		fail "$name" "stderr differs: $(diff plain.err prof.err | head -4 | tr '\n' ' ')"
	else
		pass "$name"
	fi
}

# fault 2: with the wall clock, a lock that cannot be taken at once is
# timed; a robust mutex whose owner died must still give EOWNERDEAD
$RT_CC -O1 -g -o locks "$PROGS/locks.c" -pthread
for c in robust-normal robust-errorcheck robust-recursive notrecoverable pshared \
	recursive errorcheck timed rwlock cancel; do
	same_run "runtime.invisible.locks.wall.$c" wall "$SCRATCH/locks" $c
done

# /proc/self/maps lines of any length: the reader (libgmon/maps.c) on a
# file whose long line holds strings that look like ranges past its start
$RT_CC -O1 -I"$TOP/libgmon" -o maps-find "$PROGS/maps-find.c" "$TOP/libgmon/maps.c"
{
	printf '1000-2000 r-xp 00000000 08:01 1                          /'
	for _ in $(seq 300); do printf '0-ffffffffffffffffff '; done
	printf '\n3000-4000 rw-p 00000000 08:01 2 /x\n'
	printf '10000000000000000-20000000000000000 r--p 0 0 0\n'
	printf '5000-6000 ---p 00000000 00:00 0'
} >maps.txt
expect_eq runtime.invisible.maps.long-lines "1000-2000 none 3000-4000 none 5000-6000 none" \
	"$(./maps-find maps.txt 1800 2800 3000 18000000000000000 5fff 6000 | tr '\n' ' ' | sed 's/ $//')"

# the same through the runtime: a program whose path is 3,800 bytes long,
# with what looks like a range ("0-" and 18 f's, over 64 bits) where a
# reader of 511-byte pieces would start a piece: the main thread's stack
# is found, so its samples in spin have their callers
$RT_CC -O1 -g -fno-omit-frame-pointer -o longpath "$PROGS/longpath.c"
column=$(./longpath column)
long=$(python3 - "$SCRATCH/long" "$column" <<'PY'
import sys
base, col = sys.argv[1], int(sys.argv[2])
windows = {511 * k - col for k in range(1, 9)}
s, comp = base, 0
while len(s) < 3800:
    if len(s) in windows:
        s, comp = s + "0-" + "f" * 18, comp + 20
    elif comp >= 200:
        s, comp = s + "/", 0
    else:
        s, comp = s + "a", comp + 1
print(s)
PY
)
mkdir -p "$long" && cp longpath "$long/" || exit 2
same_run runtime.invisible.maps.long-path.same process "$long/longpath"
(cd "$long" && GMON_START=1 LD_PRELOAD=$LIBGMON_SO ./longpath >/dev/null &&
	"$GPROF" --folded ./longpath gmon.out) >folded 2>&1
without=$(grep spin folded | grep -vc ';main;spin')
with=$(grep -c ';main;spin ' folded)
expect_eq runtime.invisible.maps.long-path.stacks "0 yes" "$without $([ "$with" -gt 0 ] && echo yes)"

# fault 5: a plugin a library's constructor dlopened before libgmon
# started is not taken for one the loader mapped at start-up; after its
# dlclose (its first page then reserved PROT_NONE, as a JIT would), no
# sample reads its headers or its code, whichever unwinder
O=$PROGS/objects
mkdir -p objects && cd objects || exit 2
$RT_CC -shared -fPIC -O1 -o bigplugin.so "$O/bigplugin.c"
$RT_CC -shared -fPIC -O1 -fno-omit-frame-pointer -momit-leaf-frame-pointer \
	-o leafplugin.so "$O/leafplugin.c"
$RT_CC -shared -fPIC -O1 -o libctor.so "$O/ctor.c" -ldl
$RT_CC -O1 -fno-omit-frame-pointer -o early "$O/early.c" -L. -lctor -Wl,-rpath,'$ORIGIN' -ldl
$RT_CC -O1 -o loop "$O/loop.c" -ldl
cd "$SCRATCH" || exit 2
for unwind in fp cfi; do
	GMON_UNWIND=$unwind same_run "runtime.invisible.objects.early-plugin.$unwind" cpu \
		"$SCRATCH/objects/early"
done

# fault 17: one plugin loaded and closed 5,000 times: its slot and its
# tables' copy serve again (no "object table full", memory bounded)
same_run runtime.invisible.objects.reload-loop cpu "$SCRATCH/objects/loop" 5000

# fault 11: where waits are guarded (the process clock), a handler that
# leaves a wait by longjmp leaves the program's own mask: in the program,
# in a thread it starts, in a program it executes; sigaction reports the
# handler and flags the program gave.  Cancellation in guarded waits: the
# cleanup handlers run with the thread's own mask.
$RT_CC -O1 -g -o jumps "$PROGS/jumps.c" -pthread
for w in pause sleep poll nanosleep select sigsuspend; do
	for how in longjmp siglongjmp signal nodefer; do
		same_run "runtime.invisible.jumps.process.$w.$how" process "$SCRATCH/jumps" $w $how
	done
done
same_run runtime.invisible.jumps.wall.poll.longjmp wall "$SCRATCH/jumps" poll longjmp
# the handler installed by a library's constructor, before libgmon starts
$RT_CC -O1 -shared -fPIC -DLIBRARY -o libearly.so "$PROGS/earlyjump.c"
$RT_CC -O1 -o earlyjump "$PROGS/earlyjump.c" -L. -learly -Wl,-rpath,'$ORIGIN'
same_run runtime.invisible.jumps.process.installed-before-start process "$SCRATCH/earlyjump"
same_run runtime.invisible.locks.process.cancel process "$SCRATCH/locks" cancel

# fault 12: --clock wall, a handler on a 6.5 to 7.5 KiB alternate stack
# waits there (the wait is recorded on that stack)
$RT_CC -O1 -g -o altwait "$PROGS/altwait.c"
for size in 6144 6656 7168 7680; do
	same_run "runtime.invisible.altstack.wall.$size" wall "$SCRATCH/altwait" $size
done
same_run runtime.invisible.altstack.process.6144 process "$SCRATCH/altwait" 6144
# the trampoline that enters the program's handlers (process clock)
# takes nothing of their stack outside a guarded wait: the handler
# touches the same bytes as without the profiler (a tail call)
"$SCRATCH/altwait" 16384 used.plain >/dev/null
(cd run && GMON_START=1 GMON_CLOCK=process LD_PRELOAD=$LIBGMON_SO \
	"$SCRATCH/altwait" 16384 "$SCRATCH/used.process" >/dev/null)
expect_eq runtime.invisible.altstack.process.same-bytes "$(cat used.plain)" "$(cat used.process)"
# and what the recording takes of that stack, measured (every symbol
# bound at start, so that only the path itself counts): the bytes the
# waiting handler touches under the profiler, less those without it,
# under 2 KiB (a 6 KiB stack leaves 6144 - MINSIGSTKSZ; 3376 bytes
# here with AVX-512)
LD_BIND_NOW=1 "$SCRATCH/altwait" 16384 used.plain >/dev/null
(cd run && LD_BIND_NOW=1 GMON_START=1 GMON_CLOCK=wall LD_PRELOAD=$LIBGMON_SO \
	"$SCRATCH/altwait" 16384 "$SCRATCH/used.wall" >/dev/null)
extra=$(($(cat used.wall) - $(cat used.plain)))
if [ "$extra" -lt 2048 ]; then
	pass runtime.invisible.altstack.wall.measured
else
	fail runtime.invisible.altstack.wall.measured "a recorded wait takes $extra bytes of the alternate stack (at most 2047)"
fi
# the same plugin at a new address each time (its old place reserved):
# one copy of its tables serves every load, memory within 2 MiB
same_run runtime.invisible.objects.moving-loop cpu "$SCRATCH/objects/loop" 2000 2048 move
