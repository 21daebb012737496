#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-matrix.sh: the lifecycle matrix (issue 37; DESIGN.md,
# "Invisible"): program shapes x start modes x clocks, each run without
# the profiler and with it, must do the same:
#   - exit status or terminating signal;
#   - stdout and stderr, byte for byte (lines "libgmon: ..." of the
#     profiled run excepted: the runtime's one-line reasons, shown after
#     the result);
#   - the signal mask, the dispositions and the open descriptors at exit,
#     which every process of the program prints itself from a destructor
#     (matrix/main.c; it runs before the profile is written: R3 in
#     matrix/known-failures);
#   - the files written in its directory (names and bytes), profiles
#     excepted: those must exist and our gprof must read each (exit 0),
#     unless the runtime said in one line why it wrote none.
# The program and its shapes: tests/runtime/matrix/ (matrix list).
# Starts: pg-a (-pg and libgmon.a), pg-so (-pg with glibc, libgmon.so
# preloaded), gprof-run (built without -pg), start-all (without -pg,
# libgmon.so preloaded, GMON_START=all); and glibc (-pg with glibc's own
# runtime, for the table's floor).  Clocks: thread (the default),
# process, wall, perf (GMON_RATE=1000; skipped, in one line, where perf
# events are not to be had).  Names: runtime.matrix.SHAPE.START.CLOCK
# (glibc's: runtime.matrix.SHAPE.glibc.itimer).
#
# MATRIX=full (make check-matrix, make check-stress) runs every cell,
# 100,000 short threads and 5,000 dlopens; otherwise (make check) every
# shape with gprof-run and the thread clock, and the fork shape with
# every start and clock.  A cell listed in matrix/known-failures (a fault
# of issue 37 not fixed yet) is "ok ... # known: fault N (what
# differed)"; glibc's cells are "ok", with what differed if anything.
# MATRIX_KNOWN=FILE reads another list (/dev/null: every failure shows).
# MATRIX_KEEP=1 keeps every run's directory; MATRIX_TABLE=FILE writes the
# table of what holds (doc/reliability.md, "The lifecycle matrix") to
# FILE; MATRIX_SHAPES="a b", MATRIX_STARTS and MATRIX_CLOCKS narrow the
# run by hand.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.matrix
runtime_scratch
cd "$SCRATCH" || exit 2
MATRIX_SRC=$TOP/tests/runtime/matrix
GPROF_RUN=$TOP/run/gprof-run
mode=${MATRIX:-fast}

# nothing of the caller's reaches the runs
unset LD_PRELOAD
for v in $(compgen -e); do
	case $v in GMON_*) unset "$v" ;; esac
done

# ---- build: bin/plain (no -pg), bin/pg-a (libgmon.a), bin/pg-glibc
# (glibc's -pg); each directory has the early library and the plugins
# beside the program (found through $ORIGIN)
SRCS=("$MATRIX_SRC"/main.c "$MATRIX_SRC"/procs.c "$MATRIX_SRC"/signals.c
	"$MATRIX_SRC"/threads.c "$MATRIX_SRC"/limits.c)
FLAGS=(-O1 -fno-inline -Wall -Wextra -Werror -I"$MATRIX_SRC")
# shellcheck disable=SC2016,SC2054 # $ORIGIN is the loader's
LINK=(-Lbin/lib -lmatrix-early -Wl,-rpath,'$ORIGIN' -pthread -ldl)
mkdir -p bin/lib bin/plain bin/pg-a bin/pg-glibc
if ! $RT_CC "${FLAGS[@]}" -fPIC -shared -o bin/lib/libmatrix-early.so "$MATRIX_SRC/early.c" -ldl 2>build.err ||
	! $RT_CC -O1 -fPIC -shared -o bin/lib/matrix-plugin-a.so "$MATRIX_SRC/plugin.c" 2>>build.err ||
	! $RT_CC -O1 -fPIC -shared -o bin/lib/matrix-plugin-b.so "$MATRIX_SRC/plugin.c" 2>>build.err ||
	! $RT_CC "${FLAGS[@]}" -o bin/plain/matrix "${SRCS[@]}" "${LINK[@]}" 2>>build.err ||
	! $RT_CC -pg "${FLAGS[@]}" -o bin/pg-a/matrix "${SRCS[@]}" "$LIBGMON_A" "${LINK[@]}" 2>>build.err ||
	! $RT_CC -pg "${FLAGS[@]}" -o bin/pg-glibc/matrix "${SRCS[@]}" "${LINK[@]}" 2>>build.err; then
	fail runtime.matrix.build "$(head -3 build.err | xargs)"
	exit 0
