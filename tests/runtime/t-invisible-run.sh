#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/runtime/t-invisible-run.sh: gprof-run on programs and
# installations it cannot profile as they are (issue 37): it says so in
# one line before anything runs, or sets what is needed and says that.
#   run.path.*      the runtime under a path with a space or a colon:
#                   refused (the loader would split LD_PRELOAD there and
#                   load the rest from the current directory); a link
#                   without them in GPROF_RUN_LIBGMON works (fault 9)
#   run.caps.*      a program with file capabilities, run by another user
#                   than root: refused as set-user-ID ones are; root's
#                   run profiled (fault 16)
#   run.go.*        Go programs, pure and cgo: refused with Go's own
#                   profiler as the advice; preloaded by hand, run as
#                   they are with one line from the runtime (fault 22;
#                   only where go is)
#   run.asan.*      a gcc -fsanitize=address program: runs, profiled,
#                   with verify_asan_link_order=0 set and said; the
#                   user's own ASAN_OPTIONS kept (fault 23)
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
RUN=$TOP/run/gprof-run
LIB=$(realpath "$TOP/libgmon/libgmon.so")
cd "$SCRATCH" || exit 2

cat >hello.c <<'C'
#include <stdio.h>
#include <stdlib.h>
static int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += i % 7; return s; }
int main(void) { const char *o = getenv("ASAN_OPTIONS"); printf("%d %s\n", work(1000) > 0, o ? o : "-"); return 0; }
C
cc -O1 -o hello hello.c || { fail run.setup "cannot build hello"; exit 0; }

# ---------------------------------------------------------------- the runtime's path
# an installation under "a b" and "a:b": gprof-run finds the runtime
# beside it (../lib/libgmon.so)
cat >planted.c <<'C'
#include <fcntl.h>
#include <unistd.h>
__attribute__((constructor)) static void planted(void) { close(open("PLANTED", O_CREAT | O_WRONLY, 0644)); }
C
for dir in "a b" "a:b"; do
	name=${dir/ /-space-}
	name=${name/:/-colon-}
	mkdir -p "$SCRATCH/$dir/bin" "$SCRATCH/$dir/lib" "cwd-$name/b/lib"
	cp "$RUN" "$SCRATCH/$dir/bin/gprof-run"
	cp "$LIB" "$SCRATCH/$dir/lib/libgmon.so"
	# what the loader would take from the current directory: the tail
	cc -shared -fPIC -o "cwd-$name/b/lib/libgmon.so" planted.c
	status=0
	(cd "cwd-$name" && env -u GPROF_RUN_LIBGMON "$SCRATCH/$dir/bin/gprof-run" ../hello >out 2>err) || status=$?
	expect_eq "run.path.$name.refused" "2|gprof-run: the runtime's path $SCRATCH/$dir/lib/libgmon.so holds a space or a colon, where the loader splits LD_PRELOAD (it would load the rest from the current directory); install it under a path without them, or set GPROF_RUN_LIBGMON to one (a symbolic link)" \
		"$status|$(cat "cwd-$name/err")"
	expect_eq "run.path.$name.nothing-run" "" "$(ls "cwd-$name" | grep -v '^b$\|^err$\|^out$'; cat "cwd-$name/out")"
done
# the way out: a link without them
ln -s "$SCRATCH/a b/lib/libgmon.so" clean-link.so
mkdir linked
(cd linked && GPROF_RUN_LIBGMON=$SCRATCH/clean-link.so "$SCRATCH/a b/bin/gprof-run" ../hello >out 2>err)
# (the program's first word only: the second is ASAN_OPTIONS as it saw
# it, which make check-sanitize sets, and gprof-run adds to when the
# program was built with ASan: run.asan.* check it)
expect_eq run.path.link-works "0|1||gmon.out" "$?|$(cut -d' ' -f1 linked/out)|$(cat linked/err)|$(ls linked | grep gmon)"

# ---------------------------------------------------------------- file capabilities
caps_tests="refused nothing-run root-profiled"
if [ "$(id -u)" != 0 ] || ! id nobody >/dev/null 2>&1 || ! command -v setpriv >/dev/null ||
	! command -v setcap >/dev/null; then
	for t in $caps_tests; do echo "# run.caps.$t: not run (needs root, user nobody, setpriv and setcap)"; done
