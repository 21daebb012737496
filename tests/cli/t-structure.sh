#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-structure.sh: gprof/'s layering (build-aux/check-structure.py):
# no include cycles, no cycles among the modules through the names they
# use, nothing depending on gprof.c, no stage or printer taking the whole
# struct options, and doc/code-map.md naming exactly
# the files there are; and libgmon/'s: no include cycles, no module
# cycles, every file in doc/code-map.md.
. "$(dirname "$0")/../lib.sh"
python3 "$TOP/build-aux/check-structure.py" "$TOP"