fi
for d in plain pg-a pg-glibc; do cp bin/lib/*.so bin/$d/; done

read -ra SHAPES <<<"${MATRIX_SHAPES:-$(bin/plain/matrix list | xargs)}"
read -ra STARTS <<<"${MATRIX_STARTS:-pg-a pg-so gprof-run start-all glibc}"
read -ra CLOCKS <<<"${MATRIX_CLOCKS:-thread process wall perf}"

# each shape's argument, by mode
shape_arg() {
	case $1 in
	short-threads) [ "$mode" = full ] && echo 100000 || echo 1000 ;;
	dlopen-loop) [ "$mode" = full ] && echo 5000 || echo 200 ;;
	esac
}

# the cells to run: "SHAPE START CLOCK", one a line
cells() {
	local shape start clock
	for shape in "${SHAPES[@]}"; do
		for start in "${STARTS[@]}"; do
			if [ "$start" = glibc ]; then
				[ "$mode" = full ] && echo "$shape glibc itimer"
				continue
			fi
			for clock in "${CLOCKS[@]}"; do
				if [ "$mode" = full ] || [ "$shape.$start.$clock" = "$shape.gprof-run.thread" ] ||
					{ [ "$shape" = fork ] && { [ "$start" = gprof-run ] || [ "$clock" = thread ]; }; }; then
					echo "$shape $start $clock"
				fi
			done
		done
	done
}

# ---- what the runs need

# perf events: the runtime says in one line when it cannot have them
perf_missing=
mkdir probe
(cd probe && GMON_RATE=1000 GMON_START=1 LD_PRELOAD=$LIBGMON_SO ../bin/plain/matrix exec-child probe >out 2>err)
if grep -q 'perf_event_open' probe/err; then
	perf_missing=$(grep -m1 'perf_event_open' probe/err)
fi
root=$([ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && echo yes)

# known failures: "PATTERN FAULT" (a shell pattern over SHAPE.START.CLOCK),
# and "line ID REGEX": a line the profiled runs print and the runs
# without the profiler do not (something the runtime leaves at exit)
known_patterns=() known_faults=() residue_ids=() residue_lines=()
while read -r pattern fault rest; do
	case $pattern in '' | '#'*) continue ;; esac
	if [ "$pattern" = line ]; then
		residue_ids+=("$fault")
		residue_lines+=("$rest")
		continue
	fi
	known_patterns+=("$pattern")
	known_faults+=("$fault")
done <"${MATRIX_KNOWN:-$MATRIX_SRC/known-failures}"
known_fault() {
	local i
	for i in "${!known_patterns[@]}"; do
		# shellcheck disable=SC2053
		[[ $1 == ${known_patterns[$i]} ]] && { echo "${known_faults[$i]}"; return; }
	done
}

# run DIR EXE SHAPE [ENV...] [-- PREFIX...]: the program in DIR/run, with
# DIR/out and DIR/err; its status in DIR/status ("exit N", "signal N" or
# "timed out").  The settings reach the program alone (no env, no
# timeout between: GMON_START=all would profile them too), and the
# program is the shell's child in the foreground, as a user's would be; a
# watcher kills it after LIMIT seconds.
run() {
	local dir=$1 exe=$2 shape=$3 limit=30 status=0 envs=() prefix=() args=() i watcher
	shift 3
	[ -n "$(shape_arg "$shape")" ] && args=("$(shape_arg "$shape")")
	while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
	[ $# -gt 0 ] && shift && prefix=("$@")
	[ "$shape" = short-threads ] && [ "$mode" = full ] && limit=300
	mkdir -p "$dir/run"
	mkfifo "$dir/wait"
	# read -t on a FIFO opened both ways: a wait with no process of its own
	(read -rt $limit <>"$dir/wait" || { touch "$dir/timedout"; kill -KILL "$(cat "$dir/pid")"; }) 2>/dev/null &
	watcher=$!
	# (braces: the shell's word on a run killed by a signal goes nowhere)
	{ (cd "$dir/run" && echo $BASHPID >"$dir/pid" && export MATRIX_ROOT="$dir" "${envs[@]+"${envs[@]}"}" &&
		exec "${prefix[@]+"${prefix[@]}"}" "$exe" "$shape" "${args[@]+"${args[@]}"}") \
		</dev/null >"$dir/out" 2>"$dir/err"; } 2>/dev/null || status=$?
	kill "$watcher" 2>/dev/null
	wait "$watcher" 2>/dev/null
	if [ -e "$dir/timedout" ]; then echo "timed out after $limit s"
	elif [ $status -gt 128 ]; then echo "signal $(kill -l $((status - 128)))"
	else echo "exit $status"; fi >"$dir/status"
	# what the runtime said, kept apart; the known residues taken out
	cp "$dir/out" "$dir/out.cmp"
	: >"$dir/residues"
	for i in "${!residue_ids[@]}"; do
		if grep -qE "${residue_lines[$i]}" "$dir/out.cmp"; then
			echo "${residue_ids[$i]}" >>"$dir/residues"
			grep -vE "${residue_lines[$i]}" "$dir/out.cmp" >"$dir/out.tmp"
			mv "$dir/out.tmp" "$dir/out.cmp"
		fi
	done
	grep '^libgmon: ' "$dir/err" >"$dir/said"
	grep -v '^libgmon: ' "$dir/err" >"$dir/err.own"
	# the files written, profiles apart (names and bytes)
	(cd "$dir/run" && find . -mindepth 1 | LC_ALL=C sort | while IFS= read -r f; do
		case ${f##*/} in
		gmon.out | gmon.out.* | .gmon.out.*)
			echo "$f" >>"$dir/profiles" ;;
		*) if [ -f "$f" ]; then echo "$f $(md5sum <"$f" | cut -c1-32)"; else echo "$f $(stat -c %F "$f")"; fi ;;
		esac
	done) >"$dir/files"
	touch "$dir/profiles"
}

