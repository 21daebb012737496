#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-hardening.sh: the runtime faults of issue 14, each reproduced.
#   runtime.hardening.dir-swap.*      the start-up directory is renamed and
#                                     a symbolic link put in its place: the
#                                     profile stays in the directory (where
#                                     glibc's runtime writes it too)
#   runtime.hardening.closed-fds.*    the program closes every descriptor:
#                                     the start-up path is used only while
#                                     it leads to the same directory, else
#                                     the working directory if it is that
#                                     one
#   runtime.hardening.dup2-fds        another directory dup2'd onto every
#                                     descriptor: not written there
#   runtime.hardening.mode.umask0     never world-writable, even umask 000
#   runtime.hardening.setuid-symlink-swap.*  (root) a set-user-ID root
#                                     program run by nobody, its directory
#                                     swapped for a link to a directory
#                                     nobody cannot enter
#   runtime.hardening.setuid.real-user-rights  (root) such a program in a
#                                     directory nobody cannot write
#   runtime.hardening.setcap.*        (root) the same with a file capability
#                                     (cap_dac_override) instead
#   runtime.hardening.reentry.*       exit() from a signal handler that
#                                     interrupted a write of the same thread
#                                     (deterministic, then races run many
#                                     times), and a thread stuck in a write
#   runtime.hardening.snapshot-signal.*  fault signals refused however
#                                     written; a replaced handler reported
#   runtime.hardening.tmpfile.*       a write killed half-way leaves nothing;
#                                     no data is ever written under a name;
#                                     an unnamed file that cannot be linked
#                                     in: the named way instead
#   runtime.hardening.fallback.*      without unnamed files (forced by the
#                                     fsfault shim): stale temporaries of
#                                     dead processes are removed
# Faults are put exactly where they are needed by progs/fsfault.c (an
# LD_PRELOAD shim), and file events watched by progs/dirwatch.c (inotify).
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.hardening
runtime_scratch
cd "$SCRATCH" || exit 2

cat >hard.c <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "progs.h"

#ifdef NO_LIBGMON /* glibc's runtime, the oracle for where files go */
static int gmon_snapshot(void) { return 0; }
#else
#include "libgmon.h"
#endif

static volatile long sink;
static int *volatile nowhere;

__attribute__((noinline)) void work(int i) { sink += i; }

static void exit_5(int sig) { for (int i = 0; i < 3; i++) work(i); exit(5); (void)sig; }
static void exit_6(int sig) { for (int i = 0; i < 3; i++) work(i); exit(6); (void)sig; }
static void stuck(int sig) { for (;;) pause(); (void)sig; }
static void own(int sig) { (void)sig; }

static void *snapshot_thread(void *arg) { gmon_snapshot(); return arg; }

static void ready_then_wait(void)
{
	char line[16];
	say_ready();
	if (!fgets(line, sizeof line, stdin))
		line[0] = 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	signal(SIGALRM, exit_5);
	signal(SIGTERM, exit_6);
	for (int i = 0; i < 100; i++)
		work(i);
	if (strcmp(mode, "wait") == 0) {
		ready_then_wait();
	} else if (strcmp(mode, "closefds-wait") == 0) {
		fflush(stdout);
		for (int fd = 3; fd < 65536; fd++)
			close(fd);
		ready_then_wait();
	} else if (strcmp(mode, "dup2-other") == 0) {
		int fd = open(argv[2], O_RDONLY | O_DIRECTORY);
		for (int i = 3; i < 1024; i++)
			if (i != fd)
				dup2(fd, i);
	} else if (strcmp(mode, "snapshot-once") == 0) {
		gmon_snapshot();
	} else if (strcmp(mode, "raise-usr1") == 0) {
		raise(SIGUSR1);
	} else if (strcmp(mode, "alarm-loop") == 0) {
		struct itimerval t = { { 0, 0 }, { 0, 1000 } };
		setitimer(ITIMER_REAL, &t, NULL);
		for (;;)
			gmon_snapshot();
	} else if (strcmp(mode, "spin") == 0) {
		say_ready();
		for (;;)
			work(1);
	} else if (strcmp(mode, "thread-stuck") == 0) {
		/* the thread's write raises SIGUSR2 (fsfault), whose handler
		 * never returns: the write never ends */
		pthread_t t;
		struct timespec ms200 = { 0, 200000000 };
		signal(SIGUSR2, stuck);
		pthread_create(&t, NULL, snapshot_thread, NULL);
		nanosleep(&ms200, NULL);
		return 7;
	} else if (strcmp(mode, "replace-handler") == 0) {
		signal(atoi(argv[2]), own);
		gmon_snapshot();
		gmon_snapshot();
	} else if (strcmp(mode, "caps") == 0) {
		/* the effective capabilities after a snapshot */
		char line[256];
		FILE *status = fopen("/proc/self/status", "r");
		gmon_snapshot();
		while (status && fgets(line, sizeof line, status))
			if (strncmp(line, "CapEff:", 7) == 0)
				fputs(line, stdout);
	} else if (strcmp(mode, "segv") == 0) {
		*nowhere = 0;
	}
	return 0;
}
C
if ! build_ours hard hard.c -I"$TOP/include" 2>build.err || ! build_glibc hard-glibc hard.c -I"$TOP/include" -DNO_LIBGMON 2>>build.err ||
	! $RT_CC -O1 -Wall -Werror -shared -fPIC -o fsfault.so "$PROGS/fsfault.c" 2>>build.err ||
	! $RT_CC -O1 -Wall -Werror -o dirwatch "$PROGS/dirwatch.c" 2>>build.err; then
	fail runtime.hardening.build "$(head -3 build.err | xargs)"
	exit 0
