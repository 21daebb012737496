#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-names.sh: one rule for names (gprof/symtab/names.c), on a
# library built here whose symbol table has versioned names
# ("vfun@@VERS_2", "vfun@VERS_1") and three names for one function
# (pw weak, __pw64, __libc_pw and glibc-style __GI___libc_pw global), read through a process file
# written by tests/cli/craft_process.py (so every count is known):
#   names.version.*   no "@VERSION" in any view; --json keeps it apart
#   names.alias.*     which alias names an address: perf's order for a
#                     whole-process profile, GNU's for GNU's inputs
#   names.quirk.*     GPROF_GNU_QUIRKS=names: the names as GNU shows them
. "$(dirname "$0")/../lib.sh"
scratch
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py

cat >names.c <<'C'
static volatile unsigned long sink;
int vfun_new(int n) { for (int i = 0; i < n; i++) sink += i; return (int)sink; }
int vfun_old(int n) { for (int i = 0; i < n; i++) sink ^= i; return (int)sink; }
__asm__(".symver vfun_new, vfun@@VERS_2");
__asm__(".symver vfun_old, vfun@VERS_1");
int __libc_pw(int n) { for (int i = 0; i < n; i++) sink -= i; return (int)sink; }
extern int pw(int) __attribute__((weak, alias("__libc_pw")));
extern int __pw64(int) __attribute__((alias("__libc_pw")));
/* glibc's internal alias, exported here so that only its prefix puts it last */
extern int __GI___libc_pw(int) __attribute__((alias("__libc_pw")));
C
cat >vers.map <<'MAP'
VERS_1 { global: vfun; pw; __pw64; __libc_pw; __GI___libc_pw; local: *; };
VERS_2 { global: vfun; } VERS_1;
MAP
if ! cc -O1 -shared -fPIC -Wl,--build-id -Wl,--version-script=vers.map -o libnames.so names.c; then
	fail names.setup "cannot build libnames.so"
	exit 0
fi
cp "$FIXTURES/cycle2/prog" "$FIXTURES/cycle2/gmon.out" .
cp gmon.out gmon.orig

read -r main_text main_size < <(text_section prog)
read -r lib_text lib_size < <(text_section libnames.so)
vnew=$(symbol_address libnames.so vfun_new)
vold=$(symbol_address libnames.so vfun_old)
pw=$(symbol_address libnames.so __libc_pw)
main_fn=$(symbol_address prog main)
B0=0x555555554000
B1=0x7f0000000000

make_profile() {
	cp gmon.orig gmon.out
	cat >spec.json <<JSON
{"run_id": "0x1122334455667788",
 "objects": [
  {"number": 0, "flags": 1, "bias": "$B0", "segments": [[$((main_text + B0)), $((main_text + main_size + B0))]],
   "build_id": "$(build_id prog)", "path": "$PWD/prog"},
  {"number": 1, "flags": 0, "bias": "$B1", "segments": [[$((lib_text + B1)), $((lib_text + lib_size + B1))]],
   "build_id": "$(build_id libnames.so)", "path": "$PWD/libnames.so"}],
 "rate": 100,
 "samples": [[$((vnew + 4 + B1)), 300], [$((vold + 4 + B1)), 100], [$((pw + 4 + B1)), 50]],
 "times": [5000000000, 100000000, 450, 0, 0],
 "stacks": {"entries": [[300, [$((vnew + 4 + B1)), $((main_fn + 8 + B0))], 0, null, 0],
                        [100, [$((vold + 4 + B1)), $((main_fn + 8 + B0))], 0, null, 0],
                        [50, [$((pw + 4 + B1)), $((main_fn + 8 + B0))], 0, null, 0]],
            "threads": [[4242, 1, "names"]]}}
JSON
	"$craft" spec.json gmon.out
}
make_profile

flat_line() { grep -E " $1\$" "$2" | head -1 | awk '{ print $3 }'; }
# no_version NAME FILE: not one versioned name (BFD's "x@plt" is no version)
no_version() {
	if grep -E '@@?VERS_' "$2" >/dev/null; then
		fail "$1" "a versioned name: $(grep -oE '[A-Za-z_]+@@?VERS_[0-9]' "$2" | head -1)"
	else
		pass "$1"
	fi
}

# ---------------------------------------------------------------- text
"$GPROF" -b prog gmon.out >out 2>err
expect_eq names.text.quiet "" "$(cat err)"
no_version names.version.text out
expect_eq names.version.text.default "3.00" "$(flat_line 'vfun \[libnames.so\]' out)"
expect_eq names.version.text.both "3.00 1.00" \
	"$(grep -E ' vfun \[libnames.so\]$' out | head -2 | awk '{ print $3 }' | tr '\n' ' ' | sed 's/ $//')"
expect_eq names.alias.library "0.50" "$(flat_line '__libc_pw \[libnames.so\]' out)"
if grep -qE ' (pw|__pw64|__GI___libc_pw) \[libnames.so\]' out; then
	fail names.alias.one-name "another alias shown: $(grep -oE ' (pw|__pw64|__GI___libc_pw) \[libnames.so\]' out | head -1)"
else
	pass names.alias.one-name
fi
if grep -qE '^\[[0-9]+\] .* __libc_pw \[libnames.so\] \[[0-9]+\]$' out &&
	grep -qE '^\[[0-9]+\] .* vfun \[libnames.so\] \[[0-9]+\]$' out; then
	pass names.version.graph
