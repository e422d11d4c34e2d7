#!/usr/bin/env python3
"""The timing loop and the tables of bench/perf16.sh (issue 16, SPEC §13; issue 25: against a
baseline binary). Run it through perf16.sh, which builds the C programs and the hello world and
generates the stores first.

perf16_run.py --bin AKKORD --work DIR [--base AKKORD0] [--tolerance 10] [--recheck 2] [--rounds 5] [--million]
              [--million-rounds 1] [--budget 60] [--fast-rounds 15] [--only GROUP,...] [--part3-memory]

Every row is a whole process (stdin and stdout /dev/null, stderr to a file read only on failure)
run by bench/timeit.c, which times it from fork to wait4 and takes its peak memory from wait4's
ru_maxrss: the figure `/usr/bin/time -f %M` prints (cross-checked once at the end). The floor is
`cat FILE | floor`, both processes started by timeit with a pipe between them, timed to the exit
of the last, memory the larger of the two.

Each group of rows has one untimed warm-up run of every program (page cache, any derived files
akkord keeps) and then rounds: in each round every program once, in turn, the order rotated by
one each round. The table shows the minimum time per program and the ratio of minimums to the
group's reference; peak memory is the maximum over all runs. A group whose warm-up round took
longer than --budget / rounds seconds gets fewer rounds (never fewer than 3), one whose programs
take under 0.1 s on average gets more (--fast-rounds, 15, within the budget): the table says how
many. The 1,000,000-line groups (--million) have no warm-up and --million-rounds rounds (1).
Programs that write are run on a store restored before every run (the reference too), so every
run starts from the same files: files akkord changed are copied back from a pristine copy and
fsynced, files it added are removed.

With --base, every akkord program of a group is run for both binaries in the same rounds: the two
runs of a program follow each other, which of them goes first alternates from round to round, and
the programs' order rotates as above (the reference runs once a round, for both). Reads run on
per-binary copies of each store made of hard links (the same file bytes and page cache; derived
files such as `.project-list` stay each binary's own); writes share one store, restored before
every run. The budget is per binary. A row passes when new/base, the ratio of the two minimums,
is at most 1 + tolerance/100; the table also gives the median of the per-round ratios ("paired")
and the difference of the minimums in ms, to judge a borderline row, and the ratio of the minimum
CPU times (user + system). A program over the tolerance after its group's rounds runs again (both
binaries, with the reference) for as many rounds, up to --recheck times (2); its row is then over
all its runs. Groups of fewer than 3 rounds get no verdict on time.

Groups (--only): 10k, 100k (reads), writes (100k), list (20,000 projects), normal (500 lines),
1M (reads and writes at 1,000,000 lines; needs --million), part3 (memory only: report xlsx,
project export and import at 100k and, with --million, 1M; needs --part3-memory).
Exit status: 0 when every verdict of the tables is PASS, 1 when one is FAIL or a program failed.
"""
import argparse, os, re, shlex, shutil, statistics, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("--bin", required=True)
ap.add_argument("--work", required=True)
ap.add_argument("--base", help="the baseline akkord: every akkord row run for both, compared")
ap.add_argument("--tolerance", type=float, default=10.0, help="per cent new may be slower than base (10)")
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("--million", action="store_true")
ap.add_argument("--million-rounds", type=int, default=1)
ap.add_argument("--budget", type=float, default=60.0, help="seconds of timed rounds per group and binary before rounds are cut (min 3)")
ap.add_argument("--fast-rounds", type=int, default=15, help="rounds for groups whose runs average under 0.1 s (within the budget)")
ap.add_argument("--recheck", type=int, default=2, help="with --base: passes in which rows over the tolerance run again for the group's rounds (2)")
ap.add_argument("--only", default="", help="comma-separated groups: 10k,100k,writes,list,normal,1M,part3")
ap.add_argument("--part3-memory", action="store_true", help="memory rows of §17/§19: report xlsx, project export, project import")
a = ap.parse_args()
W = os.path.abspath(a.work)
BIN = os.path.abspath(a.bin)
BASE = os.path.abspath(a.base) if a.base else None
WHO = ["new", "base"] if BASE else ["new"]
TOL = 1 + a.tolerance / 100
CAT = shutil.which("cat")
TIMEIT = os.path.join(W, "timeit")
ERR, RESULT = os.path.join(W, "stderr.txt"), os.path.join(W, "result.txt")
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(W, "home"), "LC_ALL": "C.UTF-8",
       "NO_COLOR": "1", "COLUMNS": "100", "XDG_CONFIG_HOME": os.path.join(W, "config"), "XDG_DATA_HOME": os.path.join(W, "data"),
       "TMPDIR": os.path.join(W, "tmp")}