fi
FSFAULT=$SCRATCH/fsfault.so

# work_calls EXE GMON: work's call count in GNU gprof's flat profile
work_calls() {
	flat_calls "$1" "$2" | awk '$1 == "work" { print $2 }'
}

# complete NAME DIR CALLS: DIR holds exactly gmon.out, which GNU gprof
# reads without a word, with work called CALLS times
complete() {
	local name=$1 dir=$2 calls=$3
	if [ "$(profiles_in "$dir")" != gmon.out ]; then
		fail "$name.complete" "files: $(ls -A "$dir" | xargs)"
		return
	fi
	pass "$name.complete"
	gprof_reads "$name.gnu-reads" "$SCRATCH/hard" "$dir/gmon.out"
	expect_eq "$name.calls" "$calls" "$(work_calls "$SCRATCH/hard" "$dir/gmon.out")"
}

# where ROOT: the gmon.out files under ROOT, relative to it
# profiles_in DIR: its files, less the process file written beside
# gmon.out (whole-process profiles; its own writes follow gmon.out's)
profiles_in() {
	ls -A "$1" | grep -vx '\.gmon\.out\.process' | xargs
}

where() {
	(cd "$1" && find . -name gmon.out | sort | xargs)
}

# ---- 1. the start-up directory: never another directory by its path

# The directory the program started in is renamed, and a symbolic link
# to another directory takes its name.
for rt in ours glibc; do
	exe=$SCRATCH/hard
	[ $rt = glibc ] && exe=$SCRATCH/hard-glibc
	mkdir -p "swap-$rt/parent/work" "swap-$rt/other"
	start_waiting "swap-$rt/parent/work" "$exe" wait
	mv "swap-$rt/parent/work" "swap-$rt/parent/moved"
	ln -s "$SCRATCH/swap-$rt/other" "swap-$rt/parent/work"
	finish_waiting
done
expect_eq runtime.hardening.dir-swap.status 0 "$STATUS"
expect_eq runtime.hardening.dir-swap.glibc-writes ./parent/moved/gmon.out "$(where swap-glibc)"
expect_eq runtime.hardening.dir-swap.stays ./parent/moved/gmon.out "$(where swap-ours)"

