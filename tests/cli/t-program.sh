#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-program.sh: which program gprof reads (gprof/gmon/program.c),
# on process files written by tests/cli/craft_process.py, so that what
# the process file names is known:
#   program.chosen.*     no program named (or "gprof gmon.out"): the one
#                        the process file names, said in one line
#   program.other.*      another program named: refused naming both,
#                        status 1; GPROF_GNU_QUIRKS=other-program reads on
#   program.rebuilt.*    the named or recorded file is not the build that
#                        ran (build-id; without one, where its code ran)
#   program.script.*     a "#!" script is read as its interpreter
#   program.gnu.*        a gmon.out without a process file: GNU's way
. "$(dirname "$0")/../lib.sh"
scratch
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py

mkdir run elsewhere
cp "$FIXTURES/cycle2/prog" "$FIXTURES/cycle2/gmon.out" run/
cp "$FIXTURES/cycle2/gmon.out" plain.out
cp "$FIXTURES/diamond/prog" run/other
cd run || exit 2
read -r main_text main_size < <(text_section prog)
B0=0x555555554000
prog_path=$PWD/prog

# spec [BUILD_ID] [PATH] [SEGMENT_END]: the main program alone
spec() {
	cat <<JSON
{"run_id": "0x1122334455667788",
 "objects": [
  {"number": 0, "flags": 1, "bias": "$B0",
   "segments": [[$((main_text + B0)), ${3:-$((main_text + main_size + B0))}]],
   "build_id": "${1-$(build_id prog)}", "path": "${2:-$prog_path}"}],
 "times": [5000000000, 100000000, 412, 0, 0]}
JSON
}
make_profile() { cp ../plain.out gmon.out; spec "$@" >spec.json; "$craft" spec.json gmon.out; }

# what the named program prints: the reference
make_profile
"$GPROF" -b prog gmon.out >expected.txt 2>expected.err
expect_eq program.reference.quiet "" "$(cat expected.err)"

# ---------------------------------------------------------------- chosen
chosen="gprof: gmon.out: no program named: reading $prog_path, the program its process file names"
"$GPROF" -b >out 2>err
rc=$?
expect_eq program.chosen.none.status 0 "$rc"
expect_eq program.chosen.none.says "$chosen" "$(cat err)"
expect_same program.chosen.none.report expected.txt out
"$GPROF" -b gmon.out >out 2>err
expect_eq program.chosen.profile-first.says "$chosen" "$(cat err)"
expect_same program.chosen.profile-first.report expected.txt out
# from another directory: the recorded path is absolute
(cd ../elsewhere && "$GPROF" -b ../run/gmon.out >../run/out 2>../run/err)
expect_eq program.chosen.elsewhere.says \
	"gprof: ../run/gmon.out: no program named: reading $prog_path, the program its process file names" \
	"$(cat err)"
expect_same program.chosen.elsewhere.report expected.txt out
# an a.out that is not the program does not matter: nobody named it
cp other a.out
"$GPROF" -b >out 2>err
expect_same program.chosen.not-a.out expected.txt out
rm a.out
# named, and right: nothing said
"$GPROF" -b ./prog gmon.out >out 2>err
expect_eq program.named.quiet "" "$(cat err)"

# ---------------------------------------------------------------- other
# (expect_refusal reads the messages without "$SCRATCH/")
expect_refusal program.other.refused "gprof: gmon.out: a profile of run/prog, not of other" \
	"$PWD" -b other gmon.out
GPROF_GNU_QUIRKS=other-program "$GPROF" -b other gmon.out >out 2>err
rc=$?
expect_eq program.other.quirk.status 0 "$rc"
expect_eq program.other.quirk.quiet "" "$(cat err)"
expect_eq program.other.quirk.report "Flat profile:" "$(head -1 out)"
# GNU's whole behaviour (all quirks): what GNU prints, the process file unread
GPROF_GNU_QUIRKS=all expect_as_gnu program.other.quirk-all-is-gnu "$PWD" other gmon.out

# ---------------------------------------------------------------- rebuilt
make_profile 00112233445566778899aabbccddeeff00112233
expect_refusal program.rebuilt.chosen \
	"gprof: run/prog: not the program that wrote gmon.out (its build-id differs: rebuilt since the run?)" \
	"$PWD" -b
expect_refusal program.rebuilt.named \
	"gprof: ./prog: not the build that wrote gmon.out (its build-id differs: rebuilt since the run?)" \
	"$PWD" -b ./prog gmon.out
