#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/t-options.sh: the command line.  Every option GNU gprof 2.40
# accepts (its getopt string and long options) is accepted by ours with the
# same exit status, and gives the same report where the report is one both
# print; unknown options and malformed arguments give one clear line, the
# usage, and exit 1; @FILE response files, abbreviated long options and
# -d behave as in GNU.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$TOP/tests/lib.sh"
scratch
export GPROF_GNU_QUIRKS=all
fixture=$TOP/tests/corpus/fixtures/cycle_children
# work in a copy: -s writes gmon.sum, -y writes *-ann files
cp "$fixture/prog" "$fixture/gmon.out" "$SCRATCH/"
cd "$SCRATCH" || exit 2

# normalize FILE: each program's name at the start of a line becomes gprof
normalize() {
	sed -i -e "s#^$GNU_GPROF:#gprof:#" -e "s#^$GPROF:#gprof:#" \
		-e "s#^Usage: $GNU_GPROF #Usage: gprof #" -e "s#^Usage: $GPROF #Usage: gprof #" "$1"
}

# run WHO ARGS...: run GNU's or our gprof, output in WHO.out, WHO.err, WHO.rc
run() {
	local who=$1 program
	shift
	if [ "$who" = gnu ]; then program=$GNU_GPROF; else program=$GPROF; fi
	rm -f gmon.sum
	"$program" "$@" >"$who.out" 2>"$who.err"
	echo $? >"$who.rc"
	normalize "$who.err"
}

# run_both NAME ARGS...: run GNU's gprof and ours; false, and "not ok
# NAME", when their exit statuses differ
run_both() {
	local name=$1
	shift
	run gnu "$@"
	run ours "$@"
	cmp -s gnu.rc ours.rc && return 0
	fail "$name" "exit status $(cat ours.rc), GNU's $(cat gnu.rc): $(head -1 ours.err)"
	return 1
}

# same NAME ARGS...: GNU and ours give the same stdout, stderr and status
same() {
	run_both "$@" || return 0
	if ! cmp -s gnu.err ours.err; then
		fail "$1" "stderr differs: $(head -1 ours.err)"
	else
		expect_same "$1" gnu.out ours.out
	fi
}

# accepted NAME ARGS...: same exit status as GNU and no complaint about
# the options (for options whose output is ours by design)
accepted() {
	run_both "$@" || return 0
	if grep -qE 'invalid option|unrecognized option|Usage:' ours.err; then
		fail "$1" "$(head -1 ours.err)"
	else
		pass "$1"
	fi
}

# ---------------------------------------------------------------- accepted
# Every short option of GNU's getopt string
# "aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::"
# with an argument where it takes one, each on the fixture's profile.
nm prog >syms.nm
# (no two consecutive lines of one file: see t-ordering.sh)
nm --defined-only prog | awk '$2 ~ /^[tT]$/ { print "o" (n++ % 3) ".o:" $1 " " $2 " " $3 }' >map
while IFS='|' read -r name args; do
	read -ra argv <<<"$args"
	same "options.same.$name" -b "${argv[@]}" prog gmon.out
done <<'EOF'
a|-a
A|-A
Aname|-Aemit
b|-b
B|-B
c|-c
C|-C
Cname|-Cemit
D|-D
e|-e emit
E|-E emit
f|-f emit
F|-F emit
i|-i
I|-I /tmp
J|-J
Jname|-Jemit
k|-k main/emit
l|-l
L|-L
m|-m 2
n|-n emit
N|-N emit
O|-O magic
p|-p
pname|-pemit
P|-P
Pname|-Pemit
q|-q
qname|-qemit
Q|-Q
Qname|-Qemit
r|-r
R|-R map
S|-S syms.nm
t|-t 3 -A
T|-T
w|-w 100
x|-x -A
z|-z
Z|-Z
Zname|-Zemit
EOF
# the same through the long options
while IFS='|' read -r name args; do
	read -ra argv <<<"$args"
	same "options.same.long.$name" -b "${argv[@]}" prog gmon.out
done <<'EOF'
line|--line
no-static|--no-static
ignore-non-functions|--ignore-non-functions
external-symbol-table|--external-symbol-table=syms.nm
external-symbol-table.separate|--external-symbol-table syms.nm
annotated-source|--annotated-source
annotated-source.name|--annotated-source=emit
no-annotated-source|--no-annotated-source
no-annotated-source.name|--no-annotated-source=emit
flat-profile|--flat-profile
flat-profile.name|--flat-profile=emit
no-flat-profile|--no-flat-profile
no-flat-profile.name|--no-flat-profile=emit
graph|--graph
graph.name|--graph=emit
no-graph|--no-graph
no-graph.name|--no-graph=emit
exec-counts|--exec-counts
exec-counts.name|--exec-counts=emit
no-exec-counts|--no-exec-counts
no-exec-counts.name|--no-exec-counts=emit
function-ordering|--function-ordering
file-ordering|--file-ordering=map
file-info|--file-info
all-lines|--all-lines -A
demangle|--demangle
demangle.style|--demangle=gnu-v3
no-demangle|--no-demangle
directory-path|--directory-path=/tmp
display-unused-functions|--display-unused-functions
inline-file-names|--inline-file-names
min-count|--min-count=3
print-path|--print-path
separate-files|--separate-files
static-call-graph|--static-call-graph
table-length|--table-length=2 -A
time|--time=emit
no-time|--no-time=emit
width|--width=90
brief|--brief
file-format|--file-format=auto
traditional|--traditional
nameless-e|--=emit
abbreviated|--brie --flat=emit --no-g
EOF
# options whose output is ours by design: only acceptance is compared
accepted options.accepted.h -h
accepted options.accepted.help --help
accepted options.accepted.v -v
accepted options.accepted.version --version
accepted options.accepted.s -s prog gmon.out
accepted options.accepted.sum --sum prog gmon.out
accepted options.accepted.y -y -A prog gmon.out
accepted options.accepted.d -d prog gmon.out
accepted options.accepted.debug --debug=2 prog gmon.out
if [ -f gmon.sum ] || run ours -s prog gmon.out && [ -f gmon.sum ]; then
	pass options.accepted.s.writes-sum
