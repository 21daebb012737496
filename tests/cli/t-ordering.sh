#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/t-ordering.sh: --function-ordering (-r) and --file-ordering MAP
# (-R) against GNU gprof 2.40 on every corpus fixture, and the errors for
# bad maps.  (-r alone is also in tests/corpus/options.)
#
# The maps are made from each fixture's own symbols, the way nm -A prints
# object files: "FILE:ADDRESS TYPE NAME".  In the "interleaved" map no two
# consecutive lines name the same file.  GNU gprof marks only the first
# line of each run of one file and leaves the mark of the other lines
# uninitialized (heap garbage), so a map with longer runs gives GNU output
# that depends on its heap: those maps are checked against the rule itself
# (the first function of a run stands for its file, the others vanish).
#
# Our deliberate deviations (doc/compat.md) are switched off with
# GPROF_GNU_QUIRKS=all so that only ordering is compared.
set -u
. "$(dirname "$0")/../lib.sh"
scratch
export GPROF_GNU_QUIRKS=all

# make_map PROG: an interleaved map of PROG's defined symbols (data too, as
# nm prints them), a "No symbols in" line and a file with data only
make_map() {
	nm --defined-only "$1" |
		awk '$2 ~ /^[tTWDdBb]$/ { print "obj" (n % 4) ".o:" $1 " " $2 " " $3; n++ }
		     NR == 3 { print "No symbols in empty.o" }'
	echo "data.o:0000000000004010 D table"
}

for dir in "$FIXTURES"/*/; do
	name=$(basename "$dir")
	[ -f "$dir/prog" ] || continue
	map=$SCRATCH/$name.map
	make_map "$dir/prog" >"$map"
	expect_as_gnu "ordering.function.$name" "$dir" -r prog gmon.out
	expect_as_gnu "ordering.function.$name.with-z" "$dir" --function-ordering -z prog gmon.out
	expect_as_gnu "ordering.file.$name" "$dir" -R "$map" prog gmon.out
	expect_as_gnu "ordering.file.$name.long" "$dir" "--file-ordering=$map" prog gmon.out
	# the mapped symbols are renamed in every report
	expect_as_gnu "ordering.file.$name.flat" "$dir" -R "$map" -p -z prog gmon.out
	expect_as_gnu "ordering.file.$name.graph" "$dir" -R "$map" -q prog gmon.out
done

# "from/to" symspecs make arcs of their own (count 0) between copies of the
# symbols they name, and GNU places those too, printing the copies' names
for spec in "-k main/" "-qmain/" "-k sum_squares/square" "-q -Qsum_squares/square"; do
	read -ra argv <<<"$spec"
	expect_as_gnu "ordering.function.symspec-arcs.tiny.${spec// /_}" "$FIXTURES/tiny" -r "${argv[@]}" prog gmon.out
done
for spec in "-k step/helper" "-k main/" "-q -Qstep/helper" "-qmain.c:/other.c:"; do
	read -ra argv <<<"$spec"
	expect_as_gnu "ordering.function.symspec-arcs.static_dup.${spec// /_}" "$FIXTURES/static_dup" -r "${argv[@]}" prog gmon.out
done
expect_as_gnu ordering.file.symspec-arcs "$FIXTURES/tiny" -R "$SCRATCH/tiny.map" -k sum_squares/square prog gmon.out
# where those copies' links make a loop GNU prints forever; ours stops
(cd "$FIXTURES/static_dup" && timeout 20 "$GPROF" -b -r -qhelper/ prog gmon.out) >"$SCRATCH/loop.out"
rc=$?
if [ $rc -eq 0 ] && grep -q '^main$' "$SCRATCH/loop.out"; then
	pass ordering.function.symspec-arcs.loop-ends
else
	fail ordering.function.symspec-arcs.loop-ends "exit status $rc (124: still printing after 20 s)"
fi

# A run of two functions of one file: the second vanishes into the first
# (GNU's garbage mark happens to be clear for a map this small).
d=$FIXTURES/two_cycles
printf 'x.o:0 T main\ny.o:0 T red\ny.o:0 T green\n' >"$SCRATCH/run.map"
expect_as_gnu ordering.file.run.flat "$d" -R "$SCRATCH/run.map" -p -z prog gmon.out
expect_as_gnu ordering.file.run.graph "$d" -R "$SCRATCH/run.map" -q prog gmon.out
(cd "$d" && "$GPROF" -b -R "$SCRATCH/run.map" -p -z prog gmon.out) >"$SCRATCH/run.out"
if grep -qw green "$SCRATCH/run.out" || grep -qw red "$SCRATCH/run.out"; then
	fail ordering.file.run.renamed "red or green still in the flat profile"
elif ! grep -q ' y\.o$' "$SCRATCH/run.out" || ! grep -q ' x\.o$' "$SCRATCH/run.out"; then
	fail ordering.file.run.renamed "x.o or y.o missing from the flat profile"
else
	pass ordering.file.run.renamed
fi
# A map as nm -A prints it for main.o and other.o of static_dup, made from
# the line table: two static helper() and step(), one in each file
nm -l --defined-only "$FIXTURES/static_dup/prog" |
	awk '$2 ~ /^[tT]$/ && NF == 4 { n = split($4, p, "/"); f = p[n]; sub(/:.*/, "", f)
	     sub(/\.c$/, ".o", f); print f ":" $1 " " $2 " " $3 }' |
	sort -t: -k1,1 -s >"$SCRATCH/objects.map"