# The program closes every descriptor, ours among them: the start-up path
# still leads to the directory, so the profile goes there.
mkdir -p closed/work
start_waiting closed/work "$SCRATCH/hard" closefds-wait
finish_waiting
expect_eq runtime.hardening.closed-fds.status 0 "$STATUS"
expect_eq runtime.hardening.closed-fds.path-still-valid ./work/gmon.out "$(where closed)"
# ... and when the path now leads elsewhere, the directory is found as
# the working directory (the program is still in it): written there, as
# glibc's runtime does (t-invisible-writer.sh: nothing when the program
# has left it too, with one line)
mkdir -p closed-swap/parent/work closed-swap/other
start_waiting closed-swap/parent/work "$SCRATCH/hard" closefds-wait
mv closed-swap/parent/work closed-swap/parent/moved
ln -s "$SCRATCH/closed-swap/other" closed-swap/parent/work
finish_waiting
expect_eq runtime.hardening.closed-fds.swapped.status 0 "$STATUS"
expect_eq runtime.hardening.closed-fds.swapped.stays ./parent/moved/gmon.out "$(where closed-swap)"
expect_eq runtime.hardening.closed-fds.swapped.silent "" "$(cat wait.err)"

# Another directory dup2'd onto every descriptor from 3 to 1023.
mkdir -p dup/work dup/other
(cd dup/work && ../../hard dup2-other "$SCRATCH/dup/other")
expect_eq runtime.hardening.dup2-fds ./work/gmon.out "$(where dup)"

# The file's mode: never world-writable, whatever the umask.
mkdir umask0
(cd umask0 && umask 000 && ../hard)
expect_eq runtime.hardening.mode.umask0 664 "$(stat -c %a umask0/gmon.out 2>&1)"

# ---- set-user-ID root, run by nobody (needs root; CI runs as root)
suid_tests="setuid-symlink-swap.where-glibc-writes setuid-symlink-swap.not-forbidden setuid-symlink-swap.stays setuid-symlink-swap.owner setuid-symlink-swap.no-process-file setuid-symlink-swap.mode setuid.real-user-rights setuid.real-user-rights.message"
if [ "$(id -u)" != 0 ] || ! id nobody >/dev/null 2>&1 || ! command -v setpriv >/dev/null; then
	for t in $suid_tests; do echo "# runtime.hardening.$t: not run (needs root, user nobody and setpriv)"; done
else
	nobody=$(id -u nobody) nogroup=$(id -g nobody)
	as_nobody="setpriv --reuid=$nobody --regid=$nogroup --clear-groups"
	# real_user_rights KIND PROGRAM DIR: $suid/PROGRAM run as nobody in
	# the new directory $suid/DIR, which nobody may not write, exits with
	# 0, writes no file, and says so in one line
	real_user_rights() {
		local status=0
		mkdir "$suid/$3"
		(cd "$suid/$3" && $as_nobody "$suid/$2") 2>"$SCRATCH/$3.err" || status=$?
		expect_eq "runtime.hardening.$1.real-user-rights" "0 " "$status $(ls -A "$suid/$3" | xargs)"
		expect_eq "runtime.hardening.$1.real-user-rights.message" \
			"libgmon: cannot write $suid/$3/gmon.out: Permission denied" "$(cat "$SCRATCH/$3.err")"
	}
	# The set-user-ID program must live where nobody can reach it: $OUT's
	# parents may be private.
	suid=$(mktemp -d /tmp/libgmon-suid.XXXXXX)
	trap 'rm -rf "$SCRATCH" "$suid"' EXIT
	chmod 755 "$suid"
	for rt in ours glibc; do
		exe=hard
		[ $rt = glibc ] && exe=hard-glibc
		cp "$exe" "$suid/$exe" && chmod 4755 "$suid/$exe"
		mkdir -p "$suid/$rt/home/work" "$suid/$rt/forbidden"
		chown "$nobody" "$suid/$rt/home" "$suid/$rt/home/work"
		chmod 700 "$suid/$rt/forbidden"
		start_waiting "$suid/$rt/home/work" sh -c "umask 000 && exec $as_nobody $suid/$exe wait"
		$as_nobody sh -c "mv '$suid/$rt/home/work' '$suid/$rt/home/moved' && ln -s '$suid/$rt/forbidden' '$suid/$rt/home/work'"
		finish_waiting
	done
	if [ ! -u "$suid/hard" ] || [ -z "$(where "$suid/glibc")" ]; then
		for t in $suid_tests; do echo "# runtime.hardening.$t: not run (set-user-ID not honoured in $suid)"; done
	else
		expect_eq runtime.hardening.setuid-symlink-swap.where-glibc-writes ./home/moved/gmon.out "$(where "$suid/glibc")"
		expect_eq runtime.hardening.setuid-symlink-swap.not-forbidden "" "$(ls -A "$suid/ours/forbidden" | xargs)"
		expect_eq runtime.hardening.setuid-symlink-swap.stays ./home/moved/gmon.out "$(where "$suid/ours")"
		expect_eq runtime.hardening.setuid-symlink-swap.owner "$nobody" "$(stat -c %u "$suid/ours/home/moved/gmon.out" 2>&1)"
		# no process file: its runtime addresses must not reach the
		# user who ran the program (issue 24; t-hardening2.sh)
		expect_eq runtime.hardening.setuid-symlink-swap.no-process-file "" \
			"$(ls -A "$suid/ours/home/moved" | grep process)"
		mode=$(stat -c %a "$suid/ours/home/moved/gmon.out" 2>&1)
		case $mode in
		*[2367]) fail runtime.hardening.setuid-symlink-swap.mode "world-writable: $mode (umask 000)" ;;
		[0-7][0-7][0-7]) pass runtime.hardening.setuid-symlink-swap.mode ;;
		*) fail runtime.hardening.setuid-symlink-swap.mode "$mode" ;;
		esac
		# a directory nobody may not write: the file is not written, with
		# one line (glibc's runtime writes it as root)
		real_user_rights setuid hard rootdir
		# file capabilities: CAP_DAC_OVERRIDE does not open the directory
		# for the profile, and the program has it back afterwards
		cp hard "$suid/hard-cap"
		if command -v setcap >/dev/null && setcap cap_dac_override+ep "$suid/hard-cap" 2>/dev/null; then
			real_user_rights setcap hard-cap capdir
			expect_eq runtime.hardening.setcap.capabilities-restored "CapEff: 0000000000000002" \
				"$(cd "$suid/capdir" && $as_nobody "$suid/hard-cap" caps 2>/dev/null | xargs)"
		else
			echo "# runtime.hardening.setcap.*: not run (setcap failed)"
		fi
	fi
