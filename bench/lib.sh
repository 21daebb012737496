# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/lib.sh: helpers every benchmark may use (sourced, not run).

# median: the median of the numbers on stdin, one a line (of an even
# count, the mean of the two in the middle)
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