expect_eq ordering.file.objects.map-made 6 "$(grep -c . "$SCRATCH/objects.map")"
expect_as_gnu ordering.file.objects "$FIXTURES/static_dup" -R "$SCRATCH/objects.map" prog gmon.out
expect_as_gnu ordering.file.objects.flat "$FIXTURES/static_dup" -R "$SCRATCH/objects.map" -p prog gmon.out
expect_as_gnu ordering.file.objects.graph "$FIXTURES/static_dup" -R "$SCRATCH/objects.map" -q prog gmon.out
# the same run with many more lines of one file: only the rule is checked
printf 'y.o:0 T red\n' >"$SCRATCH/long.map"
for f in green blue ping pong burn; do printf 'y.o:0 T %s\n' $f; done >>"$SCRATCH/long.map"
(cd "$d" && "$GPROF" -b -R "$SCRATCH/long.map" -p -z prog gmon.out) >"$SCRATCH/long.out"
n=$(grep -cwE 'red|green|blue|ping|pong|burn' "$SCRATCH/long.out")
expect_eq ordering.file.run.long.vanished 0 "$n"
expect_eq ordering.file.run.long.order "y.o" "$(tail -1 "$SCRATCH/long.out")"

# -r and -R exclude each other
(cd "$d" && "$GPROF" -r -R "$SCRATCH/run.map" prog gmon.out) >/dev/null 2>"$SCRATCH/err"
rc=$?
expect_eq ordering.error.both.status 1 "$rc"
expect_eq ordering.error.both.message \
	"gprof: only one of --function-ordering and --file-ordering may be given" \
	"$(sed "s#^$GPROF:#gprof:#" "$SCRATCH/err")"

# bad_map NAME CONTENT EXPECTED: one line on stderr, exit 1, no report
bad_map() {
	printf '%b' "$2" >"$SCRATCH/$1.map"
	expect_refusal "ordering.error.$1" "$3" "$d" -b -R "$SCRATCH/$1.map" prog gmon.out
}
# (in a subdirectory: expect_refusal leaves "$SCRATCH/" out, the rest of
# the path must be in the message)
expect_refusal ordering.error.unreadable \
	"gprof: missing/file.map: cannot open the file-ordering map: No such file or directory" \
	"$d" -b -R "$SCRATCH/missing/file.map" prog gmon.out
bad_map empty '' \
	'gprof: empty.map: the file-ordering map names no functions'
bad_map no-colon 'a.o:0 T main\nmain\n' \
	"gprof: no-colon.map:2: expected 'FILE:ADDRESS TYPE NAME' (nm -A output)"
bad_map no-space 'a.o:main\n' \
	"gprof: no-space.map:1: expected 'FILE:ADDRESS TYPE NAME' (nm -A output)"
bad_map no-file ':0 T main\n' \
	'gprof: no-file.map:1: a map line must start with an object file name'
bad_map blank-first '\na.o:0 T main\n' \
	'gprof: blank-first.map:1: a map line must start with an object file name'
bad_map only-no-symbols 'No symbols in a.o\n' \
	'gprof: only-no-symbols.map: the file-ordering map names no functions'
expect_refusal ordering.error.directory \
	"gprof: $SCRATCH: read error: Is a directory" "$d" -b -R "$SCRATCH" prog gmon.out
long=$(printf 'x%.0s' $(seq 1100))
bad_map long-name "$long.o:0 T main\n" \
	'gprof: long-name.map:1: object file name longer than 1023 characters'
