#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/craft_process.py: write a process file (doc/format.md, "The
# process file") from a description, and stamp the run id into a
# gmon.out, for tests of gprof's reading of whole-process profiles
# without the runtime.  Little-endian (x86-64).
#
# usage: craft_process.py SPEC.json GMON_OUT
#   SPEC: {"run_id": N, "objects": [{"number", "flags", "bias", "segments":
#   [[start, end]...], "build_id": "hex", "path"}...], "rate": N,
#   "samples": [[address, count]...], "arcs": [[from, to, count]...],
#   "times": [user_ns, system_ns, taken, lost], "clock": [elapsed_ns, clock,
#   missing (0)] (the times record's later fields), "stamp": true|false,
#   "truncate": N (cut the file to N bytes), "extra": [[tag, "hex"]...],
#   "stacks": {"limit": N (128), "lost": N, "at_limit": N, "cut_short": N,
#   "count": N (stated entry count; default the entries'), "entries":
#   [[samples, [frame...] (innermost first), flags (0), stated depth,
#   thread number]...], "threads": [[tid, flags, name]...] (present: a
#   thread stack record, tag 6, each entry's thread number 0xffffffff
#   unless given), "thread_count": N (stated; default the threads')},
#   "many_objects": {"count": N, "path": "fmt with %d", "base": N, "flags": N}
#   (N more object records numbered from 1, each one 4 KiB segment at
#   base + 4 KiB * number, bias 0), "path_hex" (an object's path as bytes).
# Numbers may be strings ("0x...").  Writes DIR/.GMON_OUT.process.
import json
import struct
import sys


def num(v):
    return int(v, 0) if isinstance(v, str) else int(v)


def record(tag, body):
    return struct.pack("<II", tag, len(body)) + body


spec = json.load(open(sys.argv[1]))
gmon = sys.argv[2]
run_id = num(spec.get("run_id", 0x1122334455667788))
out = bytearray(spec.get("magic", "gmpx").encode() + struct.pack("<IQI", 1, run_id, 0) + bytes(12))
for o in spec.get("objects", []):
    body = struct.pack("<IIQI", num(o["number"]), num(o.get("flags", 0)), num(o["bias"]),
                       len(o["segments"]))
    for start, end in o["segments"]:
        body += struct.pack("<QQ", num(start), num(end))
    bid = bytes.fromhex(o.get("build_id", ""))
    path = bytes.fromhex(o["path_hex"]) if "path_hex" in o else o["path"].encode()
    body += struct.pack("<I", len(bid)) + bid + struct.pack("<I", len(path)) + path
    out += record(1, body)
if "many_objects" in spec:
    many = spec["many_objects"]
    base, flags = num(many.get("base", "0x10000000")), num(many.get("flags", 0))
    for k in range(1, num(many["count"]) + 1):
        path = (many.get("path", "/nonexistent/lib%d.so") % k).encode()
        start = base + 4096 * k
        out += record(1, struct.pack("<IIQIQQI", k, flags, 0, 1, start, start + 4096, 0) +
                      struct.pack("<I", len(path)) + path)
if "samples" in spec:
    body = struct.pack("<II", num(spec.get("rate", 100)), len(spec["samples"]))
    for address, count in spec["samples"]:
        body += struct.pack("<QQ", num(address), num(count))
    out += record(2, body)
if "arcs" in spec:
    body = struct.pack("<I", len(spec["arcs"]))
    for f, t, c in spec["arcs"]:
        body += struct.pack("<QQQ", num(f), num(t), num(c))
    out += record(3, body)
if "times" in spec:
    times = [num(v) for v in spec["times"]]
    body = struct.pack("<%dQ" % len(times), *times)
    if "clock" in spec:  # elapsed ns, clock: the longer times record
        elapsed, clock, *missing = spec["clock"]  # missing: GMON_MISSING_* bits
        body += struct.pack("<QII", num(elapsed), num(clock), num(missing[0]) if missing else 0)
    out += record(4, body)
if "stacks" in spec:
    st = spec["stacks"]
    entries = st.get("entries", [])
    body = struct.pack("<IIQQQ", num(st.get("limit", 128)), num(st.get("count", len(entries))),
                       num(st.get("lost", 0)), num(st.get("at_limit", 0)),
                       num(st.get("cut_short", 0)))
    threads = st.get("threads")
    for e in entries:
        frames = [num(a) for a in e[1]]
        flags = num(e[2]) if len(e) > 2 else 0
        depth = num(e[3]) if len(e) > 3 and e[3] is not None else len(frames)
        body += struct.pack("<QII", num(e[0]), depth, flags)
        if threads is not None:
            body += struct.pack("<I", num(e[4]) if len(e) > 4 else 0xffffffff)
        body += struct.pack("<%dQ" % len(frames), *frames)
    if threads is not None:
        body += struct.pack("<I", num(st.get("thread_count", len(threads))))
        for tid, tflags, name in threads:
            body += struct.pack("<II", num(tid), num(tflags)) + name.encode()[:16].ljust(16, b"\0")
    out += record(6 if threads is not None else 5, body)
for tag, hexbody in spec.get("extra", []):
    out += record(num(tag), bytes.fromhex(hexbody))
if "truncate" in spec:
    out = out[:num(spec["truncate"])]
head, _, tail = gmon.rpartition("/")
with open((head + "/" if head else "") + "." + tail + ".process", "wb") as f:
    f.write(out)
if spec.get("stamp", True):
    with open(gmon, "r+b") as f:
        f.seek(8)
        f.write(struct.pack("<Q", num(spec.get("gmon_run_id", run_id))) + b"gmpx")
