#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# craft-seeds.py: write the fuzzers' seed corpora under tests/fuzz/seeds/
# from the corpus fixtures (small gmon.out files, their BSD and 4.4BSD
# conversions made by gprof -s) and a few crafted files.  Each seed starts
# with the target's selector byte (see fuzz_profile.c, fuzz_pipeline.c,
# fuzz_stacks.c).
# Run from anywhere; GPROF=path picks the gprof used for the conversions.
import os
import struct
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(os.path.dirname(here))
fixtures = os.path.join(top, "tests", "corpus", "fixtures")
gprof = os.environ.get("GPROF", os.path.join(top, "gprof", "gprof"))
seeds = os.path.join(here, "seeds")


def write(kind, name, selector, body):
    d = os.path.join(seeds, kind)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(bytes([selector]) + body)


def gnu(records, size=8, endian="<"):
    a = "Q" if size == 8 else "I"
    out = b"gmon" + struct.pack(endian + "I", 1) + bytes(12)
    for r in records:
        if r[0] == "hist":
            _, low, high, bins, rate = r
            out += b"\0" + struct.pack(endian + a + a + "II", low, high, len(bins), rate)
            out += b"seconds".ljust(15, b"\0") + b"s"
            out += b"".join(struct.pack(endian + "H", b) for b in bins)
        elif r[0] == "arc":
            _, frm, to, count = r
            out += b"\1" + struct.pack(endian + a + a + "I", frm, to, count)
        elif r[0] == "bb":
            out += b"\2" + struct.pack(endian + "I", len(r[1]))
            for addr, count in r[1]:
                out += struct.pack(endian + a + a, addr, count)
    return out


def old_bsd(low, high, bins, arcs, size=8, endian="<", bsd44=False):
    a = "Q" if size == 8 else "I"
    if bsd44:
        header = struct.pack(endian + a + a + "iII", low, high, 0, 0x00051879, 100) + bytes(12)
    else:
        header = struct.pack(endian + a + a + "i", low, high, 0)
    ncnt = len(header) + 2 * len(bins)
    header = header[: 2 * size] + struct.pack(endian + "i", ncnt) + header[2 * size + 4 :]
    out = header + b"".join(struct.pack(endian + "H", b) for b in bins)
    for frm, to, count in arcs:
        out += struct.pack(endian + a + a + a, frm, to, count)
    return out


def process_file(stacks, other_object=False, run_id=0x5EED, threads=None, samples=None,
                 identity=None):
    """A process file for the debug_g fixture (PIE, unrelocated: bias 0)
    with a stack record of (samples, [frames, innermost first], flags);
    with threads [(tid, flags, name)], a thread stack record (tag 6),
    the stacks' thread numbers taken in turn (0xffffffff after them);
    with samples [(address, count)], a samples record (tag 2) before it
    (the main program's samples kept sparse: doc/format.md); with
    identity (pid, parent, image, [arguments]), an identity record (tag 7)."""
    def record(tag, body):
        return struct.pack("<II", tag, len(body)) + body

    def obj(number, flags, bias, segments, path):
        body = struct.pack("<IIQI", number, flags, bias, len(segments))
        for start, end in segments:
            body += struct.pack("<QQ", start, end)
        return record(1, body + struct.pack("<I", 0) + struct.pack("<I", len(path)) + path)

    out = b"gmpx" + struct.pack("<IQI", 1, run_id, 0) + bytes(12)
    out += obj(0, 1, 0, [(0x1000, 0x1335)], b"prog")
    if other_object:
        out += obj(1, 0, 0x7F0000000000, [(0x7F0000001000, 0x7F0000100000)],
                   b"/lib/x86_64-linux-gnu/libc.so.6")
    if samples is not None:
        out += record(2, struct.pack("<II", 100, len(samples)) +
                      b"".join(struct.pack("<QQ", a, c) for a, c in samples))
    if identity is not None:
        pid, parent, image, args = identity
        a = b"".join(x + b"\0" for x in args)
        out += record(7, struct.pack("<IIIIQQQII", pid, parent, image, 0, 1000, 5, 6,
                                     len(args), len(a)) + a)
    body = struct.pack("<IIQQQ", 128, len(stacks), 0, 0, 0)
    for k, (samples, frames, flags) in enumerate(stacks):
        body += struct.pack("<QII", samples, len(frames), flags)
        if threads is not None:
            body += struct.pack("<I", k if k < len(threads) else 0xFFFFFFFF)
        body += struct.pack("<%dQ" % len(frames), *frames)
    if threads is None:
        return out + record(5, body)
    body += struct.pack("<I", len(threads))
    for tid, flags, name in threads:
        body += struct.pack("<II", tid, flags) + name[:16].ljust(16, b"\0")
    return out + record(6, body)