for d in ("home", "config", "data", "tmp", "out"):
    os.makedirs(os.path.join(W, d), exist_ok=True)
MiB = 1024.0
GROUPS = {"10k", "100k", "writes", "list", "normal", "1M", "part3"}
ONLY = {g.strip() for g in a.only.split(",") if g.strip()}
if ONLY - GROUPS:
    print(f"perf16_run.py: unknown group(s) {', '.join(sorted(ONLY - GROUPS))}; groups: {', '.join(sorted(GROUPS))}", file=sys.stderr)
    sys.exit(2)


def wanted(group):
    if group == "1M" and not a.million: return False
    if group == "part3" and not a.part3_memory: return False
    return not ONLY or group in ONLY


def run(argv):
    """One whole process, or a pipeline (`A | B` as [A..., "|", B...]), timed by bench/timeit.c:
    (seconds, peak KiB, exit status, CPU seconds: user + system)."""
    acts = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0), (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, ERR, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    pid = os.posix_spawn(TIMEIT, [TIMEIT, RESULT] + argv, ENV, file_actions=acts)
    _, status, _ = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return 0.0, 0, f"timeit failed: {open(ERR, errors='replace').read().strip()}", 0.0
    ns, kib, code, cpu = open(RESULT).read().split()
    return int(ns) / 1e9, int(kib), int(code), int(cpu) / 1e9


class Restorer:
    """Puts a store back as it was: recopies files whose (inode, size, mtime) changed, removes added ones."""
    def __init__(self, store):
        self.store, self.pristine = store, store + ".pristine"
        shutil.rmtree(self.pristine, ignore_errors=True)
        shutil.copytree(store, self.pristine, symlinks=True)
        self.seen = self.snapshot()

    def snapshot(self):
        out = {}
        for root, dirs, files in os.walk(self.store):
            for n in dirs + files:
                p = os.path.join(root, n)
                st = os.lstat(p)
                out[os.path.relpath(p, self.store)] = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_mode)
        return out

    def __call__(self):
        now = self.snapshot()
        for rel in sorted(set(now) - set(self.seen), key=len, reverse=True):
            p = os.path.join(self.store, rel)
            if os.path.isdir(p) and not os.path.islink(p): shutil.rmtree(p)
            elif os.path.lexists(p): os.remove(p)
        dirs = set()
        for rel, st in self.seen.items():
            src, dst = os.path.join(self.pristine, rel), os.path.join(self.store, rel)
            if os.path.isdir(src):
                os.makedirs(dst, exist_ok=True); continue
            if now.get(rel) != st:
                if os.path.lexists(dst): os.remove(dst)
                shutil.copy2(src, dst)
                fd = os.open(dst, os.O_RDONLY); os.fsync(fd); os.close(fd)
                dirs.add(os.path.dirname(dst))
        for d in dirs:
            fd = os.open(d, os.O_RDONLY); os.fsync(fd); os.close(fd)
        self.seen = self.snapshot()


class Remover:
    """Removes a file a program writes (`-o FILE`), so every run writes a new one."""
    def __init__(self, path): self.path = path

    def __call__(self):
        if os.path.lexists(self.path): os.remove(self.path)


