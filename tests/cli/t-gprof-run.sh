#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-gprof-run.sh: the launcher run/gprof-run: the runtime's
# environment from its options, the program's standard streams, exit
# status and signals passed through untouched, the programs it cannot
# profile refused in one line before anything runs, and a -pg program
# profiled by the preloaded runtime.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
RUN=$TOP/run/gprof-run
LIB=$(realpath "$TOP/libgmon/libgmon.so")
# every program run here is profiled (it writes gmon.out where it starts)
cd "$SCRATCH" || exit 2

# run_expect NAME STATUS STDERR ARGS...: gprof-run ARGS exits with STATUS
# and says exactly STDERR
run_expect() {
	local name=$1 status=$2 err=$3 rc
	shift 3
	"$RUN" "$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	if [ $rc -ne "$status" ]; then
		fail "$name" "exit status $rc, not $status ($(head -1 "$SCRATCH/err"))"
	else
		expect_eq "$name" "$err" "$(cat "$SCRATCH/err")"
	fi
}

# the environment the program is given (GMON_START=all: the runtime
# leaves LD_PRELOAD as gprof-run set it)
env_line='echo "$LD_PRELOAD|$GMON_OUT_PREFIX|$GMON_RATE|$GMON_CLOCK|$GMON_STACK_DEPTH"'
expect_eq run.env.defaults "$LIB||||" \
	"$(env -u LD_PRELOAD -u GMON_RATE GMON_START=all "$RUN" sh -c "$env_line")"
expect_eq run.env.options "$LIB|$SCRATCH/p|250|cpu|16" \
	"$(env -u LD_PRELOAD GMON_START=all "$RUN" -o "$SCRATCH/p" --rate 250 --clock cpu --stacks 16 sh -c "$env_line")"
expect_eq run.env.short-options "$LIB|q|9|cpu|0" \
	"$(env -u LD_PRELOAD GMON_START=all "$RUN" -o q -r 9 -c cpu -s 0 -- sh -c "$env_line")"
expect_eq run.env.user-preload-kept "$LIB:/nonexistent/x.so" \
	"$(GMON_START=all LD_PRELOAD=/nonexistent/x.so "$RUN" sh -c 'echo $LD_PRELOAD' 2>/dev/null)"
expect_eq run.env.library-variable "$LIB" \
	"$(GMON_START=all GPROF_RUN_LIBGMON=$TOP/libgmon/../libgmon/libgmon.so "$RUN" sh -c 'echo $LD_PRELOAD')"
# without it, the runtime takes itself out of LD_PRELOAD at start: the
# programs the profiled one starts run without it (the user's kept)
expect_eq run.env.preload-taken-out "[/nonexistent/x.so]" \
	"$(LD_PRELOAD=/nonexistent/x.so "$RUN" sh -c 'echo "[$LD_PRELOAD]"' 2>/dev/null)"
# GMON_START: gprof-run's process id, which the runtime takes out of the
# environment at start (so a program the profiled one runs is not
# profiled); GMON_START=all, the user's, is kept
# (seen with a runtime that the loader refuses: nothing takes it out)
expect_eq run.env.start-own-pid same "$(GPROF_RUN_LIBGMON=/dev/null "$RUN" sh -c \
	'[ "$GMON_START" = $$ ] && echo same || echo "GMON_START=$GMON_START, pid $$"' 2>/dev/null)"
expect_eq run.env.start-removed "[]" "$("$RUN" sh -c 'echo "[$GMON_START]"')"
expect_eq run.env.start-all-kept "[all]" "$(GMON_START=all "$RUN" sh -c 'echo "[$GMON_START]"')"
# the program's own options are its own, after its name
expect_eq run.program-options "-o x --rate" "$("$RUN" echo -o x --rate)"