# where SHAPE's runs go: chroot-setuid's under a directory that user
# nobody may pass through (mktemp's are not), so that a way out of the
# jail is not closed by the permissions of the directories above it
JAILS=$(mktemp -d /tmp/libgmon-matrix.XXXXXX) || exit 2
chmod 755 "$JAILS"
if [ -n "${MATRIX_KEEP:-}" ]; then
	trap 'echo "# runs kept in $SCRATCH and $JAILS"' EXIT
else
	# shellcheck disable=SC2064
	trap "rm -rf '$SCRATCH' '$JAILS'" EXIT
fi
run_base() {
	if [ "$1" = chroot-setuid ]; then echo "$JAILS"; else echo "$SCRATCH"; fi
}

# baseline SHAPE: the run without the profiler, once a shape
baseline() {
	local base
	base=$(run_base "$1")
	[ -d "$base/base/$1" ] || run "$base/base/$1" "$SCRATCH/bin/plain/matrix" "$1"
}

# differs BASE DIR: what differs between two runs (nothing when alike)
differs() {
	local base=$1 dir=$2 what=()
	cmp -s "$base/status" "$dir/status" || what+=("status: $(cat "$dir/status"), not $(cat "$base/status")")
	if ! cmp -s "$base/out.cmp" "$dir/out.cmp"; then
		what+=("stdout: $(diff "$base/out.cmp" "$dir/out.cmp" | grep '^[<>]' | head -4 | tr '\n' ';' | sed 's/;$//')")
	fi
	if ! cmp -s "$base/err.own" "$dir/err.own"; then
		what+=("stderr: $(diff "$base/err.own" "$dir/err.own" | grep '^[<>]' | head -2 | tr '\n' ';' | sed 's/;$//')")
	fi
	if ! cmp -s "$base/files" "$dir/files"; then
		what+=("files: $(diff "$base/files" "$dir/files" | grep '^[<>]' | head -3 | tr '\n' ';' | sed 's/;$//')")
	fi
	[ ${#what[@]} -gt 0 ] && printf '%s; ' "${what[@]}" | sed 's/; $//'
}

# profiles_read DIR EXE SHAPE: the profiles exist (or the runtime said
# why not) and our gprof reads each; what is wrong, if anything
profiles_read() {
	local dir=$1 exe=$2 shape=$3 f err n=0
	while IFS= read -r f; do
		case ${f##*/} in .*) continue ;; esac  # process files: read with their profile
		n=$((n + 1))
		if [ "$shape" = chroot-setuid ] && [[ $f != ./jail/* ]]; then
			echo "profile $f written outside the jail"
			return
		fi
		if ! err=$("$GPROF" -b "$exe" "$dir/run/$f" 2>&1 >/dev/null); then
			echo "gprof cannot read $f: $(echo "$err" | head -1)"
			return
		fi
	done <"$dir/profiles"
	# chroot: glibc's runtime writes in the jail, at exit, as the program
	# would; so must ours
	if [ "$shape" = chroot-setuid ] && [ $n = 0 ]; then
		echo "no profile in the jail$([ -s "$dir/said" ] && echo " ($(head -1 "$dir/said"))")"
		return
	fi
	[ $n -gt 0 ] || [ -s "$dir/said" ] || echo "no profile written, and no word why"
}

# cell SHAPE START CLOCK: run it, compare, say ok or not ok.  Cells run
# side by side (in subshells): what the table needs of each goes to
# results/NAME.result and NAME.why, its line to NAME.line.
declare -A RESULT WHY
cell() {
	local shape=$1 start=$2 clock=$3 name="$1.$2.$3" base dir envs=() prefix=() exe what fault note
	if [ "$clock" = perf ] && [ -n "$perf_missing" ]; then
		echo skip >"results/$name.result"
		return
	fi
	if [ "$shape" = chroot-setuid ] && [ -z "$root" ]; then
		echo "ok runtime.matrix.$name # skip: needs root and the user nobody"
		echo skip >"results/$name.result"
		return
	fi
	case $clock in
	process) envs+=(GMON_CLOCK=process) ;;
	wall) [ "$start" = gprof-run ] && prefix+=(--clock wall) || envs+=(GMON_CLOCK=wall) ;;
	perf) [ "$start" = gprof-run ] && prefix+=(--rate 1000) || envs+=(GMON_RATE=1000) ;;
	esac
	case $start in
	pg-a) exe=$SCRATCH/bin/pg-a/matrix ;;
	pg-so) exe=$SCRATCH/bin/pg-glibc/matrix envs+=(LD_PRELOAD="$LIBGMON_SO") ;;
	glibc) exe=$SCRATCH/bin/pg-glibc/matrix ;;
	gprof-run) exe=$SCRATCH/bin/plain/matrix prefix=("$GPROF_RUN" "${prefix[@]+"${prefix[@]}"}") ;;
	start-all) exe=$SCRATCH/bin/plain/matrix envs+=(LD_PRELOAD="$LIBGMON_SO" GMON_START=all) ;;
	esac
	base=$(run_base "$shape")
	dir=$base/cells/$name
	if [ ${#prefix[@]} -gt 0 ]; then
		run "$dir" "$exe" "$shape" "${envs[@]+"${envs[@]}"}" -- "${prefix[@]}"
	else
		run "$dir" "$exe" "$shape" "${envs[@]+"${envs[@]}"}"
	fi
	what=$(differs "$base/base/$shape" "$dir")
	[ -n "$what" ] || what=$(profiles_read "$dir" "$exe" "$shape")
	note=
	[ -s "$dir/said" ] && note=" # $(head -1 "$dir/said")"
	[ -s "$dir/residues" ] && note+=" # residues at exit: $(sort -u "$dir/residues" | xargs)" &&
		sort -u "$dir/residues" >"results/$name.residues"
	fault=
	[ "$start" = glibc ] || fault=$(known_fault "$name")
	# the table's word for it: the status that changed, else what differed
	case $what in
	status:*) WHY[$name]=$(echo "$what" | sed 's/^status: \([^,;]*\).*/\1/') ;;
	stdout:*\>*) WHY[$name]="output: $(echo "$what" | sed -n 's/^stdout: [^>]*> \([^;]*\).*/\1/p')" ;;
	stdout:*) WHY[$name]="output lost: $(echo "$what" | sed -n 's/^stdout: < \([^;]*\).*/\1/p')" ;;
	*) WHY[$name]=$(echo "$what" | sed 's/^\([a-z]*\)[: ].*/\1/') ;;
	esac
	if [ -z "$what" ]; then
		RESULT[$name]=ok
		[ -n "$fault" ] && note=" # known fault $fault no longer shows: remove its line from matrix/known-failures"
		echo "ok runtime.matrix.$name$note"
	elif [ "$start" = glibc ]; then
		# glibc's column is the floor the table shows, not ours to pass
		RESULT[$name]=fail
		echo "ok runtime.matrix.$name # glibc's runtime differs: $what"
	elif [ -n "$fault" ]; then
		RESULT[$name]="known:$fault"
		echo "ok runtime.matrix.$name # known: fault $fault ($what)"
	else
		RESULT[$name]=fail
		echo "not ok runtime.matrix.$name: $what"
	fi
	# keep only what a failure needs
	if [ "${RESULT[$name]}" = ok ] && [ -z "${MATRIX_KEEP:-}" ]; then
		rm -rf "$dir"
	fi
	echo "${RESULT[$name]}" >"results/$name.result"
	echo "${WHY[$name]}" >"results/$name.why"
}

# ---- the runs, MATRIX_JOBS at a time (default 4: a cell mostly waits,
# for its processes, its pipes and, on a loaded machine, for the CPU):
# the runs without the profiler first (one a shape, which every cell of
# the shape compares with), then the cells, the longest shapes first;
# their lines are printed in the matrix's order.  No cell's outcome
# depends on the others': each runs in directories of its own.
jobs=${MATRIX_JOBS:-4}
case $jobs in '' | *[!0-9]* | 0) echo "t-matrix: MATRIX_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
mkdir results
# side_by_side FUNCTION < LINES: FUNCTION with each line's words, at
# most $jobs at once, each one's stdout to results/LINE.line
side_by_side() {
	local line running=0 words
	while read -r line; do
		[ -n "$line" ] || continue
		if [ $running -ge "$jobs" ]; then
			wait -n
			running=$((running - 1))
		fi
		read -ra words <<<"$line"
		"$1" "${words[@]}" >"results/${line// /.}.line" &
		running=$((running + 1))
	done
	wait
}
mapfile -t CELLS < <(cells)
printf '%s\n' "${CELLS[@]}" | cut -d' ' -f1 | uniq | side_by_side baseline
printf '%s\n' "${CELLS[@]}" | grep -E '^(short-threads|dlopen-loop) ' | side_by_side cell
printf '%s\n' "${CELLS[@]}" | grep -vE '^(short-threads|dlopen-loop) ' | side_by_side cell
for c in "${CELLS[@]}"; do
	name=${c// /.}
	RESULT[$name]=$(cat "results/$name.result" 2>/dev/null)
	# the result is written last: with it, the line (none for a skip)
	if [ "${RESULT[$name]}" = skip ] || { [ -n "${RESULT[$name]}" ] && [ -s "results/$name.line" ]; }; then
		cat "results/$name.line"
		[ -f "results/$name.why" ] && WHY[$name]=$(cat "results/$name.why")
	else
		# (a full disk, say): never a cell that passes unseen
		echo "not ok runtime.matrix.$name: the cell ended without its result"
		RESULT[$name]=fail WHY[$name]="no result"
	fi
done
cat results/*.residues 2>/dev/null >residues.seen
[ -n "$perf_missing" ] && echo "ok runtime.matrix.perf # skip: perf events unavailable ($perf_missing)"

# ---- the table: a row a shape, a column a start; in each, the clocks
# that fail grouped by fault ("every clock" when all that ran do)
table() {
	local shape start clock r col label ran groups=() members=() i found
	printf '| shape |'
	for start in "${STARTS[@]}"; do
		case $start in pg-a) col="-pg + libgmon.a" ;; pg-so) col="-pg + libgmon.so" ;;
		gprof-run) col="gprof-run" ;; start-all) col="GMON_START=all" ;;
		glibc) col="glibc's -pg runtime" ;; esac
		printf ' %s |' "$col"
	done
	printf '\n|---|'
	for start in "${STARTS[@]}"; do printf -- '---|'; done
	printf '\n'
	for shape in "${SHAPES[@]}"; do
		printf '| %s |' "$shape"
		for start in "${STARTS[@]}"; do
			groups=() members=() ran=0
			for clock in "${CLOCKS[@]}" itimer; do
				r=${RESULT[$shape.$start.$clock]:-}
				[ -n "$r" ] || continue
				ran=$((ran + 1))
				case $r in
				ok | skip) continue ;;
				known:*) label="fault ${r#known:}" ;;
				*) label=${WHY[$shape.$start.$clock]} ;;
				esac
				found=
				for i in "${!groups[@]}"; do
					[ "${groups[$i]}" = "$label" ] && members[$i]+=", $clock" && found=1
				done
				[ -n "$found" ] || { groups+=("$label"); members+=("$clock"); }
			done
			if [ $ran = 0 ]; then
				printf ' |'
			elif [ ${#groups[@]} = 0 ]; then
				printf ' holds |'
			else
				printf ' '
				for i in "${!groups[@]}"; do
					[ $i -gt 0 ] && printf '; '
					if [ $ran = 1 ]; then
						printf '%s' "${groups[$i]}"
					elif [ ${#groups[@]} = 1 ] &&
						[ "$(echo "${members[$i]}" | tr -cd , | wc -c)" = $((ran - 1)) ]; then
						printf 'every clock: %s' "${groups[$i]}"
					else
						printf '%s: %s' "${members[$i]}" "${groups[$i]}"
					fi
				done
				printf ' |'
			fi
		done
		printf '\n'
	done
}
# then what the runtime left at exit in the cells that passed
residues() {
	local id
	[ -s residues.seen ] || return 0
	printf '\nLeft at exit (taken out before comparing):'
	for id in $(sort -u residues.seen); do
		printf ' %s' "$id"
	done
	printf ' (tests/runtime/matrix/known-failures says what each is).\n'
}
if [ -n "${MATRIX_TABLE:-}" ]; then
	{ table; residues; } >"$MATRIX_TABLE"
else
	{ table; residues; } | sed 's/^/# /'
fi
