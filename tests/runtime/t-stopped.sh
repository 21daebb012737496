#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-stopped.sh: stopped, not lost (doc/runtime.md,
# "Stopped by a signal, ended by _exit").  A program that computes, says
# "ready" and waits is sent a signal at its default action: it dies of
# that same signal (number and core flag) as it does without the
# profiler, and its profile is complete (GNU gprof reads it, with the
# exact count of the calls made before "ready").  progs/sendsig.c sends
# the signal when the program says ready (no fixed sleep) and reports the
# wait status.
#   runtime.stopped.SIG.START.status   the same wait status as without the
#                                      profiler (SIG: INT TERM HUP QUIT USR1
#                                      USR2 PIPE ALRM VTALRM XCPU XFSZ; START:
#                                      pg (-pg + libgmon.a), so (-pg + glibc,
#                                      LD_PRELOAD=libgmon.so), run (gprof-run,
#                                      no -pg))
#   runtime.stopped.SIG.START.quiet    nothing more on stderr
#   runtime.stopped.SIG.START.profile  the profile: GNU gprof reads it; with
#                                      -pg, work called exactly N times
#   runtime.stopped.handled.*          a program's own SIGTERM handler (it
#                                      prints a line and exits 3), an ignored
#                                      SIGINT, a SIGINT handler without
#                                      SA_RESTART (the kernel's action, asked
#                                      with the system call): as without the
#                                      profiler
#   runtime.stopped.late.*             a handler installed after start-up:
#                                      sigaction and signal report the defaults,
#                                      as without the profiler, and it handles
#   runtime.stopped.thread.*           the signal sent to one thread of two
#   runtime.stopped.race.*             SIGTERM, SIGINT and SIGHUP at once, each
#                                      to another thread (progs/fatal-race.c, 10
#                                      runs): each run dies of one of them, no
#                                      deadlock, one complete profile each
#   runtime.stopped.nested.*           a fatal signal raised inside a write
#                                      (exit's, a snapshot's, another fatal
#                                      signal's; progs/fsfault.c): no
#                                      deadlock, the first signal's status,
#                                      a complete profile
#   runtime.stopped.exit.*             forked children ending with _exit and
#                                      _Exit under gprof-run: each its file,
#                                      (a vfork child's _exit, or one after a
#                                      failed exec: nothing)
#                                      its own counts; the -pg + libgmon.a
#                                      program too; a Python multiprocessing
#                                      pool's workers (if python3 is there)
#   runtime.stopped.preload-alone.*    LD_PRELOAD=libgmon.so alone profiles
#                                      the process (as GMON_START=1), not the
#                                      programs it starts
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.stopped
runtime_scratch
cd "$SCRATCH" || exit 2
RUN=$TOP/run/gprof-run

$RT_CC -O1 -Wall -o sendsig "$PROGS/sendsig.c"
$RT_CC -O1 -Wall -shared -fPIC -o fsfault.so "$PROGS/fsfault.c"
build_ours pg "$PROGS/stopped.c"
build_glibc pgglibc "$PROGS/stopped.c"
$RT_CC -O1 -fno-inline -I"$TOP/tests" -o plain "$PROGS/stopped.c" -pthread

# stop NAME SIG MODE PROGRAM ARGS...: in a fresh directory NAME, run
# sendsig; its last line (the wait status) in NAME.status, the profile
# in NAME/
stop() {
	local name=$1
	shift
	mkdir "$name"
	(cd "$name" && exec ../sendsig "$@") >"$name.out" 2>"$name.err"
	tail -1 "$name.out" >"$name.status"
}

# calls_of EXE GMON: how many calls of work GNU gprof's flat profile shows
calls_of() {
	"$GNU_GPROF" -b -p "$1" "$2" 2>/dev/null | awk 'NF == 7 && $7 == "work" { print $4 }'
}

# profile_ok NAME EXE DIR [CALLS]: gmon.out and its process file, nothing
# else; GNU gprof reads it; work called CALLS times
profile_ok() {
	local name=$1 exe=$2 dir=$3 calls=${4:-}
	local files
	files=$(ls -A "$dir" | grep -v '^core' | LC_ALL=C sort | xargs)
	if [ "$files" != ".gmon.out.process gmon.out" ]; then
		fail "$name" "files: [$files]"
	elif ! "$GNU_GPROF" -b "$exe" "$dir/gmon.out" >/dev/null 2>&1; then
		fail "$name" "GNU gprof cannot read it"
	elif [ -n "$calls" ] && [ "$(calls_of "$exe" "$dir/gmon.out")" != "$calls" ]; then
		fail "$name" "work called [$(calls_of "$exe" "$dir/gmon.out")] times, not $calls"
	else
		pass "$name"
	fi
}