def main():
    small = []
    for fx in sorted(os.listdir(fixtures)):
        path = os.path.join(fixtures, fx, "gmon.out")
        if os.path.getsize(path) <= 5000:
            small.append(fx)
    # profile reader: fixtures as they are (auto format, 8-byte, little)
    for fx in small:
        data = open(os.path.join(fixtures, fx, "gmon.out"), "rb").read()
        write("profile", "fixture-" + fx, 0x04, data)
        write("profile", "fixture-twice-" + fx, 0x14, data)
    # the same converted by gprof -s into both BSD layouts
    with tempfile.TemporaryDirectory() as tmp:
        for fx in ("tiny", "cycle3", "debug_g"):
            for fmt, sel in (("bsd", 0x06), ("4.4bsd", 0x07)):
                subprocess.run([gprof, "-s", "-O" + fmt,
                                os.path.join(fixtures, fx, "prog"),
                                os.path.join(fixtures, fx, "gmon.out")],
                               cwd=tmp, check=True)
                data = open(os.path.join(tmp, "gmon.sum"), "rb").read()
                write("profile", "%s-%s" % (fmt, fx), sel, data)
                write("profile", "%s-auto-%s" % (fmt, fx), 0x04, data)
                write("pipeline", "%s-%s" % (fmt, fx), 0x00, data)
    # crafted: small files for both address sizes and byte orders
    bins = [0, 3, 0, 7, 1, 0, 0, 65535]
    arcs = [("arc", 0x12d0, 0x121c, 5), ("arc", 0x1250, 0x11c9, 40),
            ("arc", 0x11e0, 0x11c9, 2), ("arc", 0x11f0, 0x121c, 1)]
    blocks = [("bb", [(0x11c9, 7), (0x11d8, 3), (0x121c, 2)])]
    for size in (4, 8):
        for endian, big in (("<", 0), (">", 8)):
            sel = (4 if size == 8 else 0) | big
            tag = "%d%s" % (size * 8, "be" if big else "le")
            write("profile", "gnu-" + tag, sel | 1,
                  gnu([("hist", 0x11c0, 0x11d0, bins, 100)] + arcs + blocks, size, endian))
            write("profile", "gnu-two-hist-" + tag, sel | 0x10,
                  gnu([("hist", 0x1000, 0x1010, bins, 100),
                       ("hist", 0x2000, 0x2010, bins, 100)] + arcs, size, endian))
            write("profile", "bsd-" + tag, sel | 2,
                  old_bsd(0x11c0, 0x11d0, bins, [(0x12d0, 0x121c, 5)], size, endian))
            write("profile", "bsd44-" + tag, sel | 3,
                  old_bsd(0x11c0, 0x11d0, bins, [(0x12d0, 0x121c, 5)], size, endian, True))
    write("profile", "gnu-empty", 0x04, gnu([]))
    # pipeline (debug_g's executable): its own profile under every
    # selector, the other fixtures' profiles, and crafted call graphs
    own = open(os.path.join(fixtures, "debug_g", "gmon.out"), "rb").read()
    for sel in (0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x31, 0x40, 0x80, 0xC0, 0x3f):
        write("pipeline", "debug_g-%02x" % sel, sel, own)
    for fx in small:
        if fx != "debug_g":
            data = open(os.path.join(fixtures, fx, "gmon.out"), "rb").read()
            write("pipeline", "fixture-" + fx, 0x00, data)
    hist = ("hist", 0x11c0, 0x1320, [(i * 37) % 11 for i in range(176)], 100)
    cycle = [("arc", 0x12d0, 0x121c, 5), ("arc", 0x1250, 0x11c9, 40),
             ("arc", 0x11f0, 0x121c, 3), ("arc", 0x1200, 0x11c9, 9)]
    for sel in (0x00, 0x01, 0x02, 0x30, 0x31, 0x40, 0x80, 0xC0):
        write("pipeline", "crafted-cycle-%02x" % sel, sel, gnu([hist] + cycle + blocks))
    write("pipeline", "crafted-arcs-only", 0x00, gnu(cycle))
    write("pipeline", "crafted-blocks-only", 0x31, gnu(blocks))
    # stacks (debug_g: main 0x12b8, evaluate 0x121c, polynomial 0x11c9;
    # frames past the innermost are return addresses)
    poly, ev, main_ret = 0x11d0, 0x1255, 0x12d5
    plain = [(90, [poly, ev, main_ret], 0), (10, [ev + 4, main_ret], 0), (3, [0x12c0], 0)]
    recursive = [(40, [poly, 0x11f5, 0x11f5, 0x11f5, ev, main_ret], 0),
                 (20, [0x1230, 0x11f5, 0x1255, 0x11f5, ev, main_ret], 0)]
    lib = [(30, [0x7F0000002000, poly, ev, main_ret], 1), (5, [0x7F0000003000, 0x7F0000002100, main_ret], 2)]
    odd = [(7, [0x10, main_ret], 0), (1, [poly] + [0x11f5] * 100 + [main_ret], 0),
           (2**64 - 1, [poly, ev, main_ret], 0), (0, [ev], 0)]
    for sel in range(16):
        write("stacks", "plain-%d" % sel, sel, process_file(plain))
        write("stacks", "recursive-%d" % sel, sel, process_file(recursive))
        write("stacks", "lib-%d" % sel, sel, process_file(lib, other_object=True))
        write("stacks", "odd-%d" % sel, sel, process_file(odd))
    # sparse samples (a program without hooks): the main program's in
    # the samples record, one in a library, one in no object; and
    # counts that add up past 2^64-1; also read as process files alone
    sparse = [(poly, 90), (ev, 10), (0x7F0000002000, 3), (0x10, 1)]
    wide = [(poly, 2**64 - 1), (ev, 1)]
    for sel in range(16):
        write("stacks", "sparse-%d" % sel, sel, process_file(plain, other_object=True, samples=sparse))
        write("stacks", "sparse-wide-%d" % sel, sel, process_file(plain, samples=wide))
    # the identity record (tag 7): who wrote the file (gprof-run -f)
    for sel in range(4):
        write("stacks", "identity-%d" % sel, sel,
              process_file(plain, identity=(4242, 1, 2, [b"prog", b"-x", b"a b\x1b[31m"])))
    write("profile", "process-sparse", 0x24, process_file(plain, other_object=True, samples=sparse))
    write("profile", "process-sparse-wide", 0x24, process_file(plain, samples=wide))
    # thread stacks (tag 6), with --threads (0x10) where it applies
    named = [(4242, 1, b"prog"), (4243, 0, b"worker\x1b[31m"), (4244, 0, b"x" * 16)]
    for sel in list(range(16)) + [0x10, 0x11, 0x14, 0x18]:
        write("stacks", "threads-%02x" % sel, sel, process_file(plain, threads=named))
        write("stacks", "threads-odd-%02x" % sel, sel, process_file(odd, threads=named[:1]))
    # options: every option set of the corpus, each argument joined to
    # its option ("-w 60" is "-w60", "--time x" is "--time=x")
    sets = []
    for path in (os.path.join(top, "tests", "corpus", "options"),
                 os.path.join(fixtures, "debug_g", "options")):
        for line in open(path):
            line = line.strip()
            if not line or line.startswith("#") or line == "default":
                continue
            args = []
            for word in line.split():
                if word.startswith("-") or not args:
                    args.append(word)
                elif args[-1].startswith("--"):
                    args[-1] += "=" + word
                else:
                    args[-1] += word
            sets.append(args)
    sets += [["-l", "-A", "-x"], ["-l", "-C", "-z"], ["-A", "-y"], ["-s", "-i"],
             ["--json", "-q"], ["--dot", "--node-threshold=1"], ["-r", "-c"],
             ["-Ilines", "-Alines.c"], ["-d5", "-b"], ["-Omagic"], ["-O4"]]
    for i, args in enumerate(sets):
        d = os.path.join(seeds, "options")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "set-%03d" % i), "wb") as f:
            f.write("\n".join(args).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