else
	fail options.accepted.s.writes-sum "no gmon.sum written"
fi

# ---------------------------------------------------------------- -d
# /usr/bin/gprof has debugging traces built in; ours says, as GNU without
# them does, that -d is ignored, and prints the usual report after that.
run ours -b prog gmon.out
cp ours.out plain.out
for d in -d -d5 --debug --debug=3; do
	run ours -b "$d" prog gmon.out
	expect_eq "options.debug.$d.notice" "gprof: debugging not supported; -d ignored" \
		"$(head -1 ours.out | sed "s#^$GPROF:#gprof:#")"
	tail -n +2 ours.out >rest.out
	expect_same "options.debug.$d.report" plain.out rest.out
done

# ---------------------------------------------------------------- errors
# error NAME EXPECTED_FIRST_LINE ARGS...: exit 1, that first line on
# stderr, the usage after it, nothing on stdout
error() {
	local name=$1 expected=$2
	shift 2
	run ours "$@"
	if [ "$(cat ours.rc)" != 1 ]; then
		fail "$name" "exit status $(cat ours.rc), not 1"
	elif [ -s ours.out ]; then
		fail "$name" "printed on stdout"
	elif [ "$(head -1 ours.err)" != "$expected" ]; then
		fail "$name" "first line [$(head -1 ours.err)], expected [$expected]"
	elif ! sed -n 2p ours.err | grep -q '^Usage: gprof '; then
		fail "$name" "no usage after the message"
	else
		pass "$name"
	fi
}
error options.error.unknown-short "gprof: invalid option -- 'j'" -j prog gmon.out
error options.error.unknown-long "gprof: unrecognized option '--nosuch'" --nosuch prog gmon.out
error options.error.ambiguous-long "gprof: option '--file' is ambiguous; possibilities: '--file-ordering' '--file-info' '--file-format'" --file prog gmon.out
error options.error.missing-short "gprof: option requires an argument -- 'w'" -w
error options.error.missing-long "gprof: option '--width' requires an argument" --width
error options.error.extra-argument "gprof: option '--function-ordering' doesn't allow an argument" --function-ordering=3 prog gmon.out
error options.error.width-letters "gprof: -w: invalid number 'abc'" -w abc prog gmon.out
error options.error.width-zero "gprof: -w: invalid number '0'" -w 0 prog gmon.out
error options.error.width-trailing "gprof: -w: invalid number '80x'" --width=80x prog gmon.out
error options.error.min-count-negative "gprof: -m: invalid number '-3'" -m -3 prog gmon.out
error options.error.min-count-letters "gprof: -m: invalid number 'many'" --min-count=many prog gmon.out
error options.error.table-length "gprof: -t: invalid number 'x'" -t x prog gmon.out
error options.error.huge-number "gprof: -w: invalid number '99999999999999999999'" -w 99999999999999999999 prog gmon.out
error options.error.debug-level "gprof: -d: invalid number 'x'" -dx prog gmon.out
error options.error.file-format "gprof: unknown file format 'xyz' (auto, bsd, 4.4bsd, magic or prof)" -O xyz prog gmon.out
error options.error.demangle-style "gprof: unknown demangling style 'nosuch'" --demangle=nosuch prog gmon.out
error options.error.node-threshold "gprof: --node-threshold: invalid percentage '200' (0 to 100)" --node-threshold=200 prog gmon.out

# GNU exits 1 on these too; the same status, our own one-line message
run ours -r -R map prog gmon.out
expect_eq options.error.both-orderings \
	"1 gprof: only one of --function-ordering and --file-ordering may be given" \
	"$(cat ours.rc) $(cat ours.err)"
same options.error.unknown-short.status-as-gnu -b -j prog gmon.out
sed -n 1p gnu.err >gnu.first
sed -n 1p ours.err >ours.first
expect_same options.error.unknown-short.message-as-gnu gnu.first ours.first

