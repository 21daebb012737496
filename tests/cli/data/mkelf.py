#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# mkelf.py OUT CLASS ORDER: write a minimal ELF executable (no program to
# run, only what gprof reads: a .text section and function symbols) of
# class 32 or 64 and byte order "little" or "big", so that the profile
# reader can be tested end to end on address sizes and byte orders this
# machine cannot build.  The functions are listed in FUNCTIONS below.
import struct
import sys

TEXT_ADDR = 0x1000
FUNCTIONS = [("main", 0x1000, 0x40), ("alpha", 0x1040, 0x40),
             ("beta", 0x1080, 0x80), ("gamma", 0x1100, 0x100)]
TEXT_SIZE = 0x200


def build(bits, order):
    e = ">" if order == "big" else "<"
    is64 = bits == 64
    addr = "Q" if is64 else "I"
    text = bytes(TEXT_SIZE)
    shstrtab = b"\0.text\0.symtab\0.strtab\0.shstrtab\0"
    strtab = b"\0" + b"".join(n.encode() + b"\0" for n, _, _ in FUNCTIONS)
    syms = [b""]
    off = 1
    for name, value, size in FUNCTIONS:
        info = (1 << 4) | 2  # STB_GLOBAL, STT_FUNC
        if is64:
            syms.append(struct.pack(e + "IBBHQQ", off, info, 0, 1, value, size))
        else:
            syms.append(struct.pack(e + "IIIBBH", off, value, size, info, 0, 1))
        off += len(name) + 1
    symsize = 24 if is64 else 16
    syms[0] = bytes(symsize)
    symtab = b"".join(syms)

    ehsize = 64 if is64 else 52
    shentsize = 64 if is64 else 40
    body = bytearray()
    offsets = {}
    for name, data, align in (("text", text, 16), ("symtab", symtab, 8),
                              ("strtab", strtab, 1), ("shstrtab", shstrtab, 1)):
        pos = ehsize + len(body)
        pad = (-pos) % align
        body += bytes(pad)
        offsets[name] = ehsize + len(body)
        body += data
    shoff = ehsize + len(body)
    shoff += (-shoff) % 8
    body += bytes(shoff - ehsize - len(body))

    def shdr(name, type_, flags, addr_, offset, size, link, info, align, entsize):
        if is64:
            return struct.pack(e + "IIQQQQIIQQ", name, type_, flags, addr_, offset,
                               size, link, info, align, entsize)
        return struct.pack(e + "IIIIIIIIII", name, type_, flags, addr_, offset,
                           size, link, info, align, entsize)

    shdrs = [bytes(shentsize),
             shdr(1, 1, 6, TEXT_ADDR, offsets["text"], len(text), 0, 0, 16, 0),
             shdr(7, 2, 0, 0, offsets["symtab"], len(symtab), 3, 1, 8, symsize),
             shdr(15, 3, 0, 0, offsets["strtab"], len(strtab), 0, 0, 1, 0),
             shdr(23, 3, 0, 0, offsets["shstrtab"], len(shstrtab), 0, 0, 1, 0)]
    ident = b"\x7fELF" + bytes([2 if is64 else 1, 2 if order == "big" else 1, 1]) + bytes(9)
    machine = 21 if is64 else 20  # EM_PPC64, EM_PPC (BFD's generic ELF reads them)
    header = ident + struct.pack(e + "HHI" + addr + addr + addr + "IHHHHHH",
                                 2, machine, 1, FUNCTIONS[0][1], 0, shoff, 0,
                                 ehsize, 0, 0, shentsize, len(shdrs), 4)
    return header + bytes(body) + b"".join(shdrs)


if __name__ == "__main__":
    out, bits, order = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(out, "wb") as f:
        f.write(build(bits, order))
