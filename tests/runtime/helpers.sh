# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/helpers.sh: shared by the runtime suites (sourced after
# tests/lib.sh).  Builds test programs against our runtime or glibc's and
# reads profiles back with GNU gprof, the oracle.

LIBGMON_A=$TOP/libgmon/libgmon.a
LIBGMON_SO=$TOP/libgmon/libgmon.so
PROGS=$TOP/tests/runtime/progs
RT_CC=${RT_CC:-gcc}

# runtime_scratch: set SCRATCH to a fresh directory under $OUT, removed
# when the suite exits (lib.sh's scratch sets its trap in the command
# substitution's subshell, which removes the directory at once).
runtime_scratch() {
	SCRATCH=$(mktemp -d "$OUT/runtime.XXXXXX") || exit 2
	# shellcheck disable=SC2064
	trap "rm -rf '$SCRATCH'" EXIT
}

# need_runtime: fail the whole suite early if libgmon is not built
need_runtime() {
	if [ ! -f "$LIBGMON_A" ] || [ ! -f "$LIBGMON_SO" ]; then
		fail "$1" "libgmon is not built (run make libgmon)"
		exit 0
	fi
}

# build_ours OUT SRC [FLAGS...]: compile with -pg against libgmon.a (the
# source may include tests/progs.h as "progs.h")
build_ours() {
	local out=$1 src=$2
	shift 2
	$RT_CC -pg -O1 -fno-inline -I"$TOP/tests" "$@" -o "$out" "$src" "$LIBGMON_A" -pthread
}

# build_glibc OUT SRC [FLAGS...]: compile with -pg against glibc's gmon
build_glibc() {
	local out=$1 src=$2
	shift 2
	$RT_CC -pg -O1 -fno-inline -I"$TOP/tests" "$@" -o "$out" "$src" -pthread
}

# wait_ready FILE [TRIES [PAUSE]]: wait until the program writing FILE
# has said "ready" (say_ready in tests/progs.h), checking TRIES times
# (100) every PAUSE seconds (0.05); false if it never did
wait_ready() {
	for _ in $(seq "${2:-100}"); do
		grep -q ready "$1" && return 0
		sleep "${3:-0.05}"
	done
	return 1
}

# start_waiting DIR EXE [ARGS]: run EXE in DIR, its stdin a FIFO held on
# descriptor 3, its output in $SCRATCH/wait.out and wait.err; returns when
# it said "ready".  PID is its pid.
start_waiting() {
	local dir=$1
	shift
	rm -f "$SCRATCH/fifo" "$SCRATCH/wait.out"
	mkfifo "$SCRATCH/fifo"
	(cd "$dir" && exec "$@") <"$SCRATCH/fifo" >"$SCRATCH/wait.out" 2>"$SCRATCH/wait.err" &
	PID=$!
	exec 3>"$SCRATCH/fifo"
	wait_ready "$SCRATCH/wait.out" 200
}

# finish_waiting: let it read to the end of its stdin and exit; STATUS is
# its exit status
finish_waiting() {
	echo >&3
	exec 3>&-
	STATUS=0
	wait "$PID" || STATUS=$?
}

# gmon_dump FILE: our decoder's view of a gmon.out (see progs/gmon-dump.c)
gmon_dump() {
	"$SCRATCH/gmon-dump" "$1"
}

# build_tools: compile the helper programs into $SCRATCH
build_tools() {
	$RT_CC -O1 -Wall -Werror -I"$TOP/include" -o "$SCRATCH/gmon-dump" "$PROGS/gmon-dump.c"
}

# call_arcs EXE GMON: "caller callee count" for every arc of GNU gprof's
# call graph, sorted; times and index numbers (which depend on sampling)
# are dropped.  Each entry's parent lines name its callers.
call_arcs() {
	"$GNU_GPROF" -b -q "$1" "$2" | awk '
		/^-+$/ { n = 0; next }
		/^\[[0-9]+\]/ {
			line = $0
			gsub(/ *<cycle [0-9]+( as a whole)?>/, "", line)
			gsub(/ *\[[0-9]+\]/, "", line)
			split(line, f, " ")
			callee = f[length(f)]
			for (i = 1; i <= n; i++)
				print parent[i], callee, count[i]
			n = 0
			next
		}
		/^ / {
			line = $0
			gsub(/ *<cycle [0-9]+( as a whole)?>/, "", line)
			gsub(/ *\[[0-9]+\]/, "", line)
			k = split(line, f, " ")
			if (k < 2) next          # <spontaneous>
			c = f[k - 1]; sub(/\/.*/, "", c)
			n++; parent[n] = f[k]; count[n] = c
		}' | sort
}

# flat_calls EXE GMON: "function calls" from GNU gprof's flat profile
flat_calls() {
	"$GNU_GPROF" -b -p "$1" "$2" | awk 'NF == 7 && $4 ~ /^[0-9]+$/ { print $7, $4 }' | sort
}

# calls_of EXE GMON FUNCTION: FUNCTION's calls in GNU gprof's flat
# profile, or "none"
calls_of() {
	local n
	n=$(flat_calls "$1" "$2" | awk -v f="$3" '$1 == f { print $2 }')
	echo "${n:-none}"
}

# bin_width GMON: the bytes each histogram bin covers, (high - low) /
# bins when that is exact and the bins are aligned to it, else "inexact"
bin_width() {
	local h low high bins
	h=$(gmon_dump "$1" | grep '^hist')
	read -r _ low high bins _ <<<"$h"
	if [ -z "$h" ] || [ $(((high - low) % bins)) != 0 ] ||
		[ $((low % ((high - low) / bins))) != 0 ]; then
		echo inexact
	else
		echo $(((high - low) / bins))
	fi
}

# gprof_reads NAME EXE GMON: GNU gprof exits 0 and says nothing on stderr
gprof_reads() {
	local err
	if ! err=$("$GNU_GPROF" -b "$2" "$3" 2>&1 >/dev/null); then
		fail "$1" "GNU gprof failed on $3: $err"
	elif [ -n "$err" ]; then
		fail "$1" "GNU gprof complained about $3: $err"
	else
		pass "$1"
	fi
}
