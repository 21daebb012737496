#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# check.py: reads a process file (doc/format.md, "The process file") with
# nothing but the struct module (stacks.py reads it here too), and checks it against what the program
# wrote about itself (parts.txt, its /proc/self/maps) and against the
# files it loaded (readelf -n for build-ids, nm for symbols).  Prints
# "ok NAME" / "not ok NAME: why", as the shell suites do.
#
# usage: check.py all PREFIX DIR PROG       (main.c run with "all")
#        check.py threads PREFIX DIR        (main.c run with "threads")
#        check.py fork PREFIX DIR           (main.c run with "fork")
#        check.py lost FILE                 ("SAMPLES_LOST CALLS_LOST")
#        check.py ids GMON PROCESS          (the two run ids, in hex)
#        check.py dump FILE                 (print a process file)
import os
import struct
import subprocess
import sys

TAG_OBJECT, TAG_SAMPLES, TAG_ARCS, TAG_TIMES, TAG_STACKS, TAG_THREAD_STACKS = 1, 2, 3, 4, 5, 6
MAIN, UNLOADED, VDSO = 1, 2, 4
TOLERANCE = 0.30  # samples against measured CPU time (1000 Hz, 300 ms)


def ok(name):
    print("ok " + name)


def not_ok(name, why):
    print("not ok %s: %s" % (name, why))


def expect(name, cond, why):
    if cond:
        ok(name)
    else:
        not_ok(name, why)
    return cond


class FormatError(Exception):
    pass


def read_process(path):
    """The process file as a dict; FormatError if anything is off."""
    d = open(path, "rb").read()
    if len(d) < 32 or d[:4] != b"gmpx":
        raise FormatError("no gmpx header")
    version, run_id, flags = struct.unpack_from("<IQI", d, 4)
    if version != 1 or flags != 0 or d[20:32] != bytes(12):
        raise FormatError("header: version %d flags %d" % (version, flags))
    p = dict(run_id=run_id, objects=[], rate=None, samples={}, arcs={}, times=None,
             stacks=None, records=[])
    at = 32
    while at < len(d):
        if at + 8 > len(d):
            raise FormatError("truncated record header at %d" % at)
        tag, length = struct.unpack_from("<II", d, at)
        at += 8
        body = d[at:at + length]
        if len(body) != length:
            raise FormatError("record at %d runs past the end" % at)
        at += length
        p["records"].append(tag)
        if tag == TAG_OBJECT:
            num, fl, bias, nseg = struct.unpack_from("<IIQI", body, 0)
            q = 20
            segs = [struct.unpack_from("<QQ", body, q + 16 * i) for i in range(nseg)]
            q += 16 * nseg
            (blen,) = struct.unpack_from("<I", body, q)
            build_id = body[q + 4:q + 4 + blen].hex()
            q += 4 + blen
            (plen,) = struct.unpack_from("<I", body, q)
            path = body[q + 4:q + 4 + plen].decode()
            if q + 4 + plen != length:
                raise FormatError("object %d: %d bytes left over" % (num, length - q - 4 - plen))
            if num != len(p["objects"]):
                raise FormatError("object number %d out of order" % num)
            p["objects"].append(dict(num=num, flags=fl, bias=bias, segs=segs,
                                     build_id=build_id, path=path))
        elif tag == TAG_SAMPLES:
            rate, n = struct.unpack_from("<II", body, 0)
            if length != 8 + 16 * n:
                raise FormatError("samples: %d entries in %d bytes" % (n, length))
            p["rate"] = rate
            for i in range(n):
                pc, count = struct.unpack_from("<QQ", body, 8 + 16 * i)
                if pc in p["samples"]:
                    raise FormatError("sample address %#x twice" % pc)
                p["samples"][pc] = count
        elif tag == TAG_ARCS:
            (n,) = struct.unpack_from("<I", body, 0)
            if length != 4 + 24 * n:
                raise FormatError("arcs: %d entries in %d bytes" % (n, length))
            for i in range(n):
                frm, to, count = struct.unpack_from("<QQQ", body, 4 + 24 * i)
                if (frm, to) in p["arcs"]:
                    raise FormatError("arc %#x -> %#x twice" % (frm, to))
                p["arcs"][(frm, to)] = count
        elif tag == TAG_TIMES:
            if length < 40:
                raise FormatError("times: %d bytes" % length)
            names = ("user_ns", "system_ns", "taken", "samples_lost", "calls_lost")
            p["times"] = dict(zip(names, struct.unpack_from("<5Q", body, 0)))
            if length >= 56:
                p["times"]["elapsed_ns"], p["times"]["clock"] = struct.unpack_from("<QI", body, 40)
        elif tag in (TAG_STACKS, TAG_THREAD_STACKS):
            p["stacks"] = read_stacks(p, body, tag == TAG_THREAD_STACKS)
    return p