fi

# ---- 2. exit() from a signal handler that interrupted a write

# Deterministic: fsfault raises the signal at the write's first write(2).
# SIGALRM's handler calls work 3 times and exit(5): the final profile is
# written, complete, with the handler's calls.
mkdir reentry-alrm && status=0
(cd reentry-alrm && FSFAULT_SIGNAL_ON_WRITE=14 LD_PRELOAD=$FSFAULT timeout -s KILL 20 ../hard snapshot-once) || status=$?
expect_eq runtime.hardening.reentry.alarm-in-write.status 5 "$status"
complete runtime.hardening.reentry.alarm-in-write reentry-alrm 103
# a GMON_SNAPSHOT_SIGNAL snapshot, interrupted by SIGTERM, whose handler
# exits with 6
mkdir reentry-term && status=0
(cd reentry-term && GMON_SNAPSHOT_SIGNAL=USR1 FSFAULT_SIGNAL_ON_WRITE=15 LD_PRELOAD=$FSFAULT \
	timeout -s KILL 20 ../hard raise-usr1) || status=$?
expect_eq runtime.hardening.reentry.term-in-snapshot.status 6 "$status"
complete runtime.hardening.reentry.term-in-snapshot reentry-term 103

# Races, as a user meets them: 20 runs each.  A run is good if it ends
# with the handler's status and a complete gmon.out or none.
# race_check PREFIX NAME STATUS: the runs' directories are PREFIX-N, and
# their exit statuses in PREFIX-N.status
race_check() {
	local prefix=$1 name=$2 want=$3 bad="" got files
	for s in "$prefix"-*.status; do
		d=${s%.status}
		read -r got <"$s"
		files=$(profiles_in "$d")
		if [ "$got" != "$want" ]; then
			bad="$bad $d:status=$got"
		elif [ -n "$files" ] && { [ "$files" != gmon.out ] ||
			! "$GNU_GPROF" -b hard "$d/gmon.out" >/dev/null 2>&1; }; then
			bad="$bad $d:files=$files"
		fi
	done
	if [ -z "$bad" ]; then pass "runtime.hardening.reentry.$name"
	else fail "runtime.hardening.reentry.$name" "$bad"; fi
}
# gmon_snapshot in a loop; SIGALRM after 1 ms, whose handler exits
for i in $(seq 20); do
	mkdir "race-alarm-$i" && status=0
	(cd "race-alarm-$i" && timeout -s KILL 10 ../hard alarm-loop) || status=$?
	echo "$status" >"race-alarm-$i.status"
