#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-format.sh: every C file of the tree laid out as
# .clang-format says (build-aux/format-check, make format-check), and the
# check itself able to fail: a file laid out otherwise is counted.
. "$(dirname "$0")/../lib.sh"
if ! command -v clang-format >/dev/null; then
	fail format.clang-format "clang-format is missing (Debian: clang-format)"
	exit 0
fi
d="$OUT/format"
mkdir -p "$d"
# a file in the tree's style but for one line: counted, status 1
printf 'int f(int x)\n{\n\tif (x) return 1;\n\treturn 0;\n}\n' >"$d/bad.c"
out=$("$TOP/build-aux/format-check" "$d/bad.c")
expect_eq format.counts-a-bad-line "1 $d/bad.c: 1 lines" "$? $(echo "$out" | head -1)"
printf 'int f(int x)\n{\n\tif (x)\n\t\treturn 1;\n\treturn 0;\n}\n' >"$d/good.c"
"$TOP/build-aux/format-check" "$d/good.c" >/dev/null
expect_eq format.passes-a-good-file 0 $?
if out=$("$TOP/build-aux/format-check"); then
	pass format.tree
else
	fail format.tree "$(echo "$out" | tail -1) (make format-check; clang-format -i --style=file FILE)"
	echo "$out" | head -20 | sed 's/^/#   /'
fi
