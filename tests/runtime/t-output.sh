#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-output.sh: where and how gmon.out is written, and what
# happens when it cannot be.
#   runtime.fork.*        a child writes its own file, with its own counts
#   runtime.exec.*        no sampling signal reaches the next program
#   runtime.chdir.*       the file goes to the directory at start-up
#   runtime.unwritable.*  one line on stderr, exit status unchanged
#   runtime.environment.* a bad setting is reported and ignored
#   runtime.prefix.*      GMON_OUT_PREFIX gives PREFIX.<pid>
#   runtime.symlink.*     an existing symbolic link is replaced, not followed
#   runtime.snapshot.*    GMON_SNAPSHOT_SIGNAL writes without stopping
#   runtime.full-table.*  a full arc table warns once and still writes
#   runtime.control.*     moncontrol pauses and resumes
#   runtime.setuid.*      GMON_OUT_PREFIX is ignored when set-user-ID
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.output
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2

# ---- fork
build_ours fork "$PROGS/fork.c"
mkdir forkdir && cd forkdir || exit 2
child=$(../fork)
cd .. || exit 2
if [ -f forkdir/gmon.out ] && [ -f "forkdir/gmon.out.$child" ]; then
	pass runtime.fork.child-own-file
	expect_eq runtime.fork.parent-counts "100 10 none" \
		"$(for f in parent_work parent_after child_work; do calls_of fork forkdir/gmon.out $f; done | xargs)"
	expect_eq runtime.fork.child-counts "50 none none" \
		"$(for f in child_work parent_work parent_after; do calls_of fork "forkdir/gmon.out.$child" $f; done | xargs)"
	gprof_reads runtime.format.gnu-reads.fork-child fork "forkdir/gmon.out.$child"
else
	fail runtime.fork.child-own-file "files: $(ls forkdir | xargs)"
fi

# ---- exec: the sampling clock must not outlive the program image (an
# interval timer survives execve, and would kill what runs next)
build_ours forkexec "$PROGS/forkexec.c"
mkdir execdir
expect_eq runtime.fork.exec-child-survives "done exit 0" "$(cd execdir && ../forkexec fork | xargs)"
expect_eq runtime.exec.new-image-survives done "$(cd execdir && ../forkexec exec 2>&1)"

# ---- chdir: the program moves to elsewhere/ before exiting
build_ours exits "$PROGS/exits.c"
mkdir start elsewhere
(cd start && ../exits "$SCRATCH/elsewhere" >/dev/null)
if [ -f start/gmon.out ] && [ ! -e elsewhere/gmon.out ]; then
	pass runtime.chdir.start-directory
	expect_eq runtime.chdir.counts 7 "$(calls_of exits start/gmon.out work)"
else
	fail runtime.chdir.start-directory "start: $(ls start | xargs); elsewhere: $(ls elsewhere | xargs)"
fi
# a relative GMON_OUT_PREFIX is relative to the start directory too
pid=$(cd start && GMON_OUT_PREFIX=rel ../exits "$SCRATCH/elsewhere")
if [ -f "start/rel.$pid" ]; then pass runtime.chdir.relative-prefix
else fail runtime.chdir.relative-prefix "no start/rel.$pid; start: $(ls start | xargs)"; fi