# what the program reads, writes and returns is its own
expect_eq run.stdin "a line" "$(echo "a line" | "$RUN" cat)"
"$RUN" sh -c 'echo out; echo err >&2; exit 7' >"$SCRATCH/o" 2>"$SCRATCH/e"
rc=$?
expect_eq run.exit-status 7 $rc
expect_eq run.stdout out "$(cat "$SCRATCH/o")"
expect_eq run.stderr err "$(cat "$SCRATCH/e")"
"$RUN" sh -c 'kill -USR1 $$' 2>/dev/null
expect_eq run.signal-status $((128 + 10)) $?
# gprof-run becomes the program: same process, so signals sent to the
# pid reach the program itself
expect_eq run.same-process yes "$(sh -c 'echo $$ >"$1"; exec "$2" sh -c "[ \$\$ = \$(cat \"$1\") ] && echo yes"' \
	sh "$SCRATCH/pid" "$RUN")"

# refusals: one line, before anything runs
run_expect run.refuse.no-program 2 "gprof-run: no program to run (usage: gprof-run [OPTIONS] PROGRAM [ARGUMENTS...])"
run_expect run.refuse.unknown-option 2 "gprof-run: unknown option --frobnicate (gprof-run --help lists the options)" \
	--frobnicate true
run_expect run.refuse.unknown-short-option 2 "gprof-run: unknown option -x (gprof-run --help lists the options)" \
	-x true
run_expect run.refuse.missing-argument 2 "gprof-run: --rate wants an argument (gprof-run --help lists the options)" \
	--rate
run_expect run.refuse.not-found 127 "gprof-run: no-such-program-here: No such file or directory" \
	no-such-program-here
printf 'data\n' >"$SCRATCH/not-exec"
run_expect run.refuse.not-executable 126 "gprof-run: $SCRATCH/not-exec: Permission denied" \
	"$SCRATCH/not-exec"
run_expect run.refuse.rate 2 "gprof-run: --rate 0: not a number from 1 to 100000" --rate 0 true
run_expect run.refuse.rate-text 2 "gprof-run: --rate fast: not a number from 1 to 100000" -r fast true
run_expect run.refuse.stacks 2 "gprof-run: --stacks 513: not a number from 0 to 512" --stacks 513 true
run_expect run.refuse.clock 2 "gprof-run: --clock real: the clocks are cpu and wall" --clock real true
expect_eq run.env.clock-wall "wall" "$("$RUN" --clock wall sh -c 'echo $GMON_CLOCK')"
run_expect run.refuse.prefix 2 "gprof-run: -o wants a file name prefix" -o "" true
GPROF_RUN_LIBGMON=/nonexistent/libgmon.so "$RUN" true 2>"$SCRATCH/err"
expect_eq run.refuse.library-variable \
	"2 gprof-run: GPROF_RUN_LIBGMON=/nonexistent/libgmon.so: No such file or directory" \
	"$? $(cat "$SCRATCH/err")"

# a static executable has no loader to preload into
printf 'int main(void) { return 3; }\n' >"$SCRATCH/static.c"
if gcc -static -o "$SCRATCH/static" "$SCRATCH/static.c" 2>/dev/null; then
	run_expect run.refuse.static 2 "gprof-run: $SCRATCH/static: statically linked: there is no loader to preload the profiler, so nothing would be recorded; link it dynamically, or build it with -pg and libgmon.a" \
		"$SCRATCH/static"
else
	echo "# run.refuse.static skipped: no static libc (Debian: libc6-dev)"
fi

# a set-user-ID program owned by someone else: the loader ignores
# LD_PRELOAD there (needs root to make one)
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	cp /bin/true "$SCRATCH/suid-true"
	chown nobody "$SCRATCH/suid-true" && chmod 4755 "$SCRATCH/suid-true"
	run_expect run.refuse.setuid 2 "gprof-run: $SCRATCH/suid-true: set-user-ID or set-group-ID: the loader ignores LD_PRELOAD for it, so nothing would be recorded; run a copy without the bit, or build it with -pg" \
		"$SCRATCH/suid-true"
else
	echo "# run.refuse.setuid skipped: making a set-user-ID file of another user needs root"
fi

# a -pg program (built with glibc's runtime in mind) profiled by ours:
# exact call counts in gmon.out, and our process file beside it
cat >"$SCRATCH/calls.c" <<'EOF'
#include <stdio.h>
__attribute__((noinline)) int leaf(int i) { return i * 3 + 1; }
int main(void) { int s = 0; for (int i = 0; i < 1234; i++) s += leaf(i); printf("%d\n", s); return 0; }
EOF
mkdir -p "$SCRATCH/pg"
gcc -O1 -pg -o "$SCRATCH/pg/calls" "$SCRATCH/calls.c"
(cd "$SCRATCH/pg" && "$RUN" ./calls >/dev/null)
expect_eq run.pg.process-file yes "$([ -s "$SCRATCH/pg/.gmon.out.process" ] && echo yes)"
expect_eq run.pg.calls 1234 "$("$GNU_GPROF" -b -p "$SCRATCH/pg/calls" "$SCRATCH/pg/gmon.out" |
	awk '$NF == "leaf" { print $(NF - 3) }')"
expect_eq run.pg.no-note-on-counts 0 "$("$GPROF" -p "$SCRATCH/pg/calls" "$SCRATCH/pg/gmon.out" | grep -c '^No call')"
(cd "$SCRATCH/pg" && rm -f gmon.out .gmon.out.process && "$RUN" -o "$SCRATCH/pg/prof" ./calls >/dev/null)
expect_eq run.pg.prefix 1 "$(ls "$SCRATCH/pg" | grep -c '^prof\.[0-9]*$')"

# a program built without -pg: the runtime starts by itself and writes
# the whole-process profile, a histogram without arcs in gmon.out
mkdir -p "$SCRATCH/plain"
printf 'int main(void) { volatile unsigned long s = 0; for (unsigned long i = 0; i < 300000000; i++) s += i; return 0; }\n' >"$SCRATCH/plain.c"
gcc -O1 -o "$SCRATCH/plain/plain" "$SCRATCH/plain.c"
(cd "$SCRATCH/plain" && "$RUN" ./plain 2>"$SCRATCH/err")
expect_eq run.no-pg.files "gmon.out .gmon.out.process|" \
	"$(ls -A "$SCRATCH/plain" | grep gmon | sort -r | xargs)|$(cat "$SCRATCH/err")"
expect_eq run.no-pg.gnu-reads "0|" \
	"$("$GNU_GPROF" -b -p "$SCRATCH/plain/plain" "$SCRATCH/plain/gmon.out" 2>"$SCRATCH/err" |
		awk '$1 ~ /^[0-9.]+$/ && NF > 4' | wc -l)|$(cat "$SCRATCH/err")"

