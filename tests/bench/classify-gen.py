#!/usr/bin/env python3
"""Generates a realistic stderr for the classify benchmark (deterministic).

  classify-gen.py lines SIZE_BYTES OUT   build/tool chatter, one denial near the end
  classify-gen.py oneline SIZE_BYTES OUT a single line of SIZE_BYTES, one denial near its end
"""
import random
import sys

CHATTER = [
    "src/{m}/{f}.c:{n}:{c}: warning: unused variable \u2018tmp{n}\u2019 [-Wunused-variable]",
    "src/{m}/{f}.c:{n}:{c}: note: in expansion of macro \u2018CHECK\u2019",
    "make[{c}]: Entering directory '/home/builder/project/{m}'",
    "make[{c}]: Leaving directory '/home/builder/project/{m}'",
    "  CC       drivers/{m}/{f}.o",
    "  LD [M]   drivers/{m}/{f}.ko",
    "[ {c}%] Building C object src/CMakeFiles/{m}.dir/{f}.c.o",
    "npm WARN deprecated {f}@{c}.{n}.0: this version is no longer supported, please update",
    "npm notice New minor version of npm available! 10.{c}.0 -> 10.{n}.1",
    "Traceback (most recent call last):",
    "  File \"/usr/lib/python3/dist-packages/{m}/{f}.py\", line {n}, in <module>",
    "DEBUG 2026-11-30 12:{c}:{n},123 {m}.{f}: processing batch {n} of 99999",
    "INFO  [{m}] fetched {n} objects from https://registry.example.org/{f} in {c} ms",
    "ld: warning: {f}.o: missing .note.GNU-stack section implies executable stack",
    "error[E0382]: borrow of moved value: `{f}` --> src/{m}.rs:{n}:{c}",
    "cp: cannot stat '{f}.txt': No such file or directory",
    "fatal: not a git repository (or any of the parent directories): .git",
    "WARNING: Retrying (Retry(total={c}, connect=None)) after connection broken: /simple/{f}/",
    "ok {n} - {m} {f} passes in 0.{c}s",
    "    at Object.<anonymous> (/srv/app/{m}/{f}.js:{n}:{c})",
]
WORDS = ["core", "net", "util", "parser", "io", "fs", "crypto", "http", "db", "cache", "sched", "ui"]
DENIAL = "touch: cannot touch '/etc/sbx-bench': Read-only file system\n"


def main():
    kind, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rnd = random.Random(20261130)
    with open(out, "wb") as f:
        if kind == "oneline":
            chunk = " ".join(rnd.choice(WORDS) + str(rnd.randint(0, 999)) for _ in range(20000)).encode()
            left = size - len(DENIAL) - 1000
            while left > 0:
                part = chunk[:left]
                f.write(part)
                left -= len(part)
            f.write(b" " + DENIAL.rstrip("\n").encode() + b" " + b"x" * (1000 - len(DENIAL) - 1) + b"\n")
            return
        written, batch, denial_at = 0, [], size - size // 100
        denied = False
        while written < size:
            line = rnd.choice(CHATTER).format(m=rnd.choice(WORDS), f=rnd.choice(WORDS) + str(rnd.randint(0, 99)),
                                              n=rnd.randint(1, 9999), c=rnd.randint(0, 99)) + "\n"
            if not denied and written >= denial_at:
                line, denied = DENIAL, True
            b = line.encode()
            batch.append(b)
            written += len(b)
            if len(batch) >= 20000:
                f.write(b"".join(batch))
                batch = []
        f.write(b"".join(batch))


if __name__ == "__main__":
    main()