class Row:
    """One program run by one binary (who: "new", "base", or None for a reference)."""
    def __init__(self, label, argv, restore=None, target=None, who=None):
        self.label, self.argv, self.restore, self.target, self.who = label, argv, restore, target, who
        self.key = None  # the program's name in the memory table
        self.times, self.cpu, self.by_round, self.peak, self.error = [], [], {}, 0, None


def akkord(who): return BIN if who == "new" else BASE


def program(label, argv_of, restore=None, target=None):
    """A unit: the program `label` for every binary; argv_of(who) gives its argv after the binary."""
    return [Row(label, [akkord(w)] + argv_of(w), restore, target, w) for w in WHO]


def failed(row, code, k=None):
    msg = open(ERR, errors="replace").read().strip().splitlines()
    row.error = f"exit {code}" + (f" in round {k + 1}" if k is not None else "") + f": {msg[0][:80] if msg else ''}"


def measure(title, units, rounds, warmup=True, first_round=0):
    """Warm-up, then interleaved rounds over units (a reference: one row; a program: one row per
    binary, run one after the other, first one first in even rounds and last in odd ones). Returns
    the rounds used. Rounds are numbered from first_round (for the per-round ratios)."""
    rows = [r for u in units for r in u]
    t_warm = time.perf_counter()
    for row in (rows if warmup else []):
        if row.restore: row.restore()
        t, kib, code, _ = run(row.argv)
        row.peak = max(row.peak, kib)
        if code != 0:
            failed(row, code)
            print(f"  [{title}] {row.label}{' (' + row.who + ')' if BASE and row.who else ''}: {row.error}", file=sys.stderr)
    warm = time.perf_counter() - t_warm
    budget = a.budget * len(WHO)
    if warmup and rounds > 3 and warm * rounds > budget:
        rounds = max(3, int(budget / max(warm, 1e-9)))
    elif warmup and warm / len(rows) < 0.1:  # short runs are noisy: more rounds, within the budget
        rounds = max(rounds, min(a.fast_rounds, int(budget / max(warm, 1e-9))))
    live = [u for u in ([r for r in u if not r.error] for u in units) if u]
    print(f"  [{title}] warm-up {warm:.1f} s; {rounds} rounds of {sum(len(u) for u in live)} programs", file=sys.stderr)
    for k in range(rounds):
        order = live[k % len(live):] + live[:k % len(live)] if live else []
        for unit in order:
            for row in (unit if k % 2 == 0 else unit[::-1]):
                if row.restore: row.restore()
                t, kib, code, cpu = run(row.argv)
                if code != 0:
                    failed(row, code, k)
                    continue
                row.times.append(t); row.cpu.append(cpu); row.by_round[first_round + k] = t; row.peak = max(row.peak, kib)
    for restore in {id(r.restore): r.restore for r in rows if r.restore}.values():
        restore()  # leave the stores as they were
    return rounds


def slower(unit):
    return len(unit) == 2 and not any(r.error for r in unit) and best(unit[0]) > best(unit[1]) * TOL


def recheck(title, units, rounds):
    """With --base: up to --recheck times, the programs whose new/base is over the tolerance run
    again, both binaries, for `rounds` more interleaved rounds (with the group's reference); the
    minimums are then over all runs. A slower binary stays slower; a minimum that a busy moment
    spoilt does not. Returns {id(unit): extra rounds}."""
    extra = {}
    if not BASE or rounds < 3: return extra
    done = rounds
    for n in range(a.recheck):
        slow = [u for u in units if slower(u)]
        if not slow: break
        ref = [units[0]] if len(units[0]) == 1 else []
        measure(f"{title}, recheck {n + 1}", ref + slow, rounds, warmup=False, first_round=done)
        done += rounds
        for u in slow: extra[id(u)] = extra.get(id(u), 0) + rounds
    return extra


rechecked = {}  # group -> {id(unit): extra rounds}


