#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/set_samples.py: replace the samples of a gmon.out written by
# a real run with fixed ones, so that a test of what gprof does with
# samples does not depend on where a run's samples happened to land (on
# the CPU, the load, the timing).  Everything else in the file (header,
# run id, rate, arcs, basic-block records) stays as the run wrote it.
#
# usage: set_samples.py GMON_OUT [ADDRESS=COUNT...]
#   every bin of every histogram record is set to 0, then COUNT samples
#   are put in the bin holding ADDRESS (hex with 0x, or decimal; the
#   address as the file states it, e.g. `nm`'s value for a non-PIE
#   program or a PIE one, since libgmon writes addresses relative to the
#   load address).  An address in no histogram is an error (status 1).
#   With no ADDRESS=COUNT the profile is left with no sample at all.
#
# Little-endian GNU format, version 1, 64-bit addresses (what libgmon
# and glibc write on x86-64 and aarch64).
import struct
import sys

HIST, ARC, BB = 0, 1, 2

path = sys.argv[1]
want = {}
for arg in sys.argv[2:]:
    address, _, count = arg.partition("=")
    want[int(address, 0)] = want.get(int(address, 0), 0) + int(count, 0)

data = bytearray(open(path, "rb").read())
if data[:4] != b"gmon" or struct.unpack_from("<I", data, 4)[0] != 1:
    sys.exit("set_samples.py: %s: not a version-1 GNU gmon.out" % path)
placed = set()
p = 20
while p < len(data):
    tag = data[p]
    p += 1
    if tag == HIST:
        low, high, nbins = struct.unpack_from("<QQI", data, p)
        p += 8 + 8 + 4 + 4 + 15 + 1
        counts = [0] * nbins
        for address, count in want.items():
            if low <= address < high:
                b = (address - low) * nbins // (high - low)
                counts[b] = min(0xffff, counts[b] + count)
                placed.add(address)
        struct.pack_into("<%dH" % nbins, data, p, *counts)
        p += 2 * nbins
    elif tag == ARC:
        p += 8 + 8 + 4
    elif tag == BB:
        n = struct.unpack_from("<I", data, p)[0]
        p += 4 + n * 16
    else:
        sys.exit("set_samples.py: %s: unknown tag %d at offset %d" % (path, tag, p - 1))
missing = sorted(set(want) - placed)
if missing:
    sys.exit("set_samples.py: %s: no histogram holds %s" % (path, ", ".join("0x%x" % a for a in missing)))
open(path, "wb").write(data)
