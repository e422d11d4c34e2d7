#!/usr/bin/env python3
"""The timing loop and the table of bench/perf16.sh (issue 16, SPEC §13). Run it through
perf16.sh, which builds the C programs and the hello world and generates the stores first.

perf16_run.py --bin AKKORD --work DIR [--rounds 5] [--million] [--million-rounds 1] [--budget 60]

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
many. The 1,000,000-line group (--million) has no warm-up and --million-rounds rounds (1).
Programs that write are run on a store restored before every run (the reference too), so every
run starts from the same files: files akkord changed are copied back from a pristine copy and
fsynced, files it added are removed.
"""
import argparse, os, re, shlex, shutil, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("--bin", required=True)
ap.add_argument("--work", required=True)
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("--million", action="store_true")
ap.add_argument("--million-rounds", type=int, default=1)
ap.add_argument("--budget", type=float, default=60.0, help="seconds of timed rounds per group before rounds are cut (min 3)")
ap.add_argument("--fast-rounds", type=int, default=15, help="rounds for groups whose runs average under 0.1 s (within the budget)")
a = ap.parse_args()
W = os.path.abspath(a.work)
BIN = os.path.abspath(a.bin)
CAT = shutil.which("cat")
TIMEIT = os.path.join(W, "timeit")
ERR, RESULT = os.path.join(W, "stderr.txt"), os.path.join(W, "result.txt")
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(W, "home"), "LC_ALL": "C.UTF-8",
       "NO_COLOR": "1", "COLUMNS": "100", "XDG_CONFIG_HOME": os.path.join(W, "config"), "XDG_DATA_HOME": os.path.join(W, "data"),
       "TMPDIR": os.path.join(W, "tmp")}
for d in ("home", "config", "data", "tmp", "out"):
    os.makedirs(os.path.join(W, d), exist_ok=True)
MiB = 1024.0