def timed(group, title, units, rounds, warmup=True):
    used[group] = measure(title, units, rounds, warmup)
    rechecked[group] = recheck(title, units, used[group])


def fmt_t(t):
    return "—" if t is None else (f"{t * 1000:.1f} ms" if t < 1 else f"{t:.2f} s")


def fmt_m(kib):
    return f"{kib / MiB:.1f} MiB" if kib else "—"


def best(row):
    return min(row.times) if row and row.times and not row.error else None


# --- the stores perf16.sh generated (reads: NAME for the new binary, NAME.base for the baseline) ---
def store(name, who="new"): return os.path.join(W, name + (".base" if who == "base" else ""))


def pfile(name): return os.path.join(W, name, "projects", "big.json")


FLOOR, SAFECOPY, HELLO = os.path.join(W, "floor"), os.path.join(W, "safecopy"), os.path.join(W, "hello")
READS = [("json", "`akkord report --format json`", ["report", "--format", "json"], 3),
         ("text", "`akkord report` (text)", ["report"], 4),
         ("csv", "`akkord report --format csv`", ["report", "--format", "csv"], 4),
         ("html", "`akkord report --format html`", ["report", "--format", "html"], 4),
         ("lines", "`akkord lines`", ["lines"], 4),
         ("lines-json", "`akkord lines --json`", ["lines", "--json"], 4),
         ("check", "`akkord check`", ["check"], 4)]