done
race_check race-alarm alarm-loop 5
# GMON_SNAPSHOT_SIGNAL=USR1, then SIGTERM at once, whose handler exits
for i in $(seq 20); do
	mkdir "race-term-$i"
	(cd "race-term-$i" && GMON_SNAPSHOT_SIGNAL=USR1 exec timeout -s KILL 10 ../hard spin) >"race-term-$i.out" &
	pid=$!
	wait_ready "race-term-$i.out" 200 0.02
	rm "race-term-$i.out"
	target=$(pgrep -P $pid)
	kill -USR1 "$target"
	kill -TERM "$target"
	status=0
	wait $pid || status=$?
	echo "$status" >"race-term-$i.status"
done
race_check race-term usr1-then-term 6

# Another thread's write never ends (its SIGUSR2 handler never returns):
# exit waits a bounded time (2 s), then writes.
mkdir stuck && status=0
start=$(date +%s)
(cd stuck && FSFAULT_SIGNAL_ON_WRITE=12 LD_PRELOAD=$FSFAULT timeout -s KILL 20 ../hard thread-stuck) || status=$?
expect_eq runtime.hardening.reentry.other-thread-stuck.status 7 "$status"
elapsed=$(($(date +%s) - start))
if [ "$elapsed" -le 10 ]; then pass runtime.hardening.reentry.other-thread-stuck.bounded
else fail runtime.hardening.reentry.other-thread-stuck.bounded "took $elapsed s"; fi
complete runtime.hardening.reentry.other-thread-stuck stuck 100

