#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-exec.sh: libgmon's exec functions against glibc's, the oracle (the
# same program built without -pg), for every member of the family:
#   runtime.exec-family.FORM.CASE   the same output (what ran, with how
#                                   many arguments and which environment),
#                                   the same exit status and errno
#   runtime.exec-family.FORM.CASE.writes  how many times the profile was
#                                   written (counted with progs/dirwatch.c):
#                                   once before an exec that replaces the
#                                   image; at most once per call that fails,
#                                   plus the write at exit
# FORM is execve, execv, execvp, execvpe, execl, execle or execlp; the
# cases are a script without "#!" named with a slash and found on PATH
# (glibc's p-forms run it with /bin/sh; the others fail with ENOEXEC),
# 1000 arguments through that fallback (300 for the list forms), a
# 10-entry PATH without the file, a 10-entry PATH where each entry has an
# executable whose "#!" names a missing interpreter, a file without
# execute permission, an empty name, no PATH at all, a missing file
# named with a slash, and a name longer than NAME_MAX.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.exec-family
runtime_scratch
cd "$SCRATCH" || exit 2

echo "#define ARGS300 $(seq 300 | sed 's/.*/"a&"/' | paste -sd,)" >args300.h
cat >execfam.c <<'C'
/* usage: execfam FORM FILE NARGS: call the exec function FORM on FILE
 * with NARGS arguments after argv[0] (the list forms: 0 or 300) */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args300.h"

static volatile long sink;
__attribute__((noinline)) void work(int i) { sink += i; }

int main(int argc, char **argv)
{
	if (argc != 4)
		return 2;
	const char *form = argv[1], *file = argv[2];
	int nargs = atoi(argv[3]);
	char **args = calloc((size_t)nargs + 2, sizeof *args);
	char *env[] = { "EXECFAM_VAR=set", NULL };

	for (int i = 0; i < 100; i++)
		work(i);
	args[0] = "name0";
	for (int i = 1; i <= nargs; i++)
		args[i] = "a";
	if (strcmp(form, "execve") == 0)
		execve(file, args, env);
	else if (strcmp(form, "execv") == 0)
		execv(file, args);
	else if (strcmp(form, "execvp") == 0)
		execvp(file, args);
	else if (strcmp(form, "execvpe") == 0)
		execvpe(file, args, env);
	else if (strcmp(form, "execl") == 0)
		nargs ? execl(file, "name0", ARGS300, (char *)0) : execl(file, "name0", (char *)0);
	else if (strcmp(form, "execle") == 0)
		nargs ? execle(file, "name0", ARGS300, (char *)0, env) : execle(file, "name0", (char *)0, env);
	else if (strcmp(form, "execlp") == 0)
		nargs ? execlp(file, "name0", ARGS300, (char *)0) : execlp(file, "name0", (char *)0);
	printf("failed: %s\n", strerrorname_np(errno));
	return 100;
}
C
if ! build_ours execfam execfam.c 2>build.err || ! $RT_CC -O1 -o execfam-glibc execfam.c 2>>build.err ||
	! $RT_CC -O1 -Wall -Werror -o dirwatch "$PROGS/dirwatch.c" 2>>build.err; then
	fail runtime.exec-family.build "$(head -3 build.err | xargs)"
	exit 0
fi

# The files the programs exec
mkdir bin noexec-bin
for d in $(seq 10); do mkdir "empty$d" "broken$d"; done
printf 'echo "script args=$# last=${3-none} env=${EXECFAM_VAR-unset}"\n' >bin/noshebang
printf '#!/nonexistent/interpreter\n' >broken1/brokenbang
for d in $(seq 2 10); do cp broken1/brokenbang "broken$d/"; done
printf 'echo never\n' >noexec-bin/noexec
chmod 755 bin/noshebang broken*/brokenbang
chmod 644 noexec-bin/noexec
cp bin/noshebang .
cp bin/noshebang bin/onlyinpath
empty10=$(for d in $(seq 10); do printf '%s:' "$SCRATCH/empty$d"; done)
broken10=$(for d in $(seq 10); do printf '%s:' "$SCRATCH/broken$d"; done)

# run RUNTIME FORM FILE NARGS PATH|-: output and status in one line, the
# profile writes counted in writes.count
run() {
	local rt=$1 form=$2 file=$3 nargs=$4 path=$5 exe=$SCRATCH/execfam out status=0
	[ "$rt" = glibc ] && exe=$SCRATCH/execfam-glibc
	rm -f gmon.out
	if [ "$path" = - ]; then
		out=$(env -u PATH "$SCRATCH/dirwatch" "$SCRATCH/watch.log" . "$exe" "$form" "$file" "$nargs" 2>&1) || status=$?
	else
		out=$(PATH=$path "$SCRATCH/dirwatch" "$SCRATCH/watch.log" . "$exe" "$form" "$file" "$nargs" 2>&1) || status=$?
	fi
	grep -c '^create gmon.out$\|^moved-to gmon.out$' "$SCRATCH/watch.log" >writes.count
	echo "$out status=$status" | xargs
}

# check FORM CASE FILE NARGS PATH WRITES [THIRD-ARG ENV]
check() {
	local form=$1 case=$2 ours glibc
	glibc=$(run glibc "$form" "$3" "$4" "$5")
	ours=$(run ours "$form" "$3" "$4" "$5")
	expect_eq "runtime.exec-family.$form.$case" "$glibc" "$ours"
	expect_eq "runtime.exec-family.$form.$case.writes" "$6" "$(cat writes.count)"
	# the suite's premises, from glibc's own behaviour
	case $case in
	many-args) expect_eq "runtime.exec-family.$form.$case.oracle" "script args=$4 last=$7 env=$8 status=0" "$glibc" ;;
	esac
}

PATH_BIN=$SCRATCH/bin:/usr/bin:/bin
LONG_NAME=$(printf 'x%.0s' $(seq 300)) # longer than NAME_MAX
for form in execve execv execl execle execvp execvpe execlp; do
	case $form in
	execve | execle | execvpe) env=set ;;
	*) env=unset ;;
	esac
	case $form in
	execl*) many=300 third=a3 ;;
	*) many=1000 third=a ;;
	esac
	case $form in
	*p*)
		check $form slash-script ./noshebang 2 "$PATH_BIN" 1
		check $form path-script onlyinpath 2 "$PATH_BIN" 1
		check $form many-args noshebang $many "$PATH_BIN" 1 $third $env
		check $form broken-path brokenbang 0 "$broken10" 2
		check $form no-path true 0 - 1
		;;
	*)
		check $form slash-script ./noshebang 2 "$PATH_BIN" 2
		check $form path-script onlyinpath 2 "$PATH_BIN" 1
		check $form broken-path ./broken1/brokenbang 0 "$broken10" 2
		check $form direct /bin/true 0 "$PATH_BIN" 1
		;;
	esac
	check $form missing-path no-such-program 0 "$empty10" 1
	check $form not-executable noexec 0 "$SCRATCH/empty1:$SCRATCH/noexec-bin" 1
	check $form empty-name "" 0 "$PATH_BIN" 1
	check $form missing-slash ./no-such-program 0 "$PATH_BIN" 1
	check $form long-name "$LONG_NAME" 0 "$PATH_BIN" 1
done