# ---- each signal whose default action ends the process
# (SIGQUIT and SIGXCPU, SIGXFSZ dump a core: allowed here, in the
# scratch directory, so that the core flag is compared too)
ulimit -c unlimited 2>/dev/null || ulimit -c 0
for sig in INT TERM HUP QUIT USR1 USR2 PIPE ALRM VTALRM XCPU XFSZ; do
	n=$(kill -l "$sig")
	stop "$sig.none" "$n" die ../plain 7
	want=$(cat "$sig.none.status")
	case $want in "signal $n core "[01]) ;; *) fail "runtime.stopped.$sig.plain" "[$want]"; continue ;; esac
	stop "$sig.pg" "$n" die ../pg 7
	expect_eq "runtime.stopped.$sig.pg.status" "$want" "$(cat "$sig.pg.status")"
	expect_eq "runtime.stopped.$sig.pg.quiet" "$(cat "$sig.none.err")" "$(cat "$sig.pg.err")"
	profile_ok "runtime.stopped.$sig.pg.profile" pg "$sig.pg" 7
	# the big three through the shared library and gprof-run too
	case $sig in INT | TERM | HUP) ;; *) rm -f ./*/core*; continue ;; esac
	stop "$sig.so" "$n" die env LD_PRELOAD="$LIBGMON_SO" ../pgglibc 5
	expect_eq "runtime.stopped.$sig.so.status" "$want" "$(cat "$sig.so.status")"
	profile_ok "runtime.stopped.$sig.so.profile" pgglibc "$sig.so" 5
	stop "$sig.run" "$n" die "$RUN" ../plain 5
	expect_eq "runtime.stopped.$sig.run.status" "$want" "$(cat "$sig.run.status")"
	expect_eq "runtime.stopped.$sig.run.quiet" "$(cat "$sig.none.err")" "$(cat "$sig.so.err" "$sig.run.err")"
	profile_ok "runtime.stopped.$sig.run.profile" plain "$sig.run"
	rm -f ./*/core*
done

# ---- the program's own choices are untouched
stop handled.none 15 close ../plain 3 handle
stop handled.pg 15 close ../pg 3 handle
expect_eq runtime.stopped.handled.term "$(cat handled.none.out)" "$(cat handled.pg.out)"
stop handled.run 15 close "$RUN" ../plain 3 handle
expect_eq runtime.stopped.handled.term-gprof-run "$(cat handled.none.out)" "$(cat handled.run.out)"
stop ignored.none 2 close ../plain 3 ignore
stop ignored.pg 2 close ../pg 3 ignore
expect_eq runtime.stopped.handled.ignored-int "$(cat ignored.none.out)" "$(cat ignored.pg.out)"
stop ignored.run 2 close "$RUN" ../plain 3 ignore
expect_eq runtime.stopped.handled.ignored-int-gprof-run "$(cat ignored.none.out)" "$(cat ignored.run.out)"
# a handler without SA_RESTART is the kernel's as set (so the read it
# interrupts fails with EINTR), not run behind one of the runtime's
stop eintr.none 0 close ../plain 3 eintr
expect_eq runtime.stopped.handled.eintr "kernel: on_int restart 0|exit 4" "$(paste -sd'|' eintr.none.out)"
stop eintr.pg 0 close ../pg 3 eintr
expect_eq runtime.stopped.handled.eintr-pg "$(cat eintr.none.out)" "$(cat eintr.pg.out)"
stop eintr.run 0 close "$RUN" ../plain 3 eintr
expect_eq runtime.stopped.handled.eintr-gprof-run "$(cat eintr.none.out)" "$(cat eintr.run.out)"
# what the program sees of its signals' actions, then its handler
stop late.none 15 close ../plain 3 late
expect_eq runtime.stopped.late.plain-sees-defaults \
	"before: default flags 0|replaced: default|now: ours|signal(SIGHUP): default|again: default|back: ignored|SIGINT: default|sigset: default default held|ready|handled|exit 3" \
	"$(paste -sd'|' late.none.out)"
stop late.pg 15 close ../pg 3 late
expect_eq runtime.stopped.late.pg "$(cat late.none.out)" "$(cat late.pg.out)"
stop late.run 15 close "$RUN" ../plain 3 late
expect_eq runtime.stopped.late.gprof-run "$(cat late.none.out)" "$(cat late.run.out)"
# a program that handled the signal wrote its profile as it ended (_exit)
profile_ok runtime.stopped.late.pg-profile pg late.pg 3

# ---- a signal sent to one thread of two
stop thread.none 15 thread ../plain 4 thread
stop thread.pg 15 thread ../pg 4 thread
expect_eq runtime.stopped.thread.status "$(cat thread.none.status)" "$(cat thread.pg.status)"
profile_ok runtime.stopped.thread.profile pg thread.pg 4

# ---- three fatal signals at once on three threads
mkdir race
build_ours race/fatal-race "$PROGS/fatal-race.c"
(cd race && ./fatal-race 10 >../race.out 2>../race.err)
expect_eq runtime.stopped.race.status "10|" \
	"$(grep -cE '^signal (1|2|15)$' race.out)|$(cat race.err)"
unread=0
for f in race/gmon.out.[0-9]*; do
	[ -e "$f" ] && "$GNU_GPROF" -b race/fatal-race "$f" >/dev/null 2>&1 || unread=$((unread + 1))
