# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
# tests/runtime/windows.py FILE...: the samples the files hold (gmon.out's
# histogram and the process file's samples) and the samples the runtime
# says it took (the times record), each summed over the files (t-windows.sh)
import struct, sys, os
inf = taken = 0
for f in sys.argv[1:]:
    d = open(f, 'rb').read(); at = 20
    while at < len(d):
        tag = d[at]; at += 1
        if tag == 0:
            lo, hi, n, r = struct.unpack_from('<QQII', d, at); at += 24 + 16
            inf += sum(struct.unpack_from('<%dH' % n, d, at)); at += 2 * n
        elif tag == 1:
            at += 20
        else:
            break
    p = os.path.join(os.path.dirname(f), '.' + os.path.basename(f) + '.process')
    d = open(p, 'rb').read(); at = 32
    while at + 8 <= len(d):
        tag, n = struct.unpack_from('<II', d, at)
        if tag == 2:
            cnt, = struct.unpack_from('<I', d, at + 12)
            for k in range(cnt):
                inf += struct.unpack_from('<Q', d, at + 16 + 16 * k + 8)[0]
        if tag == 4:
            taken += struct.unpack_from('<Q', d, at + 8 + 16)[0]
        at += 8 + n
print(inf, taken)