else
	caps=$(mktemp -d /tmp/gprof-run-caps.XXXXXX)
	trap 'rm -rf "$SCRATCH" "$caps"' EXIT
	chmod 755 "$caps"
	cp hello "$caps/hello-cap"
	cp "$RUN" "$caps/gprof-run"
	mkdir "$caps/work" && chmod 777 "$caps/work"
	if ! setcap cap_net_raw+ep "$caps/hello-cap" 2>/dev/null; then
		for t in $caps_tests; do echo "# run.caps.$t: not run (setcap failed here)"; done
	else
		status=0
		(cd "$caps/work" && setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups \
			"$caps/gprof-run" "$caps/hello-cap" >out 2>err) || status=$?
		expect_eq run.caps.refused "2|gprof-run: $caps/hello-cap: file capabilities: the loader ignores LD_PRELOAD for it when run by another user than root, so nothing would be recorded; run a copy without them, or build it with -pg" \
			"$status|$(cat "$caps/work/err")"
		expect_eq run.caps.nothing-run "" "$(cat "$caps/work/out"; ls "$caps/work" | grep gmon)"
		# root gains no capability by the exec: the loader preloads
		mkdir "$caps/root"
		(cd "$caps/root" && GPROF_RUN_LIBGMON=$LIB "$caps/gprof-run" "$caps/hello-cap" >out 2>err)
		expect_eq run.caps.root-profiled "0|1||gmon.out" \
			"$?|$(cut -d' ' -f1 "$caps/root/out")|$(cat "$caps/root/err")|$(ls "$caps/root" | grep gmon)"
	fi
fi

# ---------------------------------------------------------------- Go
if ! command -v go >/dev/null; then
	echo "# run.go.*: not run (no go)"
else
	mkdir -p go && cd go || exit 2
	cat >pure.go <<'GO'
package main

import "fmt"

func main() { fmt.Println("pure") }
GO
	cat >cgo.go <<'GO'
package main

// int twice(int x) { return 2 * x; }
import "C"
import "fmt"

func main() { fmt.Println("cgo", int(C.twice(2))) }
GO
	export GOCACHE=$SCRATCH/go/cache GOPATH=$SCRATCH/go/path GO111MODULE=off GOFLAGS= HOME=$SCRATCH/go
	for kind in pure cgo; do
		if ! go build -o "$kind" "$kind.go" 2>build.err; then
			fail "run.go.$kind.build" "$(head -1 build.err)"
			continue
		fi
		status=0
		"$RUN" "./$kind" >out 2>err || status=$?
		expect_eq "run.go.$kind.refused" "2|gprof-run: ./$kind: a Go program: Go's runtime takes the profiling signal and exits without the C library's exit, so nothing would be recorded; profile it with Go's own profiler (runtime/pprof, then go tool pprof)" \
			"$status|$(cat err)"
		expect_eq "run.go.$kind.nothing-run" "" "$(cat out; ls | grep gmon)"
	done
	# preloaded by hand (or GMON_START=all from a parent): the program
	# runs as it would, and the runtime says in one line why no profile
	if [ -x cgo ]; then
		GMON_START=1 LD_PRELOAD=$LIB ./cgo >out 2>err
		expect_eq run.go.preloaded-says-so "0|cgo 4|libgmon: not profiling a Go program: Go's runtime takes SIGPROF and exits without the C library's exit, so no profile could be written; use Go's own profiler (runtime/pprof)|" \
			"$?|$(cat out)|$(cat err)|$(ls | grep gmon)"
	fi
	cd "$SCRATCH" || exit 2
fi

# ---------------------------------------------------------------- AddressSanitizer
if ! cc -fsanitize=address -g -o hello-asan hello.c 2>/dev/null || ! ./hello-asan >/dev/null 2>&1; then
	echo "# run.asan.*: not run (no -fsanitize=address here)"
else
	mkdir asan
	(cd asan && env -u ASAN_OPTIONS "$RUN" ../hello-asan >out 2>err)
	expect_eq run.asan.runs "0|1 verify_asan_link_order=0|gprof-run: ../hello-asan: AddressSanitizer's runtime is loaded after the profiler's: ASAN_OPTIONS=verify_asan_link_order=0 set" \
		"$?|$(cat asan/out)|$(cat asan/err)"
	expect_eq run.asan.profiled "gmon.out" "$(ls asan | grep gmon)"
	mkdir asan-user
	(cd asan-user && ASAN_OPTIONS=detect_leaks=0 "$RUN" ../hello-asan >out 2>/dev/null)
	expect_eq run.asan.user-options-kept "0|1 detect_leaks=0:verify_asan_link_order=0" "$?|$(cat asan-user/out)"
fi