# without a build-id: where its code ran
make_profile ""
"$GPROF" -b >out 2>err
expect_same program.no-build-id.where-it-ran expected.txt out
make_profile "" "" $((main_text + main_size + B0 + 0x100000))
expect_refusal program.no-build-id.elsewhere \
	"gprof: run/prog: not the program that wrote gmon.out (its code is not where it ran: rebuilt since the run?)" \
	"$PWD" -b
# the recorded program is gone
make_profile "$(build_id prog)" "$PWD/gone"
expect_refusal program.chosen.gone \
	"gprof: gmon.out: its program, run/gone, as its process file names it: No such file or directory (name the program: gprof PROGRAM gmon.out)" \
	"$PWD" -b

# ---------------------------------------------------------------- scripts
make_profile
printf '#!%s -x\nprint("hello")\n' "$prog_path" >direct.py
printf '#!/usr/bin/env -S -u HOME LC_ALL=C prog -u\n' >viaenv.py
printf '#!/usr/bin/env nosuchinterpreter\n' >missing.py
printf '#!%s/other\n' "$PWD" >otherscript.sh
chmod +x direct.py viaenv.py missing.py otherscript.sh
"$GPROF" -b ./direct.py gmon.out >out 2>err
expect_eq program.script.direct.says "gprof: ./direct.py: a script: reading its interpreter, $prog_path" "$(cat err)"
expect_same program.script.direct.report expected.txt out
PATH=$PWD:$PATH "$GPROF" -b ./viaenv.py gmon.out >out 2>err
expect_eq program.script.env.says "gprof: ./viaenv.py: a script: reading its interpreter, $prog_path" "$(cat err)"
expect_same program.script.env.report expected.txt out
expect_refusal program.script.not-on-path \
	"gprof: ./missing.py: its interpreter, nosuchinterpreter (#!/usr/bin/env nosuchinterpreter), is not on PATH" \
	"$PWD" -b ./missing.py gmon.out
(cd "$PWD" && "$GPROF" -b ./otherscript.sh gmon.out) >out 2>err
rc=$?
expect_eq program.script.other.status 1 "$rc"
expect_eq program.script.other.says \
	"gprof: ./otherscript.sh: a script: reading its interpreter, $PWD/other
gprof: gmon.out: a profile of $prog_path, not of $PWD/other (the interpreter of ./otherscript.sh)" "$(cat err)"
# a GNU gmon.out read through a script: its interpreter all the same
cp ../plain.out plain.out
"$GPROF" -b prog plain.out >plain-expected.txt 2>&1
"$GPROF" -b ./direct.py plain.out >out 2>err
expect_same program.script.plain-profile plain-expected.txt out

# ---------------------------------------------------------------- GNU's inputs
# no process file: a.out, whatever else is there, as GNU (with the
# quirks t-compare restores, so that the rest is compared byte for byte)
cp plain.out gmon.out
rm -f .gmon.out.process
expect_refusal program.gnu.no-a.out "gprof: a.out: No such file or directory" "$PWD" -b
cp prog a.out
GPROF_GNU_QUIRKS=index,plt,comp-dir expect_as_gnu program.gnu.a.out "$PWD"
GPROF_GNU_QUIRKS=index,plt,comp-dir expect_as_gnu program.gnu.other "$PWD" other gmon.out
rm a.out

# ---------------------------------------------------------------- a real run
# the issue's case: "gprof-run sh -c ..." profiles the shell (the
# profile is written as it execs the command): whichever program the
# process file names, it is not prog, and both are named
mkdir shell && cd shell || exit 2
cp ../prog .
if "$TOP/run/gprof-run" sh -c 'exec /bin/true' && [ -f .gmon.out.process ]; then
	"$GPROF" -b prog gmon.out >out 2>err
	rc=$?
	if [ $rc -eq 1 ] && [ ! -s out ] &&
		grep -qxE 'gprof: gmon.out: a profile of /[^ ]+/(dash|sh|bash|true), not of prog' err &&
		[ "$(wc -l <err)" -eq 1 ]; then
		pass program.other.real-run
	else
		fail program.other.real-run "status $rc: $(head -2 err | tr '\n' '|')"
	fi
else
	fail program.other.real-run "gprof-run sh -c /bin/true wrote no whole-process profile"
fi
cd .. || exit 2