done
expect_eq runtime.stopped.race.profiles "10 0 " \
	"$(ls race | grep -c '^gmon\.out\.[0-9]*$') $unread $(ls race | grep tmp)"

# ---- a fatal signal in the middle of a write (raised by the shim at the
# writer's first write(2)): exit's write, a snapshot's, the write of
# another fatal signal's handler
stop nested.exit 0 close env FSFAULT_SIGNAL_ON_WRITE=15 LD_PRELOAD="$SCRATCH/fsfault.so" ../pg 6
expect_eq runtime.stopped.nested.term-in-exit.status "signal 15 core 0" "$(cat nested.exit.status)"
profile_ok runtime.stopped.nested.term-in-exit.profile pg nested.exit 6
stop nested.snapshot 0 close env GMON_SNAPSHOT_SIGNAL=USR1 FSFAULT_SIGNAL_ON_WRITE=15 \
	LD_PRELOAD="$SCRATCH/fsfault.so" ../pg 6 snapshot
expect_eq runtime.stopped.nested.term-in-snapshot.status "signal 15 core 0" \
	"$(cat nested.snapshot.status)"
profile_ok runtime.stopped.nested.term-in-snapshot.profile pg nested.snapshot 6
stop nested.int 15 die env FSFAULT_SIGNAL_ON_WRITE=2 LD_PRELOAD="$SCRATCH/fsfault.so" ../pg 6
expect_eq runtime.stopped.nested.int-in-term.status "signal 15 core 0" "$(cat nested.int.status)"
profile_ok runtime.stopped.nested.int-in-term.profile pg nested.int 6

# ---- _exit and _Exit in forked children
# fork_files DIR EXE: "N" per child file, N the calls of work in it
fork_files() {
	local f
	for f in "$1"/gmon.out.[0-9]*; do
		[ -e "$f" ] || continue
		calls_of "$2" "$f"
	done | sort -n | xargs
}
for how in fork fork-Exit; do
	mkdir "$how.run" "$how.pg"
	(cd "$how.run" && "$RUN" ../pg 0 "$how" 3 >out)
	expect_eq "runtime.stopped.exit.$how.gprof-run" "1 2 3" "$(fork_files "$how.run" pg)"
	(cd "$how.pg" && ../pg 0 "$how" 3 >out)
	expect_eq "runtime.stopped.exit.$how.libgmon-a" "1 2 3" "$(fork_files "$how.pg" pg)"
done
# a forked child whose exec failed did nothing of its own: no file
mkdir exec-fails
(cd exec-fails && "$RUN" ../pg 2 fork-exec-fails 2 >out)
expect_eq runtime.stopped.exit.exec-failed-writes-nothing ".gmon.out.process gmon.out out" \
	"$(ls -A exec-fails | LC_ALL=C sort | xargs)"
# a vfork child's _exit writes nothing, and ends nothing of its parent's
stop vfork.pg 0 close ../pg 5 vfork
profile_ok runtime.stopped.exit.vfork-writes-nothing pg vfork.pg 5
stop vfork.run 0 close "$RUN" ../plain 5 vfork
profile_ok runtime.stopped.exit.vfork-writes-nothing-gprof-run plain vfork.run
# a Python multiprocessing pool's workers end with os._exit
python=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$python" ] && [ -x "$python" ]; then
	mkdir pool
	cat >pool.py <<'PY'
import multiprocessing as mp
def square(x):
    return x * x
if __name__ == "__main__":
    mp.set_start_method("fork")
    pool = mp.Pool(2)
    print(sum(pool.map(square, range(100))))
    pool.close()
    pool.join()
PY
	(cd pool && "$RUN" "$python" ../pool.py >out 2>err)
	workers=$(ls pool | grep -c '^gmon\.out\.[0-9]*$')
	expect_eq runtime.stopped.exit.python-pool "328350|2|" "$(cat pool/out)|$workers|$(cat pool/err)"
else
	echo "# skipped runtime.stopped.exit.python-pool: no python3"
fi

# ---- LD_PRELOAD=libgmon.so alone: this process, as GMON_START=1; the
# programs it starts run without the runtime (out of LD_PRELOAD)
mkdir preload
(cd preload && LD_PRELOAD=$LIBGMON_SO ../plain 3 late >../preload.out 2>../preload.err </dev/null)
profile_ok runtime.stopped.preload-alone.profile plain preload
mkdir preload-child
mkdir preload-child/sub
(cd preload-child && LD_PRELOAD="/nonexistent/x.so:$LIBGMON_SO" sh -c \
	'echo "[$LD_PRELOAD]"; cd sub && ../../plain 2 late </dev/null >/dev/null' >out 2>/dev/null)
expect_eq runtime.stopped.preload-alone.children-left-alone \
	"[/nonexistent/x.so]|.gmon.out.process gmon.out out sub|" \
	"$(cat preload-child/out)|$(ls -A preload-child | LC_ALL=C sort | xargs)|$(ls -A preload-child/sub)"
