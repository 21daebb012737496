#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-docs.sh: the documentation says what the programs do.
#
#  docs.man.option.OPT     every option gprof accepts (the short-option
#                          string and the long_options tables of
#                          gprof/gprof.c, the formats of
#                          gprof/report/formats.c) heads an entry (.TP)
#                          of doc/gprof.1
#  docs.man.no-unknown-options  and no entry names an option it lacks
#  docs.man.env.VAR        every variable gprof reads is in ENVIRONMENT
#  docs.manual.env.VAR     every variable libgmon reads is in the manual
#  docs.man.groff.PAGE     groff -ww renders each manual page in doc/ with
#  docs.man.man.PAGE       no warning, and so does man -l
#  docs.manual.HEADING.N   the Nth tested block under a heading of
#                          doc/manual.md runs as shown
#  docs.readme.HEADING.N   the same for README (or README.md), if it holds
#                          any "<!-- test" marker
#
# doc/manual.md marks its examples with HTML comments (invisible when the
# Markdown is rendered), on the line just before a fenced block:
#
#   <!-- test -->               the ```sh block after it is run
#   <!-- test status=N -->      ... and must exit with status N (default 0)
#   <!-- test file=NAME -->     the block after it (any language) is saved
#                               as NAME, for the commands that follow
#   <!-- notest: REASON -->     the ```sh block after it is not run
#   <!-- expect: TEXT -->       (after a test marker, before the block; any
#                               number) TEXT must appear in a line of the
#                               block's output (stdout and stderr)
#
# Every ```sh block must carry test or notest.  Blocks run in order, each
# with "bash -e" in one scratch directory (so files made by one block are
# there for the next), with our gprof and gprof-run first on PATH and LIBGMON set to the
# directory holding libgmon.a and libgmon.so, as the manual tells readers
# to set it.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
MAN1=${MAN1:-$TOP/doc/gprof.1}
MANUAL=${MANUAL:-$TOP/doc/manual.md}
GPROF_C=$TOP/gprof/gprof.c

# --- (a) every option is in the man page --------------------------------

# The tags of the .TP entries in the man page's OPTIONS section (the line
# after .TP, and the lines after it while a line ends in the "\c" that
# joins it to the next), with groff's "\-" as "-" and font escapes
# removed: one line per entry.
tags=$SCRATCH/tags
awk '
	/^\.SH / { options = ($0 ~ /^\.SH "?OPTIONS"?$/) }
	!options { next }
	tp { tag = tag " " $0; if ($0 !~ /\\c$/) { print tag; tp = 0 }; next }
	/^\.TP/ { tp = 1; tag = "" }
' "$MAN1" |
	sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\c//g' -e 's/"//g' -e 's/ \.[A-Z]* / /g' >"$tags"

# The short options: the string literal after getopt_long(argc, argv,
short=$(tr '\n' ' ' <"$GPROF_C" | sed -n 's/.*getopt_long([^"]*"\([^"]*\)".*/\1/p' | tr -d ':')
# The long options: the quoted names in gprof.c's long_options tables
# and in the table of formats (gprof/report/formats.c: --NAME each)
long=$({
	sed -n '/long_options[a-z_]*\[\] = {/,/^};/p' "$GPROF_C"
	sed -n '/report_formats\[\] = {/,/^};/p' "$TOP/gprof/report/formats.c"
} | sed -n 's/^[[:space:]]*{ \(\.name = \)\{0,1\}"\([^"]\{1,\}\)",.*/\2/p')
if [ -z "$short" ] || [ -z "$long" ]; then
	fail docs.man.options-parsed "could not read the options of $GPROF_C"
fi

# the check itself must be able to fail
if grep -qE -- "(^|[ ,])--no-such-option([^A-Za-z0-9-]|$)" "$tags" || ! grep -q . "$tags"; then
	fail docs.man.option-check-works "the .TP tags of doc/gprof.1 were not read"
fi