# ---- unwritable directory (/proc refuses new files, even to root)
status=0
(cd /proc && "$SCRATCH/exits" - 3 >/dev/null 2>"$SCRATCH/unwritable.err") || status=$?
expect_eq runtime.unwritable.exit-status 3 "$status"
expect_eq runtime.unwritable.one-line 1 "$(wc -l <unwritable.err)"
case $(cat unwritable.err) in
"libgmon: cannot write /proc/gmon.out: "?*) pass runtime.unwritable.message ;;
*) fail runtime.unwritable.message "got: $(cat unwritable.err)" ;;
esac
status=0
GMON_OUT_PREFIX=$SCRATCH/no/such/dir/p ./exits - 0 >/dev/null 2>missing.err || status=$?
expect_eq runtime.unwritable.missing-dir.exit-status 0 "$status"
case $(cat missing.err) in
"libgmon: cannot write $SCRATCH/no/such/dir/p."*": No such file or directory") pass runtime.unwritable.missing-dir.message ;;
*) fail runtime.unwritable.missing-dir.message "got: $(cat missing.err)" ;;
esac
ls "$SCRATCH"/*.tmp >/dev/null 2>&1 && fail runtime.unwritable.no-temp-left "temporary files left"

# A write that fails halfway (as on a full disk: here a file size limit,
# with SIGXFSZ ignored so that write returns EFBIG) leaves the previous
# gmon.out as it was: the new one was going to a temporary file.
mkdir full
echo previous >full/gmon.out
status=0
(cd full && ulimit -f 2 && trap '' XFSZ && ../exits - 5 >/dev/null 2>../efbig.err) || status=$?
expect_eq runtime.unwritable.write-fails.exit-status 5 "$status"
expect_eq runtime.unwritable.write-fails.message \
	"libgmon: cannot write $SCRATCH/full/gmon.out: File too large" "$(cat efbig.err)"
expect_eq runtime.unwritable.write-fails.old-file-kept previous "$(cat full/gmon.out)"
expect_eq runtime.unwritable.write-fails.no-temp-left "gmon.out" "$(ls full | xargs)"

# ---- a bad setting: one line, the default used, the program unharmed
mkdir bad && cd bad || exit 2
status=0
GMON_RATE=fast ../exits - 4 >/dev/null 2>../bad.err || status=$?
cd .. || exit 2
expect_eq runtime.environment.bad-rate.message \
	"libgmon: ignoring GMON_RATE=fast: not a number from 1 to 100000" "$(cat bad.err)"
expect_eq runtime.environment.bad-rate.exit-status 4 "$status"
expect_eq runtime.environment.bad-rate.default-rate 100 "$(gmon_dump bad/gmon.out | awk '/^hist/ { print $5 }')"
expect_eq runtime.environment.bad-signal.message \
	"libgmon: ignoring GMON_SNAPSHOT_SIGNAL=KILL: not a signal it can use" \
	"$(cd bad && GMON_SNAPSHOT_SIGNAL=KILL ../exits 2>&1 >/dev/null)"

# ---- GMON_OUT_PREFIX
mkdir pre
pid=$(GMON_OUT_PREFIX=$SCRATCH/pre/prof ./exits)
if [ -f "pre/prof.$pid" ] && [ "$(ls -A pre | LC_ALL=C sort | xargs)" = ".prof.$pid.process prof.$pid" ]; then
	pass runtime.prefix.pid-suffix
	expect_eq runtime.prefix.counts 7 "$(calls_of exits "pre/prof.$pid" work)"
else
	fail runtime.prefix.pid-suffix "pid $pid; pre: $(ls pre | xargs)"
fi

# ---- symbolic link at the output name
mkdir link
echo precious >victim
ln -s "$SCRATCH/victim" link/gmon.out
(cd link && ../exits >/dev/null)
if [ "$(cat victim)" = precious ] && [ -f link/gmon.out ] && [ ! -L link/gmon.out ]; then
	pass runtime.symlink.not-followed
else
	fail runtime.symlink.not-followed "victim: $(head -c 20 victim); $(ls -l link)"
fi

# ---- snapshot signal: a file mid-run, the profile goes on
build_ours daemon "$PROGS/daemon.c"
mkdir snap
start_waiting snap env GMON_SNAPSHOT_SIGNAL=USR1 ../daemon
kill -USR1 $PID
for _ in $(seq 100); do [ -f snap/gmon.out ] && break; sleep 0.05; done
cp snap/gmon.out snap/snapshot 2>/dev/null
finish_waiting
expect_eq runtime.snapshot.exit-status 0 "$STATUS"
if [ -f snap/snapshot ]; then
	expect_eq runtime.snapshot.mid-run-counts "1000 none" \
		"$(for f in before_wait after_wait; do calls_of daemon snap/snapshot $f; done | xargs)"
	expect_eq runtime.snapshot.final-counts "1000 500" \
		"$(for f in before_wait after_wait; do calls_of daemon snap/gmon.out $f; done | xargs)"
else
	fail runtime.snapshot.mid-run-counts "no gmon.out after the signal"
fi

# ---- a full arc table: one warning, a file with what fitted
build_ours calls "$PROGS/calls.c"
status=0
GMON_ARCS=3 ./calls >/dev/null 2>full.err || status=$?
expect_eq runtime.full-table.exit-status 0 "$status"
expect_eq runtime.full-table.warns-once \
	"libgmon: arc table full at 3 arcs; calls along new arcs are not counted (set GMON_ARCS)" \
	"$(cat full.err)"
expect_eq runtime.full-table.keeps-arcs 3 "$(gmon_dump gmon.out | grep -c '^arc ')"
gprof_reads runtime.format.gnu-reads.full-table calls gmon.out

# ---- moncontrol
$RT_CC -pg -O1 -I"$TOP/include" -o control "$PROGS/control.c" "$LIBGMON_A"
./control
expect_eq runtime.control.paused-and-resumed "none 10" \
	"$(for f in hidden visible; do calls_of control gmon.out $f; done | xargs)"

# ---- set-user-ID: the environment may not choose the output file.
# The program runs as nobody, which must reach its directory: $OUT's
# parents may be private, so use a directory of its own under /tmp.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && suid=$(mktemp -d /tmp/libgmon-suid.XXXXXX); then
	trap 'rm -rf "$SCRATCH" "$suid"' EXIT
	chmod 1777 "$suid"
	cp exits "$suid/exits" && chown nobody "$suid/exits" && chmod u+s "$suid/exits"
	(cd "$suid" && GMON_OUT_PREFIX=$suid/evil ./exits >/dev/null 2>&1)
	if [ -f "$suid/gmon.out" ] && ! ls "$suid"/evil.* >/dev/null 2>&1; then
		pass runtime.setuid.prefix-ignored
	elif [ -f "$suid/gmon.out" ] || ls "$suid"/evil.* >/dev/null 2>&1; then
		fail runtime.setuid.prefix-ignored "files: $(ls "$suid" | xargs)"
	else
		echo "# runtime.setuid.prefix-ignored: not run (set-user-ID not honoured in $suid)"
	fi
else
	echo "# runtime.setuid.prefix-ignored: not run (needs root and user nobody)"
fi
