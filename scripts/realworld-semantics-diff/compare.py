"""Compares the answers run.sh gathered in a work directory: Go's (go.txt),
ours in Go mode (go-mode.txt) and in spec mode with the number of warnings
(spec-mode.txt), one line a case of cases.txt. Prints the figures and a few
examples of each kind of mismatch."""

import sys

work = sys.argv[1]


def lines(name):
    with open(f"{work}/{name}", encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")[:-1]


cases = open(f"{work}/cases.txt", encoding="utf-8", errors="replace").read().split("\x1e\n")[1:]
go, go_mode, spec_mode = lines("go.txt"), lines("go-mode.txt"), lines("spec-mode.txt")
assert len(go) == len(go_mode) == len(spec_mode) == len(cases), (
    len(go), len(go_mode), len(spec_mode), len(cases))
files = len(open(f"{work}/list.txt").read().split("\n")) - 1


def short(s, n=160):
    s = s.replace("\n", "\\n")
    return s if len(s) <= n else s[:n] + "..."


agree = differ = warned = wrong = 0
shown = {"go": 0, "missed": 0, "wrong": 0}
for i, (g, ours, spec) in enumerate(zip(go, go_mode, spec_mode)):
    text = cases[i].split("\n", 1)[1].rstrip("\n") if "\n" in cases[i] else ""
    spec_line, _, warnings = spec.rpartition("\t")
    warnings = int(warnings)
    if g == ours:
        agree += 1
    elif shown["go"] < 10:
        shown["go"] += 1
        print(f"Go mode differs: {short(text)}\n  Go:   {short(g)}\n  ours: {short(ours)}")
    if spec_line != g:
        differ += 1
        if warnings:
            warned += 1
        elif shown["missed"] < 10:
            shown["missed"] += 1
            print(f"differs without a warning: {short(text)}\n  Go:   {short(g)}\n  spec: {short(spec_line)}")
    elif warnings:
        wrong += 1
        if shown["wrong"] < 10:
            shown["wrong"] += 1
            print(f"agrees but warns: {short(text)}\n  both: {short(g)}")

print(f"{files} files, {len(go)} expressions")
print(f"Semantics::Go: {agree} agree with Go, {len(go) - agree} differ")
print(f"Semantics::Spec: {differ} differ from Go, {warned} of them with a warning; "
      f"{wrong} agreeing ones with a warning")