for ((i = 0; i < ${#short}; i++)); do
	o=${short:i:1}
	# "-o" followed by something that is not part of a longer word
	if grep -qE -- "(^|[ ,])-$o([^A-Za-z0-9-]|$)" "$tags"; then
		pass "docs.man.option.-$o"
	else
		fail "docs.man.option.-$o" "no .TP entry of the OPTIONS of doc/gprof.1 names -$o"
	fi
done
for o in $long; do
	if grep -qE -- "(^|[ ,])--$o([^A-Za-z0-9-]|$)" "$tags"; then
		pass "docs.man.option.--$o"
	else
		fail "docs.man.option.--$o" "no .TP entry of the OPTIONS of doc/gprof.1 names --$o"
	fi
done

# ... and the man page has no entry for an option gprof does not accept
stale=""
for o in $(grep -oE -- "(^|[ ,])--?[A-Za-z][A-Za-z-]*" "$tags" | sed 's/^[ ,]*//' | sort -u); do
	case $o in
	--*) grep -qxF -- "${o#--}" <<<"$long" || stale="$stale $o" ;;
	-?) [[ $short == *"${o#-}"* ]] || stale="$stale $o" ;;
	*) stale="$stale $o" ;;
	esac
done
if [ -z "$stale" ]; then
	pass docs.man.no-unknown-options
else
	fail docs.man.no-unknown-options "doc/gprof.1 documents options gprof does not accept:$stale"
fi

