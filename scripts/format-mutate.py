#!/usr/bin/env python3
"""Differential fuzzing of hclfmt against Go's: random mutations of the
formatter corpus (hcl-core/tests/format/*/*.in) through both tools, plain
and with -check, comparing standard output, standard error and exit status.

    scripts/format-mutate.py GO_HCLFMT RUST_HCLFMT [ROUNDS] [SEED] [--utf8]

With --utf8, only mutants that are valid UTF-8 are run (Go's scanner takes
some invalid sequences next to identifiers as identifier characters, which
ours does not: see hcl-core/tests/format/README.md). Differing inputs are
kept in /tmp/format-mutate-diffs/."""
import glob
import os
import random
import subprocess
import sys

FRAGMENTS = [b"{", b"}", b"[", b"]", b"(", b")", b"${", b"%{", b"~}", b"\"", b"<<EOT\n",
             b"<<-EOT\n", b"\nEOT\n", b"\n", b"\r\n", b"\r", b" ", b"\t", b"=", b"==", b"-",
             b"!", b"# c\n", b"// c\n", b"/* c */", b"/*", b"*/", b",", b"...", b".", b":",
             b"?", b"=>", b"for", b" in ", b"if", b"\xff", b"\x00", b"\xc3\xa9", b"e\xcc\x81",
             b"\xef\xbb\xbf", b"a", b"1", b"1.5e3", b"$", b"%", b"\\", b"'", b";", b"&&", b"||"]


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        pos = rng.randint(0, len(data))
        if op < 0.4:
            data[pos:pos] = rng.choice(FRAGMENTS)
        elif op < 0.6 and data:
            end = min(len(data), pos + rng.randint(1, 8))
            del data[pos:end]
        elif op < 0.8 and data:
            start = rng.randint(0, len(data) - 1)
            chunk = data[start:start + rng.randint(1, 40)]
            data[pos:pos] = chunk
        elif data:
            # Change the blanks at a position.
            data[pos:pos] = b" " * rng.randint(0, 5)
    return bytes(data)


def run(binary, args, data):
    p = subprocess.run([binary] + args, input=data, capture_output=True, timeout=60)
    return p.stdout, p.stderr, p.returncode


def main():
    utf8_only = "--utf8" in sys.argv
    sys.argv = [a for a in sys.argv if a != "--utf8"]
    go, rust = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 14)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "hcl-core", "tests", "format")
    seeds = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, "*", "*.in")))]
    seeds = [s for s in seeds if len(s) < 20000]
    out_dir = "/tmp/format-mutate-diffs"
    os.makedirs(out_dir, exist_ok=True)
    diffs = 0
    ran = 0
    for i in range(rounds):
        data = mutate(rng, rng.choice(seeds))
        if utf8_only:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
        ran += 1
        for args in ([], ["-check"]):
            if run(go, args, data) != run(rust, args, data):
                diffs += 1
                name = os.path.join(out_dir, "diff-%d%s.hcl" % (i, "-check" if args else ""))
                open(name, "wb").write(data)
                print("DIFF", name)
    print("%d inputs, 2 runs each: %d differences" % (ran, diffs))
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