# ---------------------------------------------------------------- @FILE
# response files (libiberty's expandargv, as in GNU): options, quoting,
# nesting, and a missing file taken as a plain argument
printf -- '-b\n-p\n' >flat.rsp
same options.response.simple @flat.rsp prog gmon.out
printf -- "-b '-Qemit' \"-w\" 100\n@flat.rsp\n" >nested.rsp
same options.response.nested-and-quoted @nested.rsp prog gmon.out
printf -- '-b -q prog gmon.out\n' >all.rsp
same options.response.operands @all.rsp
# not a file: "@nosuch.rsp" stays an argument, here the executable's name
run gnu -b @nosuch.rsp gmon.out
run ours -b @nosuch.rsp gmon.out
if [ "$(cat gnu.rc)" = 1 ] && [ "$(cat ours.rc)" = 1 ] && [ "$(wc -l <ours.err)" = 1 ] &&
	grep -q '@nosuch.rsp: No such file or directory' ours.err; then
	pass options.response.missing
else
	fail options.response.missing "exit $(cat ours.rc) (GNU's $(cat gnu.rc)): $(head -1 ours.err)"
fi
printf -- '-b -w abc\n' >bad.rsp
error options.response.bad-argument "gprof: -w: invalid number 'abc'" @bad.rsp prog gmon.out

# ---------------------------------------------------------------- symspecs
# Specifications only a program built here can show: a source file whose
# name has no dot ("FILE:" names it) and a GNU C nested function, whose
# symbol has a dot (":NAME" names it; "NAME" alone would be a file name).
mkdir odd && cd odd || exit 2
cat >oddsrc <<'SRC'
static volatile unsigned long sink;
static void spin(int n) { for (volatile int i = 0; i < n; i++) sink += i; }
int outer(int n)
{
	int inner(int k) { spin(k); return k + 1; }
	int t = 0;
	for (int i = 0; i < n; i++)
		t += inner(20000);
	return t;
}
int main(void) { spin(100000); return outer(3000) == 0; }
SRC
if gcc -pg -g -O0 -x c -o prog oddsrc 2>/dev/null && ./prog && [ -f gmon.out ]; then
	for spec in -poddsrc: -Poddsrc: -qoddsrc: -Qoddsrc: -poddsrc -p:inner.0 -q:inner.0 \
		-Q:inner.0 -pinner.0 "-k outer/:inner.0" "-k oddsrc:/oddsrc:" -poddsrc:5 -p5 \
		"-n oddsrc:" "-N :inner.0"; do
		read -ra argv <<<"$spec"
		same "options.symspec.${spec// /_}" -b "${argv[@]}" prog gmon.out
	done
	# the nested function alone: its own line, nothing else
	run ours -b -p:inner.0 prog gmon.out
	expect_eq options.symspec.nested-only "inner.0" \
		"$(awk '$1 ~ /^[0-9.]+$/ && NF >= 4 { print $NF }' ours.out)"
else
	fail options.symspec.build "cannot build and run a -pg program with gcc"
fi
cd .. || exit 2

# Symspecs with -l: line symbols carry their function's name, file and
# line.  (Here rather than in the corpus option sets, which the JSON and
# DOT suites also read, and whose -l labels are not written yet.)
mkdir lines && cp "$TOP/tests/corpus/fixtures/debug_g/prog" "$TOP/tests/corpus/fixtures/debug_g/gmon.out" lines/ &&
	cd lines || exit 2
for spec in -pevaluate -plines.c:20 -p20 -Plines.c:21 -qevaluate -Qpolynomial \
	"-k main/evaluate" "-e polynomial" "-F evaluate" "-n evaluate" "-N polynomial" -r \
	"-plines.c -z"; do
	read -ra argv <<<"$spec"
	same "options.symspec.line.${spec// /_}" -b -l "${argv[@]}" prog gmon.out
done
cd .. || exit 2

# -d with --json: the notice goes to stderr, the document stays valid
run ours -d --json prog gmon.out
if python3 -c 'import json, sys; json.load(open(sys.argv[1]))' ours.out 2>/dev/null &&
	grep -q 'debugging not supported; -d ignored' ours.err; then
	pass options.debug.json
else
	fail options.debug.json "not a JSON document, or no notice on stderr"
fi

# --help names every long option gprof accepts (the tables in gprof.c
# and the formats' in report/formats.c), and where the manual is
"$GPROF" --help >help.out 2>help.err
long_options() {
	sed -n 's/^\t{ \(\.name = \)\{0,1\}"\([a-z][a-z-]*\)",.*/\2/p' "$TOP/gprof/gprof.c" "$TOP/gprof/report/formats.c"
}
missing=
while read -r option; do
	grep -q -- "--$option\b\|--\[no-\]${option#no-}\b" help.out || missing="$missing --$option"
done < <(long_options)
if [ "$(long_options | wc -l)" -lt 40 ] || ! long_options | grep -qx pprof; then
	fail options.help.every-long-option "could not read the long options of gprof.c"
elif [ -n "$missing" ]; then
	fail options.help.every-long-option "--help does not name$missing"
else
	pass options.help.every-long-option
fi
if grep -q 'The manual: gprof(1), and in /.*/share/doc/gprof-libgmon' help.out; then
	pass options.help.manual
else
	fail options.help.manual "no line saying where the manual is"
fi