else
	fail names.version.graph "no call-graph line for vfun or __libc_pw"
fi
if sed -n '/^Index by function name/,$p' out | grep -qE '\[[0-9]+\] __libc_pw \[libnames.so\]'; then
	pass names.version.index
else
	fail names.version.index "__libc_pw not in the index"
fi
"$GPROF" -b --threads -p prog gmon.out >out 2>err
no_version names.version.threads out

# ---------------------------------------------------------------- --json
"$GPROF" --json prog gmon.out >out.json 2>err
no_version names.version.json-names <(python3 -c '
import json, sys
d = json.load(open("out.json"))
for f in d["flat_profile"]["functions"]: print(f["name"], f["demangled"])
for a in d["call_graph"]["arcs"]: print(a["caller_name"], a["callee_name"])' 2>&1)
expect_eq names.version.json-field "vfun VERS_2 3|vfun VERS_1 1|__libc_pw None 0.5|" \
	"$(python3 -c '
import json
d = json.load(open("out.json"))
for f in d["flat_profile"]["functions"]:
    if f.get("object", "").endswith("libnames.so"):
        print(f["name"], f.get("version"), f["self_time"], end="|")' 2>&1)"

# ---------------------------------------------------------------- the other views
# (the two versions of vfun are two functions of one name: one frame
# name, followed by its library's as in the text)
expect_eq names.version.folded "main;__libc_pw [libnames.so] 50|main;vfun [libnames.so] 400|" \
	"$("$GPROF" --folded prog gmon.out 2>&1 | grep -E 'vfun|pw' | sort | tr '\n' '|')"
for format in callgrind dot flame html; do
	"$GPROF" --$format prog gmon.out >out.$format 2>&1
	no_version names.version.$format out.$format
	if grep -q 'vfun' out.$format && grep -q '__libc_pw' out.$format; then
		pass names.version.$format.named
	else
		fail names.version.$format.named "vfun or __libc_pw missing"
	fi
done
if grep -qE '^fn=\([0-9]+\) vfun' out.callgrind || grep -qE '^fn=.*vfun( |$)' out.callgrind; then
	pass names.version.callgrind.fn
else
	fail names.version.callgrind.fn "no fn= line for vfun"
fi
"$GPROF" --diff prog gmon.out gmon.out >out.diff 2>&1
no_version names.version.diff out.diff
if command -v go >/dev/null 2>&1; then
	export HOME=$PWD/home GOCACHE=$PWD/gocache GOPATH=$PWD/gopath GOFLAGS=-mod=mod
	mkdir -p "$HOME"
	"$GPROF" --pprof prog gmon.out >out.pb.gz 2>err
	go tool pprof -top out.pb.gz >out.pprof 2>pprof.err
	no_version names.version.pprof out.pprof
	expect_eq names.version.pprof.named "__libc_pw|vfun|" \
		"$(awk '$NF ~ /^(vfun|__libc_pw|pw|__pw64)$/ { print $NF }' out.pprof | sort -u | tr '\n' '|')"
else
	echo "ok names.version.pprof # skipped: go not installed"
fi

# ---------------------------------------------------------------- quirk
GPROF_GNU_QUIRKS=names "$GPROF" -b -p prog gmon.out >out 2>err
expect_eq names.quirk.default-version "3.00" "$(flat_line 'vfun@@VERS_2 \[libnames.so\]' out)"
expect_eq names.quirk.old-version "1.00" "$(flat_line 'vfun@VERS_1 \[libnames.so\]' out)"
# GNU's rule: weak counts as global, then no leading underscore wins
expect_eq names.quirk.gnu-alias "0.50" "$(flat_line 'pw \[libnames.so\]' out)"

# ---------------------------------------------------------------- the main program
# the aliases fixture: compute and compute_alias at one address.  GNU
# (its gmon.out alone) keeps the first; a whole-process profile takes
# the longer name, as perf does
mkdir aliases
cp "$FIXTURES/aliases/prog" "$FIXTURES/aliases/gmon.out" aliases/
GPROF_GNU_QUIRKS=index,plt,comp-dir expect_as_gnu names.alias.main-gnu-input aliases prog gmon.out
(cd aliases && "$GPROF" -b -p prog gmon.out) >out 2>&1
if grep -qE ' compute$' out && ! grep -qE ' compute_alias$' out; then
	pass names.alias.main-gnu-first
else
	fail names.alias.main-gnu-first "not compute alone in GNU's input"
fi
read -r a_text a_size < <(text_section aliases/prog)
cat >aliases/spec.json <<JSON
{"run_id": "0x99", "objects": [
  {"number": 0, "flags": 1, "bias": "0", "segments": [[$((a_text)), $((a_text + a_size))]],
   "build_id": "$(build_id aliases/prog)", "path": "$PWD/aliases/prog"}]}
JSON
"$craft" aliases/spec.json aliases/gmon.out
(cd aliases && "$GPROF" -b -p prog gmon.out) >out 2>&1
if grep -qE ' compute_alias$' out && ! grep -qE ' compute$' out; then
	pass names.alias.main-whole-process
else
	fail names.alias.main-whole-process "not compute_alias alone: $(grep -E ' compute(_alias)?$' out | head -2 | tr '\n' '|')"
fi