# ---- 3. GMON_SNAPSHOT_SIGNAL: fault signals refused however written
for spec in 11:SEGV SEGV:SEGV SIGSEGV:SEGV 4:ILL ILL:ILL 7:BUS SIGBUS:BUS 8:FPE FPE:FPE \
	31:SYS SIGSYS:SYS 5:TRAP TRAP:TRAP 6:ABRT SIGABRT:ABRT; do
	v=${spec%%:*} sig=${spec#*:}
	mkdir "fault-$v" && status=0
	(cd "fault-$v" && GMON_SNAPSHOT_SIGNAL=$v ../hard 2>../"fault-$v.err") || status=$?
	expect_eq "runtime.hardening.snapshot-signal.refused.$v" \
		"0 libgmon: ignoring GMON_SNAPSHOT_SIGNAL=$v: SIG$sig reports a fault; profiling goes on without snapshots" \
		"$status $(cat "fault-$v.err")"
done
expect_eq runtime.hardening.snapshot-signal.refused.profiles-on 100 "$(work_calls hard fault-11/gmon.out)"
# the C library's own signals (32, 33)
for v in 32 33; do
	expect_eq "runtime.hardening.snapshot-signal.refused.$v" \
		"libgmon: ignoring GMON_SNAPSHOT_SIGNAL=$v: not a signal it can use" \
		"$(GMON_SNAPSHOT_SIGNAL=$v ./hard 2>&1 >/dev/null)"
done
# a crash stays a crash (it was an endless loop of snapshots)
mkdir segv && status=0
(cd segv && ulimit -c 0 && GMON_SNAPSHOT_SIGNAL=11 timeout -s KILL 10 ../hard segv 2>/dev/null) || status=$?
expect_eq runtime.hardening.snapshot-signal.segv-crashes 139 "$status"

# The program replaces the snapshot handler: one line, once.
for spec in USR1:10:SIGUSR1 12:12:SIGUSR2 SIGHUP:1:SIGHUP 40:40:"signal 40"; do
	v=${spec%%:*} rest=${spec#*:}
	n=${rest%%:*} shown=${rest#*:}
	mkdir "replaced-$n"
	expect_eq "runtime.hardening.snapshot-signal.replaced.$v" \
		"libgmon: the program replaced the handler of $shown (GMON_SNAPSHOT_SIGNAL): no snapshots since" \
		"$(cd "replaced-$n" && GMON_SNAPSHOT_SIGNAL=$v ../hard replace-handler "$n" 2>&1)"
done
expect_eq runtime.hardening.snapshot-signal.kept-handler-quiet "" \
	"$(cd replaced-10 && GMON_SNAPSHOT_SIGNAL=USR1 ../hard snapshot-once 2>&1)"

# ---- 5. temporaries

# Killed at the write's first write(2): nothing is left, no gmon.out
# (there was none) and no temporary.
mkdir killed && status=0
(cd killed && FSFAULT_KILL_ON_WRITE=1 LD_PRELOAD=$FSFAULT exec ../hard) 2>/dev/null || status=$?
expect_eq runtime.hardening.tmpfile.killed-write.status 137 "$status"
expect_eq runtime.hardening.tmpfile.killed-write.nothing-left "" "$(ls -A killed | xargs)"

# No data is ever written under a name: the first write links a complete
# file in as gmon.out; the next ones replace it through a temporary name
# that only ever holds the complete file.
mkdir watched
./dirwatch watched.log watched sh -c 'cd watched && ../hard snapshot-once && ../hard snapshot-once'
expect_eq runtime.hardening.tmpfile.no-write-under-a-name "" \
	"$(awk '($1 == "modify" || $1 == "close-write") && $2 !~ /^#/ { print $2 }' watched.log | sort -u | xargs)"
expect_eq runtime.hardening.tmpfile.first-write-links "create .gmon.out.process create gmon.out" \
	"$(grep -v "^modify\|^close-write" watched.log | head -2 | xargs)"
complete runtime.hardening.tmpfile.watched watched 100

# Unnamed files that cannot be linked in (no /proc, no capability for
# AT_EMPTY_PATH, as in a chroot): written the named way instead, and
# replaced the same way.
mkdir nolink
(cd nolink && FSFAULT_NO_LINKAT=1 LD_PRELOAD=$FSFAULT ../hard snapshot-once 2>../nolink.err)
expect_eq runtime.hardening.tmpfile.cannot-link.quiet "" "$(cat nolink.err)"
complete runtime.hardening.tmpfile.cannot-link nolink 100

# Without unnamed files: a killed write leaves its temporary, which the
# next program's write removes, since its writer is dead; temporaries of
# live writers and other files are kept.
mkdir fallback && status=0
(cd fallback && FSFAULT_NO_TMPFILE=1 FSFAULT_KILL_ON_WRITE=1 LD_PRELOAD=$FSFAULT exec ../hard) 2>/dev/null || status=$?
expect_eq runtime.hardening.fallback.killed-write.status 137 "$status"
left=$(ls -A fallback | xargs)
case $left in
# the first write of a whole-process profile is its process file's
gmon.out.[0-9]*.tmp | gmon.out.[0-9]*.process.tmp) pass runtime.hardening.fallback.killed-write.leaves-temporary ;;
*) fail runtime.hardening.fallback.killed-write.leaves-temporary "files: $left" ;;
esac
sleep 30 &
alive=$!
: >"fallback/gmon.out.$alive.tmp"
: >fallback/gmon.out.notes.tmp
: >fallback/other.1.tmp
mkdir fallback/gmon.out.1.tmp
(cd fallback && FSFAULT_NO_TMPFILE=1 LD_PRELOAD=$FSFAULT ../hard)
expect_eq runtime.hardening.fallback.stale-removed \
	".gmon.out.process gmon.out gmon.out.1.tmp gmon.out.$alive.tmp gmon.out.notes.tmp other.1.tmp" "$(ls -A fallback | sort | xargs)"
kill $alive
wait $alive 2>/dev/null
gprof_reads runtime.hardening.fallback.gnu-reads hard fallback/gmon.out
# with a prefix, and in a forked child's form (PREFIX.<pid>.<writer>.tmp)
mkdir prefixed
dead=$(sh -c 'echo $$')
: >"prefixed/prof.123.$dead.tmp"
: >"prefixed/prof.$dead-1.tmp"
: >"prefixed/prof.123.$dead.process.tmp"
(cd prefixed && GMON_OUT_PREFIX=prof FSFAULT_NO_TMPFILE=1 LD_PRELOAD=$FSFAULT ../hard)
expect_eq runtime.hardening.fallback.stale-removed.prefix "prof.N .prof.N.process" \
	"$(ls -A prefixed | sed 's/[0-9][0-9]*/N/' | sort -r | xargs)"
