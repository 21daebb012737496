#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/sparse.py: a run's gmon.out and its process file as the
# sparse-samples tests need them (t-sparse.sh; doc/format.md, "Sparse
# samples").  Little-endian, 64-bit addresses (x86-64, aarch64).
#
#   sparse.py check GMON_OUT
#       one line: "bins=B hist=S main=M other=O taken=T lost=L size=ok|..."
#       B the bins of gmon.out's histogram records, S their samples; M
#       and O the samples record's samples in and outside the main
#       program's segments; T and L the times record's samples taken and
#       lost; size=ok when both files are exactly as long as the format
#       says for what they hold, and the process file is no longer than
#       its records without samples plus 16 bytes a sample taken
#   sparse.py to-sparse GMON_OUT OUT
#       the same run written as a program without hooks writes it:
#       OUT holds gmon.out's first bin alone, and every sample of the
#       other bins moves to .OUT.process's samples record, at the bin's
#       first address (runtime: plus the main program's bias)
#   sparse.py damage KIND GMON_OUT
#       rewrites .GMON_OUT.process's samples record: truncate (the file
#       ends 5 bytes into its last entry), count (it claims 2^32-1
#       entries), overflow (two entries of 2^64-1 and 1 samples), outside
#       (one more entry, 5 samples at address 0x10, in no object)
import os
import struct
import sys

HEADER = 20
HIST_HEADER = 1 + 8 + 8 + 4 + 4 + 15 + 1


def read_gmon(path):
    data = open(path, "rb").read()
    hists, at = [], HEADER
    while at < len(data):
        if data[at] == 1:  # an arc (a -pg program): call site, callee, count
            at += 1 + 8 + 8 + 4
            continue
        if data[at] != 0:
            sys.exit("sparse.py: %s: a record other than a histogram or an arc at %d" % (path, at))
        low, high, n, rate = struct.unpack_from("<QQII", data, at + 1)
        bins = list(struct.unpack_from("<%dH" % n, data, at + HIST_HEADER))
        hists.append((low, high, n, rate, bins))
        at += HIST_HEADER + 2 * n
    if at != len(data):
        sys.exit("sparse.py: %s: %d bytes past the last record" % (path, len(data) - at))
    return data[:HEADER], hists, (len(data) - HEADER - sum(HIST_HEADER + 2 * h[2] for h in hists)) // 21


def process_path(path):
    d, b = os.path.split(path)
    return os.path.join(d, "." + b + ".process")


def read_process(path):
    data = open(path, "rb").read()
    records, at = [], 32
    while at < len(data):
        tag, length = struct.unpack_from("<II", data, at)
        records.append((tag, data[at + 8:at + 8 + length]))
        at += 8 + length
    if at != len(data):
        sys.exit("sparse.py: %s: the last record runs past the end" % path)
    return data[:32], records


def main_object(records):
    for tag, body in records:
        if tag == 1:
            number, flags, bias, nseg = struct.unpack_from("<IIQI", body, 0)
            if flags & 1:
                segs = [struct.unpack_from("<QQ", body, 20 + 16 * k) for k in range(nseg)]
                return bias, segs
    sys.exit("sparse.py: no main program's object record")


def check(path):
    _, hists, arcs = read_gmon(path)
    _, records = read_process(process_path(path))
    bias, segs = main_object(records)
    bins = sum(h[2] for h in hists)
    hist = sum(sum(h[4]) for h in hists)
    main = other = count = taken = lost = 0
    size_ok = True
    fixed = 32
    for tag, body in records:
        if tag == 2:
            rate, count = struct.unpack_from("<II", body, 0)
            size_ok &= len(body) == 8 + 16 * count
            fixed += 8 + 8
            for k in range(count):
                address, n = struct.unpack_from("<QQ", body, 8 + 16 * k)
                if any(s <= address < e for s, e in segs):
                    main += n
                else:
                    other += n
        else:
            fixed += 8 + len(body)
            if tag == 4:
                taken, lost = struct.unpack_from("<QQ", body, 16)
    size_ok &= os.path.getsize(path) == HEADER + sum(HIST_HEADER + 2 * h[2] for h in hists) + \
        21 * arcs
    size_ok &= count <= taken and os.path.getsize(process_path(path)) <= fixed + 16 * taken
    print("bins=%d hist=%d main=%d other=%d taken=%d lost=%d size=%s" %
          (bins, hist, main, other, taken, lost, "ok" if size_ok else "WRONG"))


def to_sparse(path, out):
    header, hists, _ = read_gmon(path)
    phead, records = read_process(process_path(path))
    bias, _ = main_object(records)
    moved = {}
    g = bytearray(header)
    for i, (low, high, n, rate, bins) in enumerate(hists):
        width = (high - low) // n
        keep = bins[0] if i == 0 else None
        for k, c in enumerate(bins):
            if c and not (i == 0 and k == 0):
                a = bias + low + k * width
                moved[a] = moved.get(a, 0) + c
        if i == 0:
            g += struct.pack("<BQQII", 0, low, low + width, 1, rate)
            g += b"seconds".ljust(15, b"\0") + b"s" + struct.pack("<H", keep)
    open(out, "wb").write(g)
    p = bytearray(phead)
    for tag, body in records:
        if tag == 2:
            rate, count = struct.unpack_from("<II", body, 0)
            entries = dict(struct.unpack_from("<QQ", body, 8 + 16 * k) for k in range(count))
            for a, c in moved.items():
                entries[a] = entries.get(a, 0) + c
            body = struct.pack("<II", rate, len(entries)) + b"".join(
                struct.pack("<QQ", a, c) for a, c in entries.items())
        p += struct.pack("<II", tag, len(body)) + body
    open(process_path(out), "wb").write(p)


def damage(kind, path):
    phead, records = read_process(process_path(path))
    bias, segs = main_object(records)
    p = bytearray(phead)
    for tag, body in records:
        if tag == 2:
            rate, count = struct.unpack_from("<II", body, 0)
            entries = body[8:]
            if kind == "count":
                count = 0xFFFFFFFF
            elif kind == "overflow":
                count = 2
                entries = struct.pack("<QQQQ", segs[0][0], 2**64 - 1, segs[0][0] + 2, 1)
            elif kind == "outside":
                count += 1
                entries += struct.pack("<QQ", 0x10, 5)
            body = struct.pack("<II", rate, count) + entries
            p += struct.pack("<II", tag, len(body)) + body
            if kind == "truncate":
                del p[-5:]
                break
        else:
            p += struct.pack("<II", tag, len(body)) + body
    open(process_path(path), "wb").write(p)


if sys.argv[1] == "check":
    check(sys.argv[2])
elif sys.argv[1] == "to-sparse":
    to_sparse(sys.argv[2], sys.argv[3])
elif sys.argv[1] == "damage":
    damage(sys.argv[2], sys.argv[3])
else:
    sys.exit("usage: sparse.py check GMON_OUT | to-sparse GMON_OUT OUT | damage KIND GMON_OUT")