def read_stacks(p, body, threads=False):
    """Tag 5 or 6: the limit, the losses and the entries (samples, flags,
    frames innermost first); with tag 6 each entry's thread number (in
    "entry_threads") and the threads (tid, flags, name); FormatError if
    anything is off."""
    length = len(body)
    if p["stacks"] is not None:
        raise FormatError("two stack records")
    depth, n, lost, at_limit, cut = struct.unpack_from("<IIQQQ", body, 0)
    q = 32
    entries, entry_threads, thread_list = [], [], []
    head = 20 if threads else 16
    for _ in range(n):
        if q + head > length:
            raise FormatError("stack entry past the record's end")
        count, nf, flags = struct.unpack_from("<QII", body, q)
        thread = struct.unpack_from("<I", body, q + 16)[0] if threads else None
        q += head
        if q + 8 * nf > length:
            raise FormatError("stack frames past the record's end")
        if nf == 0 or nf > depth:
            raise FormatError("stack of %d frames (limit %d)" % (nf, depth))
        frames = struct.unpack_from("<%dQ" % nf, body, q)
        q += 8 * nf
        entries.append((count, flags, frames))
        entry_threads.append(thread)
    if threads:
        if q + 4 > length:
            raise FormatError("no thread count")
        (nt,) = struct.unpack_from("<I", body, q)
        q += 4
        for _ in range(nt):
            if q + 24 > length:
                raise FormatError("thread past the record's end")
            tid, tflags = struct.unpack_from("<II", body, q)
            name = body[q + 8:q + 24].split(b"\0")[0].decode("utf-8", "replace")
            thread_list.append((tid, tflags, name))
            q += 24
        for t in entry_threads:
            if t != 0xffffffff and t >= nt:
                raise FormatError("a stack names thread %d of %d" % (t, nt))
    if q != length:
        raise FormatError("%d bytes left over in the stack record" % (length - q))
    keys = [(t, f, fr) for t, (_, f, fr) in zip(entry_threads, entries)]
    if len(set(keys)) != len(keys):
        raise FormatError("a stack appears twice")
    return dict(depth=depth, lost=lost, at_limit=at_limit, cut_short=cut, entries=entries,
                entry_threads=entry_threads, threads=thread_list)


def gmon_run_id(path):
    d = open(path, "rb").read(20)
    return struct.unpack_from("<Q", d, 8)[0]


def read_parts(path):
    parts = {}
    for line in open(path):
        k, v = line.split()
        parts[k] = float(v)
    return parts


def read_maps(path):
    """{realpath: [(start, end, perms, offset)]} from a /proc/PID/maps copy."""
    maps = {}
    for line in open(path):
        f = line.split()
        if len(f) < 6 or not f[5].startswith("/"):
            continue
        start, end = (int(x, 16) for x in f[0].split("-"))
        maps.setdefault(f[5], []).append((start, end, f[1], int(f[2], 16)))
    return maps


