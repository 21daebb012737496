#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# mkgmon.py OUT CLASS ORDER [ARC_SCALE [SAMPLE_SCALE]]: write a GNU-format gmon.out (version 1)
# for the executable mkelf.py makes, with 32- or 64-bit addresses in
# "little" or "big" byte order.  Samples and arcs are fixed (a cycle
# between alpha and gamma included); the scales multiply the arc counts
# and the samples.
#
# mkgmon.py --swap IN OUT CLASS: rewrite a GNU-format file in the other
# byte order, record by record.
import struct
import sys

LOW, HIGH, BINS = 0x1000, 0x1200, 128  # 4 bytes per bin
SAMPLES = {0x1004: 3, 0x1044: 20, 0x1090: 35, 0x10a0: 5, 0x1104: 50, 0x11f0: 7}
ARCS = [(0x1010, 0x1040, 10), (0x1020, 0x1080, 5), (0x1050, 0x1100, 20),
        (0x10c0, 0x1100, 7), (0x1150, 0x1040, 3)]


def build(bits, order, arc_scale, sample_scale):
    e = ">" if order == "big" else "<"
    a = "Q" if bits == 64 else "I"
    out = bytearray(b"gmon" + struct.pack(e + "I", 1) + bytes(12))
    out += struct.pack(e + "B" + a + a + "II", 0, LOW, HIGH, BINS, 100)
    out += b"seconds".ljust(15, b"\0") + b"s"
    bins = [0] * BINS
    for pc, n in SAMPLES.items():
        bins[(pc - LOW) * BINS // (HIGH - LOW)] += n * sample_scale
    out += struct.pack(e + "%dH" % BINS, *bins)
    for frm, to, n in ARCS:
        out += struct.pack(e + "B" + a + a + "I", 1, frm, to, n * arc_scale)
    return out


def swap(data, bits):
    """Re-encode a little- or big-endian GNU file in the other order."""
    v = struct.unpack_from("<I", data, 4)[0]
    src = "<" if v == 1 else ">"
    dst = ">" if src == "<" else "<"
    a = "Q" if bits == 64 else "I"
    n = 8 if bits == 64 else 4
    out = bytearray(data[:4] + struct.pack(dst + "I", 1) + data[8:20])
    p = 20
    while p < len(data):
        tag = data[p]
        out.append(tag)
        p += 1
        if tag == 0:
            low, high, nbins, rate = struct.unpack_from(src + a + a + "II", data, p)
            out += struct.pack(dst + a + a + "II", low, high, nbins, rate)
            p += 2 * n + 8
            out += data[p:p + 16]
            p += 16
            counts = struct.unpack_from(src + "%dH" % nbins, data, p)
            out += struct.pack(dst + "%dH" % nbins, *counts)
            p += 2 * nbins
        elif tag == 1:
            out += struct.pack(dst + a + a + "I", *struct.unpack_from(src + a + a + "I", data, p))
            p += 2 * n + 4
        elif tag == 2:
            count = struct.unpack_from(src + "I", data, p)[0]
            out += struct.pack(dst + "I", count)
            p += 4
            for _ in range(2 * count):
                out += struct.pack(dst + a, struct.unpack_from(src + a, data, p)[0])
                p += n
        else:
            raise SystemExit("unknown tag %d at %d" % (tag, p - 1))
    return out


if __name__ == "__main__":
    if sys.argv[1] == "--swap":
        with open(sys.argv[2], "rb") as f:
            data = f.read()
        with open(sys.argv[3], "wb") as f:
            f.write(swap(data, int(sys.argv[4])))
    else:
        arc_scale = int(sys.argv[4], 0) if len(sys.argv) > 4 else 1
        sample_scale = int(sys.argv[5], 0) if len(sys.argv) > 5 else 1
        with open(sys.argv[1], "wb") as f:
            f.write(build(int(sys.argv[2]), sys.argv[3], arc_scale, sample_scale))