# Every environment variable gprof reads is in the man page's ENVIRONMENT
# section, and every one the runtime reads is in the manual.
envsection=$(sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$MAN1")
for v in $(grep -ho 'getenv("[A-Z_]*")' "$TOP"/gprof/*.c "$TOP"/gprof/*/*.c | sed 's/.*("\(.*\)")/\1/' | sort -u); do
	if grep -q "^\.B $v\$" <<<"$envsection"; then
		pass "docs.man.env.$v"
	else
		fail "docs.man.env.$v" "gprof reads $v; the ENVIRONMENT section of doc/gprof.1 has no entry for it"
	fi
done
for v in $(grep -hoE '(getenv|gmon_env_number)\("[A-Z_]*"' "$TOP"/libgmon/*.c | sed 's/.*("\(.*\)"/\1/' | sort -u); do
	if grep -q "\b$v\b" "$MANUAL" 2>/dev/null; then
		pass "docs.manual.env.$v"
	else
		fail "docs.manual.env.$v" "libgmon reads $v; doc/manual.md does not mention it"
	fi
done

# --- (b) the manual pages render without warnings ----------------------

if ! command -v groff >/dev/null; then
	fail docs.man.groff "groff is not installed (Debian: groff-base)"
fi
for page in "$TOP"/doc/*.[1-9]; do
	[ -f "$page" ] || continue
	name=$(basename "$page")
	command -v groff >/dev/null || continue
	if out=$(groff -ww -man -Tutf8 "$page" 2>&1 >/dev/null) && [ -z "$out" ]; then
		pass "docs.man.groff.$name"
	else
		fail "docs.man.groff.$name" "groff -ww: $(echo "$out" | head -3 | tr '\n' ' ')"
	fi
	if command -v man >/dev/null; then
		if out=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) && [ -z "$out" ]; then
			pass "docs.man.man.$name"
		else
			fail "docs.man.man.$name" "man -l: $(echo "$out" | head -3 | tr '\n' ' ')"
		fi
	fi
done

# --- (c) the commands of the manual run as shown ------------------------

if [ ! -x "$GPROF" ] || [ ! -f "$TOP/libgmon/libgmon.a" ] || [ ! -f "$TOP/libgmon/libgmon.so" ]; then
	fail docs.manual.built "gprof/gprof or libgmon/libgmon.{a,so} not built"
	exit 0
fi
export PATH="$TOP/run:$TOP/gprof:$PATH"
export LIBGMON="$TOP/libgmon"
unset GMON_OUT_PREFIX GMON_RATE GMON_SNAPSHOT_SIGNAL GMON_ARCS GPROF_PATH GPROF_GNU_QUIRKS

# run_blocks FILE PREFIX: run the marked blocks of the Markdown FILE, in
# order, in a scratch directory of their own; tests PREFIX.HEADING.N.
run_blocks() {
	local file=$1 prefix=$2 where=${1#"$TOP"/}
	local dir=$SCRATCH/$prefix
	local unmarked="" ran=0 count k base kind arg line heading name log rc ok text
	local -A seen # blocks run so far under each heading

	# Split FILE into pieces: DIR/blocks/N.{kind,body,expect,line,heading};
	# kind is "run STATUS", "file NAME", "skip", "unmarked" or "prose".
	mkdir -p "$dir/blocks" "$dir/work"
	# the README's commands are written from the top of the source tree
	if [[ $prefix == docs.readme ]]; then
		ln -s "$TOP/gprof" "$dir/work/gprof"
		ln -s "$TOP/libgmon" "$dir/work/libgmon"
		ln -s "$TOP/include" "$dir/work/include"
	fi
	awk -v dir="$dir/blocks" '
		function reset() { mark = ""; nexpect = 0 }
		function set_heading(text) {
			# the heading as a slug: "2. Compiling for profiling"
			# -> "compiling-for-profiling"
			heading = tolower(text); sub(/^#+ +/, "", heading)
			sub(/^[0-9]+\. +/, "", heading)
			gsub(/[^a-z0-9]+/, "-", heading); gsub(/^-|-$/, "", heading)
		}
		BEGIN { n = 0; heading = "top"; reset() }
		!infence && /^<!-- test( status=[0-9]+)? -->$/ {
			mark = "run"; status = 0
			if (match($0, /status=[0-9]+/)) status = substr($0, RSTART + 7, RLENGTH - 7)
			next
		}
		!infence && /^<!-- test file=[^ ]+ -->$/ {
			mark = "file"; fname = $3; sub(/^file=/, "", fname); next
		}
		!infence && /^<!-- notest:.*-->$/ { mark = "skip"; next }
		!infence && /^<!-- expect: .* -->$/ {
			text = $0; sub(/^<!-- expect: /, "", text); sub(/ -->$/, "", text)
			expect[++nexpect] = text; next
		}
		!infence && /^```/ {
			infence = 1; lang = substr($0, 4); n++
			base = dir "/" n
			printf "" > (base ".body")
			if (mark == "run") kind = "run " status
			else if (mark == "file") kind = "file " fname
			else if (mark == "skip") kind = "skip"
			else kind = (lang == "sh") ? "unmarked" : "prose"
			print kind > (base ".kind"); close(base ".kind")
			print NR > (base ".line"); close(base ".line")
			print heading > (base ".heading"); close(base ".heading")
			printf "" > (base ".expect")
			for (i = 1; i <= nexpect; i++) print expect[i] > (base ".expect")
			close(base ".expect")
			reset(); next
		}
		infence && /^```$/ { infence = 0; close(base ".body"); next }
		infence { print > (base ".body"); next }
		/^#+ / { set_heading($0) }
		/^(===+|---+)$/ && previous != "" { set_heading(previous) }   # Setext headings
		{ previous = $0 }
		/^[[:space:]]*$/ { next }
		{ reset() }   # a marker applies only to the block right after it
	' "$file"

	count=$(find "$dir/blocks" -name '*.kind' | wc -l)
	for ((k = 1; k <= count; k++)); do
		base=$dir/blocks/$k
		read -r kind arg <"$base.kind"
		line=$(cat "$base.line")
		case $kind in
		file)
			cp "$base.body" "$dir/work/$arg"
			;;
		unmarked)
			unmarked="$unmarked $line"
			;;
		run)
			ran=$((ran + 1))
			heading=$(cat "$base.heading")
			seen[$heading]=$((${seen[$heading]:-0} + 1))
			name=$prefix.$heading.${seen[$heading]}
			log=$dir/out.$line
			(cd "$dir/work" && timeout 60 bash -e "$base.body") >"$log" 2>&1 </dev/null
			rc=$?
			if [ "$rc" != "$arg" ]; then
				fail "$name" "the block at $where:$line exited with status $rc, expected $arg"
				sed 's/^/#   /' "$log" | tail -15
				continue
			fi
			ok=1
			while IFS= read -r text; do
				if ! grep -qF -- "$text" "$log"; then
					fail "$name" "no output line of the block at $where:$line holds [$text]"
					sed 's/^/#   /' "$log" | tail -15
					ok=0
					break
				fi
			done <"$base.expect"
			[ $ok = 1 ] && pass "$name"
			;;
		esac
	done
	if [ -n "$unmarked" ]; then
		fail "$prefix.every-sh-block-marked" "sh blocks without a test or notest marker at $where lines$unmarked"
	else
		pass "$prefix.every-sh-block-marked"
	fi
	if [ $ran -gt 0 ]; then
		pass "$prefix.has-tested-blocks"
	else
		fail "$prefix.has-tested-blocks" "no <!-- test --> block in $where"
	fi
}

if [ -f "$MANUAL" ]; then
	run_blocks "$MANUAL" docs.manual
else
	fail docs.manual.exists "doc/manual.md is missing"
fi
# The README's commands too: it must mark them the same way.
if [ -f "$TOP/README" ]; then
	run_blocks "$TOP/README" docs.readme
else
	fail docs.readme.exists "README is missing"
fi