WRITES = [("add", "`akkord add 1.01 12`", lambda n: ["add", "1.01", "12"]),
          ("edit", "`akkord edit 1 --quantity 13`", lambda n: ["edit", "1", "--quantity", "13"]),
          ("remove", None, lambda n: ["remove", str(n // 2)])]
PART3 = [("xlsx", "`akkord report --format xlsx -o FILE`"), ("export", "`akkord project export -o FILE`"),
         ("import", "`akkord project import BUNDLE --as imported`")]


def read_units(name):
    units = [[Row("floor: `cat FILE \\| floor` (64 KiB blocks, sums digit runs)", [CAT, pfile(name), "|", FLOOR], target=1)]]
    for key, label, args, t in READS:
        units.append(program(label, lambda w, args=args: ["--store", store(name, w)] + args, target=t))
        for r in units[-1]: r.key = key
    return units


def write_units(name, n_lines):
    ws = store(name)
    restore = Restorer(ws)
    F = pfile(name)
    units = [[Row("safe copy: `safecopy FILE` (tmp, fsync, rename, fsync dir)", [SAFECOPY, F], restore, 1)]]
    for key, label, args in WRITES:
        args = args(n_lines)
        units.append(program(label or f"`akkord {' '.join(args)}`", lambda w, args=args: ["--store", ws] + args, restore, 2))
        for r in units[-1]: r.key = key
    return units


def part3_units(rname, wname, bundle):
    """Memory only (§17, §19): xlsx and export on the read store, import of a bundle on the write store."""
    O = os.path.join(W, "out")
    restore = Restorer(store(wname))
    units = []
    for key, label in PART3:
        for w in WHO:
            if key == "xlsx":
                out = os.path.join(O, f"{rname}-{w}.xlsx")
                argv = [akkord(w), "--store", store(rname, w), "report", "--format", "xlsx", "-o", out]
                rm = Remover(out)
            elif key == "export":
                out = os.path.join(O, f"{rname}-{w}.akkord")
                argv = [akkord(w), "--store", store(rname, w), "project", "export", "-o", out]
                rm = Remover(out)
            else:
                argv = [akkord(w), "--store", store(wname), "project", "import", bundle, "--as", "imported"]
                rm = restore
            row = Row(label, argv, rm, None, w); row.key = key
            units.append([row])
    return units


def units_rows(units): return [r for u in units for r in u]


results = {}      # (group, key, who) -> row, for the memory table
used = {}         # group -> rounds
groups = []       # (group, header text, units, kind) in the order of the table
t_all = time.perf_counter()

for size, name, n in (("10k", "s10k", 10000), ("100k", "s100k", 100000), ("1M", "s1m", 1000000)):
    if not wanted(size): continue
    units = read_units(name)
    mill = size == "1M"
    timed(size, f"reads {size}", units, a.million_rounds if mill else a.rounds, warmup=not mill)
    for r in units_rows(units):
        if r.key: results[(size, r.key, r.who)] = r
    groups.append((size, name, units, "reads"))
    if mill:  # the writes at 1,000,000 lines, next to the reads
        wunits = write_units("s1m-w", n)
        timed("writes 1M", "writes 1M", wunits, a.million_rounds, warmup=False)
        for r in units_rows(wunits):
            if r.key: results[("1M", r.key, r.who)] = r
        groups.append(("writes 1M", "s1m-w", wunits, "writes"))

# writes on the 100,000-line project, each against the safe copy of the same file
if wanted("writes"):
    wunits = write_units("s100k-w", 100000)
    timed("writes", "writes 100k", wunits, a.rounds)
    for r in units_rows(wunits):
        if r.key: results[("100k", r.key, r.who)] = r
    groups.append(("writes", "s100k-w", wunits, "writes"))

# memory only: the §17/§19 streaming rules (xlsx, export, import), one run each
if wanted("part3"):
    for size, rname, wname, bundle in (("100k", "s100k", "s100k-w", "b100k.akkord"), ("1M", "s1m", "s1m-w", "b1m.akkord")):
        if size == "1M" and not a.million: continue
        units = part3_units(rname, wname, os.path.join(W, bundle))
        used[f"part3 {size}"] = measure(f"memory only {size} (§17, §19)", units, 1, warmup=False)
        for r in units_rows(units): results[(size, r.key, r.who)] = r

# project list over 20,000 small projects
if wanted("list"):
    units = [program("`akkord project list` (20,000 projects)", lambda w: ["--store", store("many", w), "project", "list"], target=0.5)]
    timed("list", "project list", units, a.rounds)
    groups.append(("list", None, units, "absolute"))

# every command on a normal project (500 lines) against a Foundation hello world
O = os.path.join(W, "out")
photo = os.path.join(W, "photo.jpg")
normal_reads = [
    ["report"], ["report", "--format", "json"], ["report", "--format", "csv"], ["report", "--format", "html"],
    ["report", "--format", "pdf", "-o", O + "/r.pdf"], ["report", "--format", "xlsx", "-o", O + "/r.xlsx"],
    ["lines"], ["lines", "--json"], ["history"], ["check"], ["summary"],
    ["project", "list"], ["project", "show"], ["project", "export", "-o", O + "/b.akkord"], ["project", "reprice", "--dry-run"],
    ["worker", "list"], ["hours", "list"], ["advance", "list"], ["supplement", "list"], ["extra", "list"], ["photo", "list"],
    ["catalogue", "info"], ["catalogue", "list"], ["catalogue", "search", "tagrende"], ["catalogue", "show", "1.01"],
    ["catalogue", "export", "-o", O + "/catalogue.json"], ["catalogue", "regulate", "2", "--dry-run"],
    ["config", "list"], ["help", "report"], ["--version"], ["demo"]]
normal_writes = [
    ["add", "1.01", "12"], ["edit", "1", "--quantity", "13"], ["remove", "250"], ["undo"],
    ["worker", "add", "Per Nielsen"], ["hours", "add", "jens-hansen", "7:30"], ["advance", "add", "jens-hansen", "1000"],
    ["supplement", "add", "Weekendtillæg", "3"], ["extra", "add", "Stillads", "--amount", "100"], ["photo", "add", photo],
    ["project", "new", "Ny opgave"], ["project", "edit", "--note", "ny note"], ["project", "close"], ["project", "use", "big"],
    ["project", "delete", "big", "--yes"]]


def label(args):
    def show(x):
        if x.startswith(W): return "…/" + os.path.basename(x)
        return shlex.quote(x) if re.search(r"[\s'\"$`\\|&;<>()*?]", x) else x
    return "`akkord " + " ".join(show(x) for x in args) + "`"


if wanted("normal"):
    restore_n = Restorer(store("normal-w"))
    normal = [[Row("Foundation hello world (bench/hello)", [HELLO], target=1)]]
    normal += [program(label(x), lambda w, x=x: ["--store", store("normal", w)] + x, target=1.5) for x in normal_reads]
    normal += [program(label(x) + " ¹", lambda w, x=x: ["--store", store("normal-w")] + x, restore_n, 1.5) for x in normal_writes]
    timed("normal", "normal project", normal, a.rounds)
    groups.append(("normal", None, normal, "normal"))
elapsed = time.perf_counter() - t_all


# --- the tables ---
fails = {"slower than base": 0, "targets missed": 0, "memory caps or growth exceeded": 0, "programs failed": 0}


def verdict(ok, kind):
    if not ok: fails[kind] += 1
    return "PASS" if ok else "**FAIL**"


def error_cell(row):
    fails["programs failed"] += 1
    return f"**ERROR** {row.error}"


def ratio_cells(row, ref, target):
    """× ref, target and result of one row against its group's reference (ref None: an absolute target)."""
    t = best(row)
    if ref is None:
        return "—", f"< {target} s", verdict(t < target, "targets missed")
    rt = best(ref)
    if not rt: return "—", "", ""
    if target is None: return f"{t / rt:.2f}", "—", ""
    return f"{t / rt:.2f}", f"≤ {target} ×", verdict(t / rt <= target, "targets missed")


def table_rows(units, ref, targets=True):
    """Without --base: | program | min time | × ref | target | result | peak memory |."""
    lines = []
    for unit in units:
        row = unit[0]
        t = best(row)
        tgt = row.target if targets else None
        if row.error:
            lines.append(f"| {row.label} | ERROR | | {'' if tgt is None else tgt} | {error_cell(row)} | {fmt_m(row.peak)} |"); continue
        if row is (ref[0] if ref else None):
            lines.append(f"| {row.label} | {fmt_t(t)} | 1 | reference | | {fmt_m(row.peak)} |"); continue
        x, target, result = ratio_cells(row, ref[0] if ref else None, tgt)
        lines.append(f"| {row.label} | {fmt_t(t)} | {x} | {target} | {result} | {fmt_m(row.peak)} |")
    return lines


def compare_rows(units, ref, rounds, targets=True, extra=None):
    """With --base: | program | base | new | new/base | paired | CPU | Δ | ≤ tol | × ref | target | result | base peak | new peak |."""
    lines = []
    for unit in units:
        if len(unit) == 1:  # the reference, run once a round for both
            row = unit[0]
            cells = [row.label, "", fmt_t(best(row)), "", "", "", "", error_cell(row) if row.error else "", "1", "reference", "", "", fmt_m(row.peak)]
            lines.append("| " + " | ".join(cells) + " |"); continue
        new, base = unit
        tn, tb = best(new), best(base)
        tgt = new.target if targets else None
        if new.error or base.error:
            err = "; ".join(f"{r.who}: {r.error}" for r in unit if r.error)
            fails["programs failed"] += 1
            lines.append(f"| {new.label} | {fmt_t(tb)} | {fmt_t(tn)} | | | | | **ERROR** {err} | | | | {fmt_m(base.peak)} | {fmt_m(new.peak)} |")
            continue
        pairs = [new.by_round[k] / base.by_round[k] for k in new.by_round if k in base.by_round]
        paired = f"{statistics.median(pairs):.3f}" if pairs else "—"
        cpu = f"{min(new.cpu) / min(base.cpu):.3f}" if min(base.cpu) > 0 else "—"
        delta = f"{(tn - tb) * 1000:+.1f} ms"
        ok = verdict(tn <= tb * TOL, "slower than base") if rounds >= 3 else "— (1 run)" if rounds == 1 else f"— ({rounds} runs)"
        if extra and id(unit) in extra: ok += f" ² +{extra[id(unit)]}"
        x, target, result = ratio_cells(new, ref[0] if ref else None, tgt)
        lines.append(f"| {new.label} | {fmt_t(tb)} | {fmt_t(tn)} | {tn / tb:.3f} | {paired} | {cpu} | {delta} | {ok} | {x} | {target} | "
                     f"{result} | {fmt_m(base.peak)} | {fmt_m(new.peak)} |")
    return lines


out = []
if BASE:
    tol = f"{a.tolerance:g}"
    out.append(f"| program | base min | new min | new/base | paired | CPU new/base | Δ new − base | ≤ +{tol} % | new × ref | target | result | base peak | new peak |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---|---:|---|---|---:|---:|")
    group_header = lambda text: f"| *{text}* | | | | | | | | | | | | |"
else:
    out.append("| program | min time | × ref | target | result | peak memory |")
    out.append("|---|---:|---:|---|---|---:|")
    group_header = lambda text: f"| *{text}* | | | | | |"


def rows_of(units, ref, rounds, targets=True, extra=None):
    return compare_rows(units, ref, rounds, targets, extra) if BASE else table_rows(units, ref, targets)


def mb(name): return os.path.getsize(pfile(name)) / 1e6


notes = []  # printed after the table
any_recheck = False
ORDER = ["100k", "writes", "list", "normal", "10k", "1M", "writes 1M"]  # the §13 targets first
for g, name, units, kind in sorted(groups, key=lambda x: ORDER.index(x[0])):
    r = used[g]
    if rechecked.get(g): any_recheck = True
    if kind == "reads":
        big = g == "1M"
        what = (f"{'1,000,000' if big else '100,000' if g == '100k' else '10,000'} lines, {mb(name):.1f} MB project file; "
                f"reference: the floor; {r} round{'s' if r != 1 else ''}" + ("; no §13 time target at this size" if g != "100k" else ""))
        out.append(group_header(what))
        out += rows_of(units, units[0], r, (g == "100k"), rechecked.get(g))
    elif kind == "writes":
        big = g == "writes 1M"
        out.append(group_header(f"writes on the {'1,000,000' if big else '100,000'}-line project; reference: the safe copy; {r} round{'s' if r != 1 else ''}"
                                + ("; no §13 time target at this size" if big else "")))
        out += rows_of(units, units[0], r, not big, rechecked.get(g))
    elif kind == "absolute":
        out.append(group_header(f"20,000 small projects; absolute target; {r} rounds"))
        out += rows_of(units, None, r, True, rechecked.get(g))
    else:
        out.append(group_header(f"normal project (500 lines); reference: Foundation hello world; {r} rounds"))
        out += rows_of(units, units[0], r, True, rechecked.get(g))
        hw = best(units[0][0])
        n_ok = sum(1 for u in units[1:] if best(u[0]) is not None and hw and best(u[0]) / hw <= 1.5)
        notes.append(f"Normal project: {n_ok} of {len(units) - 1} commands{' of the new binary' if BASE else ''} within 1.5 × the hello world. "
                   "¹ writes: the store is restored before every run.")
if notes:
    out.append("")
    out += notes
if BASE:
    out.append("")
    out.append(f"new = {BIN}, base = {BASE}. new/base is the ratio of the two minimums (the verdict: PASS when at most "
               f"{TOL:.2f}); paired is the median over the rounds of new/base within a round (the two runs of a program "
               "are neighbours in every round); CPU new/base is the ratio of the minimum CPU times (user + system: "
               "without the time spent waiting for a core or the disk); Δ is new − base of the minimums. Targets and "
               "× ref are the new binary's."
               + (f" ² +N: over the tolerance after the group's rounds, so run again (both binaries and the reference) for N "
                  f"more rounds, in up to {a.recheck} passes; every figure of the row is then over all its runs." if any_recheck else ""))

# memory table: SPEC §13, under 40 MiB at 100,000 lines and under 64 MiB at 1,000,000, readers and writers
have = lambda size: any(k[0] == size for k in results)
if results:
    size10, size100 = os.path.getsize(pfile("s10k")), os.path.getsize(pfile("s100k"))
    quarter = (size100 - size10) / 4
    million = have("1M")
    out.append("")
    head = "| program |" + (" binary |" if BASE else "") + " peak at 10k | peak at 100k | < 40 MiB at 100k | growth 10k → 100k | < ¼ of extra file |"
    sep = "|---|" + ("---|" if BASE else "") + "---:|---:|---|---:|---|"
    if million:
        head += " peak at 1M | < 64 MiB at 1M |"; sep += "---:|---|"
    out.append(head); out.append(sep)
    mem = [(k, l) for k, l, _, _ in READS] + [(k, l or "`akkord remove` (the middle line)") for k, l, _ in WRITES]
    if a.part3_memory: mem += [(k, l + " (§17, §19)") for k, l in PART3]
    for key, lab in mem:
        for w in WHO:
            r10, r100, r1m = (results.get((s, key, w)) for s in ("10k", "100k", "1M"))
            if not (r10 or r100 or r1m): continue
            m10, m100 = (r.peak if r else 0 for r in (r10, r100))
            cells = [lab] + ([w] if BASE else []) + [fmt_m(m10), fmt_m(m100),
                     verdict(m100 < 40 * MiB, "memory caps or growth exceeded") if m100 else "—"]
            if m10 and m100:
                growth = (m100 - m10) * 1024
                cells += [f"{growth / 2**20:.1f} MiB", verdict(growth < quarter, "memory caps or growth exceeded")]
            else:
                cells += ["—", "—"]
            if million:
                m1 = r1m.peak if r1m else 0
                cells += [fmt_m(m1), verdict(m1 < 64 * MiB, "memory caps or growth exceeded") if m1 else "—"]
            out.append("| " + " | ".join(cells) + " |")
    out.append("")
    files = f"Project files: 10k lines {size10 / 1e6:.1f} MB, 100k lines {size100 / 1e6:.1f} MB"
    if million: files += f", 1M lines {mb('s1m'):.1f} MB"
    out.append(files + f"; a quarter of the extra file size 10k → 100k is {quarter / 2**20:.1f} MiB. "
               "Peak memory is ru_maxrss (KiB, shown as MiB), the maximum over the warm-up and all rounds. "
               "Caps (SPEC §13): under 40 MiB at 100,000 lines, under 64 MiB at 1,000,000, for the readers and the writers"
               + ("; §17/§19 extend them to the xlsx report, project export and import (the export rule of §19 has 5 photos "
                  "of about 200 KB; these stores have one small one)" if a.part3_memory else "") + ".")

# cross-check: /usr/bin/time -f %M on one program gives the figure the table shows
gt = shutil.which("time", path="/usr/bin")
rj = results.get(("100k", "json", "new"))
if gt and rj:
    p = subprocess.run([gt, "-f", "%M", BIN, "--store", store("s100k"), "report", "--format", "json"], env=ENV,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    tail = p.stderr.strip().splitlines()[-1:] or ["?"]
    out.append("")
    out.append(f"Cross-check: `/usr/bin/time -f %M akkord report --format json` (100k) says {tail[0]} KiB; "
               f"the table's wait4 ru_maxrss was {rj.peak} KiB (max over runs).")
out.append(f"Timed part: {elapsed:.0f} s.")
bad = {k: v for k, v in fails.items() if v}
out.append("Verdict: " + ("every row PASS." if not bad else "; ".join(f"{v} {k}" for k, v in bad.items()) + "."))
print("\n".join(out))
sys.exit(1 if bad else 0)
