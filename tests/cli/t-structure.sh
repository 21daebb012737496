#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-structure.sh: gprof/'s layering (build-aux/check-structure.py):
# no include cycles, no cycles among the modules through the names they
# use, nothing depending on gprof.c, and doc/code-map.md naming exactly
# the files there are.
. "$(dirname "$0")/../lib.sh"
python3 "$TOP/build-aux/check-structure.py" "$TOP"