# an ordinary user in a container: user nobody, and a seccomp filter that
# kills the process at perf_event_open or ptrace (progs/seccomp-run.c; the
# default profiles of container runtimes refuse both).  The default clock
# and the wall clock profile there; above 100 Hz the CPU clock is a perf
# event, which the filter kills (so the filter is known to work).
#   run.unprivileged.*
gcc -O1 -o "$SCRATCH/seccomp-run" "$TOP/tests/runtime/progs/seccomp-run.c"
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null; then
	nobody_dir=$SCRATCH/nobody
	mkdir -p "$nobody_dir" && cp "$SCRATCH/plain/plain" "$nobody_dir/" && chmod 777 "$nobody_dir"
	as_nobody() {
		(cd "$nobody_dir" && rm -f gmon.out .gmon.out.process &&
			setpriv --reuid=nobody --regid=nogroup --clear-groups \
				"$SCRATCH/seccomp-run" "$RUN" "$@" ./plain 2>"$SCRATCH/err")
	}
	for clock in cpu wall; do
		as_nobody --clock $clock
		rc=$?
		expect_eq "run.unprivileged.$clock.runs" "0|" "$rc|$(cat "$SCRATCH/err")"
		expect_eq "run.unprivileged.$clock.files" "nobody gmon.out nobody .gmon.out.process" \
			"$(cd "$nobody_dir" && stat -c '%U %n' gmon.out .gmon.out.process 2>&1 | xargs)"
		# gprof reads it: main has samples (kept sparse, in the
		# process file: GNU gprof reads gmon.out but finds none there)
		expect_eq "run.unprivileged.$clock.reads" "main|" \
			"$("$GPROF" -b -p "$nobody_dir/plain" "$nobody_dir/gmon.out" 2>"$SCRATCH/err" |
				awk '$1 ~ /^[0-9.]+$/ && $3 > 0 && $NF == "main" { print $NF }')|$(cat "$SCRATCH/err")"
	done
	as_nobody --rate 1000
	expect_eq run.unprivileged.filter-kills-perf 159 $?
else
	echo "ok run.unprivileged # skip: needs root (to become nobody) and setpriv"
fi

# every option gprof-run takes has its entry in doc/gprof-run.1, and the
# page names no other
# (the names of the long_options table, however clang-format lays it out)
src_opts=$(sed -n '/long_options\[\] = {/,/};/p' "$TOP/run/gprof-run.c" |
	grep -o '{ "[a-z]*",' | sed 's/^{ "\(.*\)",$/\1/' | sort | xargs)
man_opts=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$TOP/doc/gprof-run.1" | grep -A1 '^\.TP' |
	grep -o '\\-\\-[a-z]*' | sed 's/^\\-\\-//' | sort -u | xargs)
if [ -z "$src_opts" ]; then
	fail run.man.options "no options read from run/gprof-run.c"
else
	expect_eq run.man.options "$src_opts" "$man_opts"
fi

# every environment variable gprof-run reads or sets has its entry in the
# page's ENVIRONMENT section
src_env=$(grep -o '"\(GMON_[A-Z_]*\|GPROF_RUN_[A-Z_]*\|LD_PRELOAD\|PATH\)"' "$TOP/run/gprof-run.c" | tr -d '"' | sort -u | xargs)
man_env=$(sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$TOP/doc/gprof-run.1" | grep -A1 '^\.TP' |
	grep -o '\(GMON_[A-Z_]*\|GPROF_RUN_[A-Z_]*\|LD_PRELOAD\|PATH\)' | sort -u | xargs)
missing=$(comm -23 <(tr ' ' '\n' <<<"$src_env") <(tr ' ' '\n' <<<"$man_env") | xargs)
if [ -z "$src_env" ]; then
	fail run.man.environment "no variables read from run/gprof-run.c"
else
	expect_eq run.man.environment "" "$missing"
fi