def build_id_of(path):
    out = subprocess.run(["readelf", "-n", path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "Build ID:" in line:
            return line.split()[-1]
    return ""


def functions_of(path):
    """[(start, end, name)] of the file's function symbols (nm -S)."""
    out = subprocess.run(["nm", "-S", "--defined-only", path],
                         capture_output=True, text=True).stdout
    funcs = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            start, size = int(f[0], 16), int(f[1], 16)
            funcs.append((start, start + size, f[3]))
    return funcs


class Process:
    def __init__(self, path):
        self.p = read_process(path)
        self.symbols = {}

    def object_named(self, base):
        found = [o for o in self.p["objects"] if os.path.basename(o["path"]) == base]
        return found[-1] if found else None

    def object_at(self, addr):
        for o in reversed(self.p["objects"]):
            if any(s <= addr < e for s, e in o["segs"]):
                return o
        return None

    def function_at(self, addr):
        """'file:function' holding the runtime address, or None."""
        o = self.object_at(addr)
        if not o or o["flags"] & VDSO:
            return None
        if o["path"] not in self.symbols:
            self.symbols[o["path"]] = functions_of(o["path"])
        off = addr - o["bias"]
        for start, end, name in self.symbols[o["path"]]:
            if start <= off < end:
                return "%s:%s" % (os.path.basename(o["path"]), name)
        return None

    def arc_count(self, caller, callee):
        """Calls from function caller ('file:name') to callee, summed."""
        return sum(c for (frm, to), c in self.p["arcs"].items()
                   if self.function_at(frm) == caller and self.function_at(to) == callee)

    def samples_in(self, base):
        o = self.object_named(base)
        if not o:
            return 0
        return sum(c for pc, c in self.p["samples"].items()
                   if any(s <= pc < e for s, e in o["segs"]))


def check_object(name, proc, base, maps, want_flags, real=None):
    o = proc.object_named(base)
    if not expect(name + ".present", o is not None, "no object record for " + base):
        return
    expect(name + ".flags", o["flags"] == want_flags,
           "flags %d, expected %d" % (o["flags"], want_flags))
    real = real or os.path.realpath(o["path"])
    expect(name + ".build-id", o["build_id"] == build_id_of(real),
           "%s, readelf -n says %s" % (o["build_id"], build_id_of(real)))
    mapped = maps.get(real)
    if not expect(name + ".path", mapped is not None,
                  "%s (%s) is not in the program's maps" % (o["path"], real)):
        return
    low = min(m[0] for m in mapped if m[3] == 0)
    expect(name + ".bias", o["bias"] == low,
           "bias %#x, the file's first mapping is at %#x" % (o["bias"], low))
    inside = o["segs"] and all(
        any(m[0] <= s and e <= m[1] and "x" in m[2] for m in mapped) for s, e in o["segs"])
    expect(name + ".segments", inside,
           "segments %s not within the executable mappings %s" %
           ([(hex(s), hex(e)) for s, e in o["segs"]],
            [(hex(m[0]), hex(m[1])) for m in mapped if "x" in m[2]]))


def check_time(name, proc, base, ms):
    got = proc.samples_in(base) * 1000.0 / proc.p["rate"]
    print("# %s: %.0f ms of samples, %.0f ms measured" % (name, got, ms))
    expect(name, abs(got - ms) <= TOLERANCE * ms,
           "%.0f ms of samples in %s, %.0f ms measured" % (got, base, ms))


def check_all(prefix, d, prog):
    pf, gf = os.path.join(d, ".gmon.out.process"), os.path.join(d, "gmon.out")
    try:
        proc = Process(pf)
    except (OSError, FormatError, struct.error) as e:
        not_ok(prefix + ".read", str(e))
        return
    ok(prefix + ".read")
    run_id = gmon_run_id(gf)
    expect(prefix + ".run-id", run_id != 0 and run_id == proc.p["run_id"],
           "gmon.out %#x, process file %#x" % (run_id, proc.p["run_id"]))
    parts = read_parts(os.path.join(d, "parts.txt"))
    maps = read_maps(os.path.join(d, "maps.txt"))
    plugin_maps = read_maps(os.path.join(d, "maps-plugin.txt"))
    objs = proc.p["objects"]
    expect(prefix + ".objects.main-first", objs and objs[0]["flags"] == MAIN and
           os.path.realpath(objs[0]["path"]) == os.path.realpath(prog),
           "object 0 is %s" % (objs[0] if objs else None))
    check_object(prefix + ".objects.main", proc, os.path.basename(prog), maps, MAIN)
    check_object(prefix + ".objects.libwork", proc, "libwork.so", maps, 0)
    check_object(prefix + ".objects.plugin", proc, "plugin.so", plugin_maps, UNLOADED)
    check_object(prefix + ".objects.libc", proc, "libc.so.6", maps, 0)
    check_object(prefix + ".objects.libm", proc, "libm.so.6", maps, 0)
    vdso = [o for o in objs if o["flags"] & VDSO]
    expect(prefix + ".objects.vdso", len(vdso) == 1 and vdso[0]["segs"],
           "vDSO records: %s" % vdso)

    main = os.path.basename(prog)
    for name, caller, callee, want in (
            ("arcs.libwork-exact", "libwork.so:work_run", "libwork.so:work_leaf", 1234),
            ("arcs.plugin-exact", "plugin.so:plugin_run", "plugin.so:plugin_leaf", 4321),
            ("arcs.library-to-main", "libwork.so:work_back", main + ":called_back",
             int(parts["back_calls"]))):
        got = proc.arc_count(caller, callee)
        expect(prefix + "." + name, got == want,
               "%s -> %s: %d calls, expected %d" % (caller, callee, got, want))
    libc = proc.object_named("libc.so.6")
    sites = [(frm, c) for (frm, to), c in proc.p["arcs"].items()
             if proc.function_at(to) == main + ":compare"]
    in_libc = sum(c for frm, c in sites if libc and any(s <= frm < e for s, e in libc["segs"]))
    expect(prefix + ".arcs.qsort-compare", in_libc == int(parts["compare_calls"]),
           "%d calls of compare from libc, the program counted %d" %
           (in_libc, int(parts["compare_calls"])))

    for base, part in (("libc.so.6", "libc_ms"), ("libm.so.6", "libm_ms"),
                       ("libwork.so", "work_ms"), ("plugin.so", "plugin_ms")):
        check_time(prefix + ".samples." + base.split(".")[0], proc, base, parts[part])
    t = proc.p["times"]
    expect(prefix + ".times.present", t is not None, "no times record")
    if t:
        expect(prefix + ".times.none-lost", t["samples_lost"] == 0 and t["calls_lost"] == 0,
               "%d samples, %d calls lost" % (t["samples_lost"], t["calls_lost"]))
        measured = sum(parts[k] for k in parts if k.endswith("_ms"))
        user_ms = t["user_ns"] / 1e6
        cpu_ms = user_ms + t["system_ns"] / 1e6
        expect(prefix + ".times.cpu", cpu_ms >= 0.9 * measured,
               "user and system time %.0f ms, the parts alone took %.0f ms" % (cpu_ms, measured))
        taken_ms = t["taken"] * 1000.0 / proc.p["rate"]
        # the clocks count a thread's user and system time alike (a
        # sample in a system call lands as the call returns)
        expect(prefix + ".times.samples-taken", abs(taken_ms - cpu_ms) <= 0.2 * cpu_ms,
               "%.0f ms of samples taken, %.0f ms of user and system time" % (taken_ms, cpu_ms))
        outside = sum(proc.p["samples"].values())
        expect(prefix + ".times.samples-add-up", outside <= t["taken"],
               "%d samples recorded, %d taken" % (outside, t["taken"]))


def check_threads(prefix, d):
    proc = Process(os.path.join(d, ".gmon.out.process"))
    parts = read_parts(os.path.join(d, "parts.txt"))
    check_time(prefix + ".libm-samples-all-threads", proc, "libm.so.6", parts["libm_ms"])


def check_fork(prefix, d):
    child = read_parts(os.path.join(d, "parts-child.txt"))
    pid = int(child["pid"])
    cp, cg = (os.path.join(d, p % pid) for p in (".gmon.out.%d.process", "gmon.out.%d"))
    if not expect(prefix + ".child-pair", os.path.exists(cp) and os.path.exists(cg),
                  "the child %d wrote %s" % (pid, sorted(os.listdir(d)))):
        return
    parent, kid = Process(os.path.join(d, ".gmon.out.process")), Process(cp)
    expect(prefix + ".child-run-id", kid.p["run_id"] == gmon_run_id(cg) and
           kid.p["run_id"] not in (0, parent.p["run_id"]),
           "child %#x (its gmon.out %#x), parent %#x" %
           (kid.p["run_id"], gmon_run_id(cg), parent.p["run_id"]))
    expect(prefix + ".parent-run-id",
           parent.p["run_id"] == gmon_run_id(os.path.join(d, "gmon.out")),
           "parent's files disagree")
    check_time(prefix + ".child-samples", kid, "libm.so.6", child["libm_ms"])
    expect(prefix + ".parent-without-child-samples",
           parent.samples_in("libm.so.6") <= 0.1 * max(kid.samples_in("libm.so.6"), 1),
           "the parent's file has %d libm samples" % parent.samples_in("libm.so.6"))


def dump(path):
    p = Process(path)
    print("run id %#x" % p.p["run_id"])
    for o in p.p["objects"]:
        print(o["num"], o["flags"], hex(o["bias"]),
              [(hex(s), hex(e)) for s, e in o["segs"]], o["build_id"], o["path"])
    print("rate", p.p["rate"], "samples", len(p.p["samples"]), sum(p.p["samples"].values()))
    for (frm, to), c in sorted(p.p["arcs"].items(), key=lambda a: -a[1]):
        print("arc", p.function_at(frm), p.function_at(to), c)
    print("times", p.p["times"])


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "ids":
        print("%x %x" % (gmon_run_id(sys.argv[2]), read_process(sys.argv[3])["run_id"]))
        sys.exit(0)
    if mode == "lost":
        t = read_process(sys.argv[2])["times"]
        print(t["samples_lost"], t["calls_lost"])
        sys.exit(0)
    if mode != "dump":
        os.chdir(sys.argv[3])  # the loader's relative paths are the run's
        sys.argv[3] = "."
    if mode == "all":
        check_all(sys.argv[2], sys.argv[3], sys.argv[4])
    elif mode == "threads":
        check_threads(sys.argv[2], sys.argv[3])
    elif mode == "fork":
        check_fork(sys.argv[2], sys.argv[3])
    else:
        dump(sys.argv[2])