def run(argv):
    """One whole process, or a pipeline (`A | B` as [A..., "|", B...]), timed by bench/timeit.c:
    (seconds, peak KiB, exit status)."""
    acts = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0), (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, ERR, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    pid = os.posix_spawn(TIMEIT, [TIMEIT, RESULT] + argv, ENV, file_actions=acts)
    _, status, _ = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return 0.0, 0, f"timeit failed: {open(ERR, errors='replace').read().strip()}"
    ns, kib, code = open(RESULT).read().split()
    return int(ns) / 1e9, int(kib), int(code)


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


class Row:
    def __init__(self, label, argv, restore=None, target=None):
        self.label, self.argv, self.restore, self.target = label, argv, restore, target
        self.times, self.peak, self.error = [], 0, None


def measure(title, rows, rounds, warmup=True):
    """Warm-up, then interleaved rounds. Returns the rounds used."""
    t_warm = time.perf_counter()
    for row in (rows if warmup else []):
        if row.restore: row.restore()
        t, kib, code = run(row.argv)
        row.peak = max(row.peak, kib)
        if code != 0:
            msg = open(ERR, errors="replace").read().strip().splitlines()
            row.error = f"exit {code}: {msg[0][:80] if msg else ''}"
            print(f"  [{title}] {row.label}: {row.error}", file=sys.stderr)
    warm = time.perf_counter() - t_warm
    if warmup and rounds > 3 and warm * rounds > a.budget:
        rounds = max(3, int(a.budget / max(warm, 1e-9)))
    elif warmup and warm / len(rows) < 0.1:  # short runs are noisy: more rounds, within the budget
        rounds = max(rounds, min(a.fast_rounds, int(a.budget / max(warm, 1e-9))))
    live = [r for r in rows if not r.error]
    print(f"  [{title}] warm-up {warm:.1f} s; {rounds} rounds of {len(live)} programs", file=sys.stderr)
    for k in range(rounds):
        order = live[k % len(live):] + live[:k % len(live)] if live else []
        for row in order:
            if row.restore: row.restore()
            t, kib, code = run(row.argv)
            if code != 0:
                msg = open(ERR, errors="replace").read().strip().splitlines()
                row.error = f"exit {code} in round {k + 1}: {msg[0][:80] if msg else ''}"
                continue
            row.times.append(t); row.peak = max(row.peak, kib)
    for restore in {id(r.restore): r.restore for r in rows if r.restore}.values():
        restore()  # leave the stores as they were
    return rounds


def fmt_t(t):
    return "—" if t is None else (f"{t * 1000:.1f} ms" if t < 1 else f"{t:.2f} s")


def fmt_m(kib):
    return f"{kib / MiB:.1f} MiB" if kib else "—"


def best(row):
    return min(row.times) if row.times and not row.error else None


# --- the stores perf16.sh generated ---
def store(name): return os.path.join(W, name)


def pfile(name): return os.path.join(W, name, "projects", "big.json")


FLOOR, SAFECOPY, HELLO = os.path.join(W, "floor"), os.path.join(W, "safecopy"), os.path.join(W, "hello")
READS = [("`akkord report --format json`", ["report", "--format", "json"], 3),
         ("`akkord report` (text)", ["report"], 4),
         ("`akkord report --format csv`", ["report", "--format", "csv"], 4),
         ("`akkord report --format html`", ["report", "--format", "html"], 4),
         ("`akkord lines`", ["lines"], 4),
         ("`akkord lines --json`", ["lines", "--json"], 4),
         ("`akkord check`", ["check"], 4)]


def read_rows(name):
    rows = [Row("floor: `cat FILE \\| floor` (64 KiB blocks, sums digit runs)", [CAT, pfile(name), "|", FLOOR], target=1)]
    rows += [Row(label, [BIN, "--store", store(name)] + args, target=t) for label, args, t in READS]
    return rows


out = []          # the printed report, markdown
results = {}      # (size, label) -> row
t_all = time.perf_counter()
sizes = [("10k", "s10k", a.rounds), ("100k", "s100k", a.rounds)] + ([("1M", "s1m", a.million_rounds)] if a.million else [])
used = {}
for size, name, r in sizes:
    rows = read_rows(name)
    used[size] = measure(f"reads {size}", rows, r, warmup=(size != "1M"))  # 1M: memory is the point; no warm-up
    for row in rows: results[(size, row.label)] = row

# writes on the 100,000-line project, each against the safe copy of the same file
ws = store("s100k-w")
restore_w = Restorer(ws)
F = pfile("s100k-w")
n_lines = 100000
writes = [Row("safe copy: `safecopy FILE` (tmp, fsync, rename, fsync dir)", [SAFECOPY, F], restore_w, 1),
          Row("`akkord add 1.01 12`", [BIN, "--store", ws, "add", "1.01", "12"], restore_w, 2),
          Row("`akkord edit 1 --quantity 13`", [BIN, "--store", ws, "edit", "1", "--quantity", "13"], restore_w, 2),
          Row(f"`akkord remove {n_lines // 2}`", [BIN, "--store", ws, "remove", str(n_lines // 2)], restore_w, 2)]
used["writes"] = measure("writes 100k", writes, a.rounds)

# project list over 20,000 small projects
plist = [Row("`akkord project list` (20,000 projects)", [BIN, "--store", store("many"), "project", "list"], target=0.5)]
used["list"] = measure("project list", plist, a.rounds)

# every command on a normal project (500 lines) against a Foundation hello world
nr, nw = store("normal"), store("normal-w")
restore_n = Restorer(nw)
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


normal = [Row("Foundation hello world (bench/hello)", [HELLO], target=1)]
normal += [Row(label(x), [BIN, "--store", nr] + x, target=1.5) for x in normal_reads]
normal += [Row(label(x) + " ¹", [BIN, "--store", nw] + x, restore_n, 1.5) for x in normal_writes]
used["normal"] = measure("normal project", normal, a.rounds)
elapsed = time.perf_counter() - t_all


# --- the tables ---
def verdict(ok): return "PASS" if ok else "**FAIL**"


def table_rows(rows, ref, unit_target):
    lines = []
    rt = best(ref) if ref else None
    for row in rows:
        t = best(row)
        if row.error:
            lines.append(f"| {row.label} | ERROR | | {unit_target(row)} | **ERROR** {row.error} | {fmt_m(row.peak)} |"); continue
        if ref is None:
            ok = t < row.target
            lines.append(f"| {row.label} | {fmt_t(t)} | — | < {row.target} s | {verdict(ok)} | {fmt_m(row.peak)} |"); continue
        ratio = t / rt if rt else float("nan")
        if row is ref:
            lines.append(f"| {row.label} | {fmt_t(t)} | 1 | reference | | {fmt_m(row.peak)} |"); continue
        lines.append(f"| {row.label} | {fmt_t(t)} | {ratio:.2f} | ≤ {row.target} × | {verdict(ratio <= row.target)} | {fmt_m(row.peak)} |")
    return lines


def group_header(text): return f"| *{text}* | | | | | |"


out.append("| program | min time | × ref | target | result | peak memory |")
out.append("|---|---:|---:|---|---|---:|")
size100 = os.path.getsize(pfile("s100k"))
r100 = [results[("100k", r.label)] for r in read_rows("s100k")]
out.append(group_header(f"100,000 lines, {size100 / 1e6:.1f} MB project file; reference: the floor; {used['100k']} rounds"))
out += table_rows(r100, r100[0], lambda r: f"≤ {r.target} ×")
out.append(group_header(f"writes on the 100,000-line project; reference: the safe copy; {used['writes']} rounds"))
out += table_rows(writes, writes[0], lambda r: f"≤ {r.target} ×")
out.append(group_header(f"20,000 small projects; absolute target; {used['list']} rounds"))
out += table_rows(plist, None, lambda r: f"< {r.target} s")
out.append(group_header(f"normal project (500 lines); reference: Foundation hello world; {used['normal']} rounds"))
out += table_rows(normal, normal[0], lambda r: f"≤ {r.target} ×")
n_ok = sum(1 for r in normal[1:] if best(r) is not None and best(normal[0]) and best(r) / best(normal[0]) <= 1.5)
out.append("")
out.append(f"Normal project: {n_ok} of {len(normal) - 1} commands within 1.5 × the hello world. "
           "¹ writes: the store is restored before every run.")

# memory table
size10 = os.path.getsize(pfile("s10k"))
quarter = (size100 - size10) / 4
out.append("")
head = "| program | peak at 10k | peak at 100k | < 40 MiB at 100k | growth 10k → 100k | < ¼ of extra file |"
sep = "|---|---:|---:|---|---:|---|"
if a.million:
    head += " peak at 1M | < 64 MiB at 1M |"; sep += "---:|---|"
out.append(head); out.append(sep)
for r in read_rows("s100k")[1:]:
    m10, m100 = results[("10k", r.label)].peak, results[("100k", r.label)].peak
    growth = (m100 - m10) * 1024
    line = (f"| {r.label} | {fmt_m(m10)} | {fmt_m(m100)} | {verdict(m100 < 40 * MiB)} | {growth / 2**20:.1f} MiB | "
            f"{verdict(growth < quarter)} |")
    if a.million:
        m1 = results[("1M", r.label)].peak
        line += f" {fmt_m(m1)} | {verdict(m1 < 64 * MiB)} |"
    out.append(line)
out.append("")
files = f"Project files: 10k lines {size10 / 1e6:.1f} MB, 100k lines {size100 / 1e6:.1f} MB"
if a.million: files += f", 1M lines {os.path.getsize(pfile('s1m')) / 1e6:.1f} MB"
out.append(files + f"; a quarter of the extra file size 10k → 100k is {quarter / 2**20:.1f} MiB. "
           "Peak memory is ru_maxrss (KiB, shown as MiB), the maximum over the warm-up and all rounds.")
if a.million:
    r1 = [results[("1M", r.label)] for r in read_rows("s1m")]
    out.append("")
    out.append(f"1,000,000 lines ({used['1M']} round(s)): " + "; ".join(
        f"{(r.label.split('`')[1] if '`' in r.label else r.label).replace(chr(92), '')} {fmt_t(best(r))}" +
        (f" ({best(r) / best(r1[0]):.1f} ×)" if best(r) and best(r1[0]) and r is not r1[0] else "") for r in r1))

# cross-check: /usr/bin/time -f %M on one program gives the figure the table shows
gt = shutil.which("time", path="/usr/bin")
if gt:
    rj = results[("100k", READS[0][0])]
    p = subprocess.run([gt, "-f", "%M", BIN, "--store", store("s100k"), "report", "--format", "json"], env=ENV,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    tail = p.stderr.strip().splitlines()[-1:] or ["?"]
    out.append("")
    out.append(f"Cross-check: `/usr/bin/time -f %M akkord report --format json` (100k) says {tail[0]} KiB; "
               f"the table's wait4 ru_maxrss was {rj.peak} KiB (max over runs).")
out.append(f"Timed part: {elapsed:.0f} s.")
print("\n".join(out))
