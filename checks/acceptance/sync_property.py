#!/usr/bin/env python3
"""Seeded property test of `akkord sync` (SPEC §14): one bare repository, three machines' stores.

Random steps (lines, workers, hours, advances, supplements, extra work, photos, new projects,
close/reopen, delete, catalogue imports) run on shared and separate projects, each machine
syncing at random moments; a conflicted sync is settled by a random `--keep`. Then everyone
syncs twice round, and: the shared files are byte-identical on the three stores, `check` is
clean on each, every line ever added is in exactly one project unless a removal or a project's
deletion explains its absence (a reference of what each machine did is kept), and every
report's figures equal a recomputation.

usage: sync_property.py AKKORD SEED [STEPS]     (prints the seed when it fails; exit 1)
"""
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from decimal import Decimal, ROUND_HALF_UP

MACHINES = "abc"
SHARED_TOP = ["store.json", "catalogue.json", ".gitignore", ".gitattributes"]
SHARED_DIRS = ["projects", "photos", "trash", "catalogue-history"]
CATALOGUE_POS = ["2.01", "2.04", "4.03"]


class Failure(Exception):
    pass


def round2(d):
    return d.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)  # half away from zero for d ≥ 0


def round2_signed(d):
    q = round2(abs(d))
    return q if d >= 0 else -q


def png_bytes(seed_value):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    width = 1 + seed_value % 7
    raw = b"".join(b"\x00" + bytes((seed_value * 31 + x) % 256 for x in range(width)) for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, 2, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class World:
    def __init__(self, akkord, seed, steps, root):
        self.akkord = akkord
        self.seed = seed
        self.rng = random.Random(seed)
        self.steps = steps
        self.root = root
        self.remote = os.path.join(root, "office.git")
        self.stores = {m: os.path.join(root, m) for m in MACHINES}
        self.step = 0
        self.log = []  # (step, machine, argv, exit status) of every command, for the failure message
        # The reference: what each machine did.
        self.added = {}          # marker -> project id it was added to
        self.removed = set()     # markers some machine removed
        self.deleted = set()     # project ids some machine deleted
        self.delete_conflicts = set()  # project ids of delete-vs-change conflicts settled by a --keep
        self.counts = {"syncs": 0, "conflicts": 0, "keeps": 0, "commands": 0, "refused": 0}
        self.env = dict(os.environ)
        home = os.path.join(root, "home")
        os.makedirs(home)
        self.env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), GIT_CONFIG_NOSYSTEM="1", LANG="C")
        for k in ("AKKORD_HOME", "GIT_DIR", "GIT_WORK_TREE", "AKKORD_LANG"):
            self.env.pop(k, None)

    # --- running akkord
    def run(self, machine, *args, ok=(0,)):
        argv = [self.akkord, "--store", self.stores[machine]] + [str(a) for a in args]
        p = subprocess.run(argv, capture_output=True, text=True, env=self.env, timeout=120)
        self.counts["commands"] += 1
        self.log.append((self.step, machine, " ".join(str(a) for a in args), p.returncode))
        if p.returncode < 0 or "Swift runtime failure" in p.stderr or "Fatal error" in p.stderr:
            crash = [l.strip() for l in p.stderr.splitlines()
                     if "runtime failure" in l or "Fatal error" in l or " in akkord at /" in l][:6]
            raise Failure(f"step {self.step}, machine {machine}: akkord {' '.join(str(a) for a in args)} CRASHED "
                          f"(exit {p.returncode}, a Swift trap):\n    " + "\n    ".join(crash))
        if p.returncode not in ok:
            raise Failure(f"step {self.step}, machine {machine}: akkord {' '.join(str(a) for a in args)} "
                          f"exited {p.returncode} (want {ok}):\n{p.stdout[-800:]}{p.stderr[-800:]}")
        return p

    def json_of(self, machine, *args):
        p = self.run(machine, *args)
        try:
            return json.loads(p.stdout)
        except ValueError:
            raise Failure(f"step {self.step}, machine {machine}: akkord {' '.join(args)}: not JSON: {p.stdout[:300]}")

    def projects(self, machine):
        return [p for p in self.json_of(machine, "project", "list", "--status", "all", "--json")["projects"]]

    def open_projects(self, machine):
        return [p["id"] for p in self.projects(machine) if p["status"] == "open"]

    # --- the office
    def setup(self):
        subprocess.run(["git", "init", "-q", "--bare", self.remote], check=True, env=self.env)
        self.run("a", "project", "new", "Fælles tag")
        self.add_line("a", "faelles-tag")
        self.run("a", "sync", "init", self.remote)
        for m in "bc":
            self.run(m, "sync", "clone", self.remote)
            self.run(m, "project", "use", "faelles-tag")

    def sync(self, machine):
        self.counts["syncs"] += 1
        p = self.run(machine, "sync", ok=(0, 1))
        if p.returncode == 0:
            return
        if "conflict" not in p.stderr:
            raise Failure(f"step {self.step}, machine {machine}: sync exited 1 without a conflict:\n{p.stderr[-1500:]}")
        self.counts["conflicts"] += 1
        for attempt in range(6):
            ids = []
            for line in p.stderr.splitlines():
                if line.startswith("error: ") and line.count(":") >= 2 and not line.startswith("error: sync stopped"):
                    ident = line[len("error: "):].split(":")[0]
                    ids.append(ident)
                    # "ID: project file …": deleted on one machine, changed on another; whichever
                    # side --keep takes, the other side's lines in it may be gone.
                    if ": project file" in line:
                        self.delete_conflicts.add(ident)
            keep = self.rng.choice(["mine", "theirs"])
            self.counts["keeps"] += 1
            projects = sorted(set(i for i in ids if i != "catalogue"))
            if projects and self.rng.random() < 0.3:  # settle one project's conflicts only
                args = ["sync", "--keep", keep, "-p", self.rng.choice(projects)]
            else:
                args = ["sync", "--keep", keep]
            previous, p = p, self.run(machine, *args, ok=(0, 1))
            if p.returncode == 0:
                return
            if "conflict" not in p.stderr:
                break
        raise Failure(f"step {self.step}, machine {machine}: {' '.join(args)} after the conflicts\n"
                      f"{previous.stderr[-1000:]}\nexited {p.returncode}:\n{p.stderr[-1500:]}")

    # --- the random steps
    def marker(self, machine):
        return f"m{machine}-s{self.step}"

    def add_line(self, machine, project):
        mark = self.marker(machine)
        if self.rng.random() < 0.25:
            price = f"{self.rng.randint(1, 9999)}.{self.rng.randint(0, 99):02d}"
            args = ["add", "--custom", f"Custom {mark}", "--unit", "m2", "--price", price]
        else:
            args = ["add", self.rng.choice(CATALOGUE_POS)]
        qty = f"{self.rng.randint(1, 500)}.{self.rng.randint(0, 999):03d}"
        p = self.run(machine, "-p", project, *args, qty, "--note", mark, ok=(0, 1))
        if p.returncode == 0:
            self.added[mark] = project
        else:
            self.counts["refused"] += 1

    def pick_line(self, machine, project):
        lines = self.json_of(machine, "-p", project, "lines", "--json")["lines"]
        return self.rng.choice(lines) if lines else None

    def step_once(self, machine):
        r = self.rng
        opens = self.open_projects(machine)
        allp = [p["id"] for p in self.projects(machine)]
        # Shared work leans on the one project every machine has.
        if opens and "faelles-tag" in opens and r.random() < 0.45:
            project = "faelles-tag"
        elif opens:
            project = r.choice(opens)
        else:
            project = None
        kinds = ["add"] * 8 + ["edit"] * 3 + ["remove"] * 2 + ["worker", "hours", "hours", "advance", "supplement",
                 "extra", "photo", "new", "close", "reopen", "delete", "catalogue", "sync", "sync", "sync"]
        kind = r.choice(kinds)
        if project is None and kind not in ("new", "sync", "catalogue", "reopen"):
            kind = "new"
        ok1 = (0, 1)  # 1: refused (closed project, worker with hours, …); anything else is a failure
        if kind == "add":
            self.add_line(machine, project)
        elif kind == "edit":
            line = self.pick_line(machine, project)
            if line:
                qty = f"{r.randint(1, 500)}.{r.randint(0, 99):02d}"
                self.run(machine, "-p", project, "edit", line["id"], "--quantity", qty, ok=ok1)
        elif kind == "remove":
            line = self.pick_line(machine, project)
            if line and self.run(machine, "-p", project, "remove", line["id"], ok=ok1).returncode == 0:
                if line["note"]:
                    self.removed.add(line["note"])
        elif kind == "worker":
            self.run(machine, "-p", project, "worker", "add", f"W{machine}{self.step}", ok=ok1)
        elif kind in ("hours", "advance"):
            workers = self.json_of(machine, "-p", project, "worker", "list", "--json")["workers"]
            if workers:
                w = r.choice(workers)["id"]
                if kind == "hours":
                    self.run(machine, "-p", project, "hours", "add", w, f"{r.randint(1, 40)}:{r.choice(['00', '15', '30', '45'])}", ok=ok1)
                else:
                    self.run(machine, "-p", project, "advance", "add", w, f"{r.randint(1, 5000)}", "--note", self.marker(machine), ok=ok1)
        elif kind == "supplement":
            pct = f"{r.randint(0, 20)}.{r.randint(0, 9)}"
            self.run(machine, "-p", project, "supplement", "add", f"S {self.marker(machine)}", pct, ok=ok1)
        elif kind == "extra":
            amount = r.randint(-500, 3000) or 1
            self.run(machine, "-p", project, "extra", "add", f"E {self.marker(machine)}", "--amount", amount,
                     "--number", self.step, ok=ok1)
        elif kind == "photo":
            path = os.path.join(self.root, f"photo-{self.step}.png")
            with open(path, "wb") as f:
                f.write(png_bytes(r.randint(0, 6)))  # few contents: the same photo on several machines
            self.run(machine, "-p", project, "photo", "add", path, ok=ok1)
        elif kind == "new":
            self.run(machine, "project", "new", f"P {machine} {self.step}")
            self.add_line(machine, f"p-{machine}-{self.step}")
        elif kind == "close":
            self.run(machine, "project", "close", project, ok=ok1)
        elif kind == "reopen":
            closed = [p["id"] for p in self.projects(machine) if p["status"] == "closed"]
            if closed:
                self.run(machine, "project", "reopen", r.choice(closed), ok=ok1)
        elif kind == "delete":
            victim = r.choice(allp)
            if victim != "faelles-tag" or r.random() < 0.2:
                if self.run(machine, "project", "delete", victim, "--yes", ok=ok1).returncode == 0:
                    self.deleted.add(victim)
        elif kind == "catalogue":
            n = r.randint(1, 4)
            path = os.path.join(self.root, f"cat-{self.step}.csv")
            with open(path, "w") as f:
                f.write("pos,name,unit,price\n")
                for i in range(n):
                    f.write(f"9.{r.randint(1, 9)},Item {machine} {self.step} {i},m2,{r.randint(1, 99)}.{r.randint(0, 99):02d}\n")
                    # a duplicate pos in one file is refused (65): keep them unique
            with open(path) as f:
                rows = f.read().splitlines()
            seen, out = set(), [rows[0]]
            for row in rows[1:]:
                if row.split(",")[0] not in seen:
                    seen.add(row.split(",")[0])
                    out.append(row)
            with open(path, "w") as f:
                f.write("\n".join(out) + "\n")
            self.run(machine, "catalogue", "import", path)
        elif kind == "sync":
            self.sync(machine)
        return kind

    # --- the checks at the end
    def shared_files(self, machine):
        store, files = self.stores[machine], {}
        for name in SHARED_TOP:
            p = os.path.join(store, name)
            if os.path.isfile(p):
                files[name] = open(p, "rb").read()
        for d in SHARED_DIRS:
            base = os.path.join(store, d)
            for dirpath, _, names in os.walk(base):
                for n in names:
                    p = os.path.join(dirpath, n)
                    files[os.path.relpath(p, store)] = open(p, "rb").read()
        return files

    def check_end(self):
        problems = []
        snaps = {m: self.shared_files(m) for m in MACHINES}
        for m in "bc":
            for name in sorted(set(snaps["a"]) | set(snaps[m])):
                if snaps["a"].get(name) != snaps[m].get(name):
                    what = "missing on " + ("a" if name not in snaps["a"] else m) if (name not in snaps["a"] or name not in snaps[m]) else "differs"
                    problems.append(f"shared file {name}: a and {m} {what}")
        for m in MACHINES:
            p = self.run(m, "check", ok=(0, 1, 65))
            if p.returncode != 0:
                problems.append(f"check on {m} exited {p.returncode}: {(p.stdout + p.stderr)[-600:]}")
        # Every line ever added: exactly once in the projects, or its absence explained.
        where = {}
        projects = [p["id"] for p in self.projects("a")]
        for pid in projects:
            for line in self.json_of("a", "-p", pid, "lines", "--json")["lines"]:
                if line["note"]:
                    where.setdefault(line["note"], []).append(pid)
        in_trash = set()
        trash = os.path.join(self.stores["a"], "trash")
        for name in os.listdir(trash) if os.path.isdir(trash) else []:
            try:
                with open(os.path.join(trash, name)) as f:
                    in_trash |= {l.get("note") for l in json.load(f).get("lines", [])}
            except (ValueError, OSError, AttributeError):
                problems.append(f"trash/{name} is not a readable project file")
        for mark, pid in sorted(self.added.items()):
            found = where.get(mark, [])
            if len(found) > 1:
                problems.append(f"line {mark} (added to {pid}) is there {len(found)} times: {found}")
            elif not found and mark in self.removed:
                self.counts["gone: removed"] = self.counts.get("gone: removed", 0) + 1
            elif not found:
                # Absent without a removal: its project was deleted (the line is in the trash), or a
                # delete-vs-change conflict on its project was settled against it.
                if not ((pid in self.deleted and mark in in_trash) or pid in self.delete_conflicts):
                    why = ("its project was deleted but the line is not in the trash" if pid in self.deleted
                           else "no machine removed it, its project was not deleted")
                    problems.append(f"line {mark} (added to {pid}) is lost: {why}")
                elif pid in self.deleted and mark in in_trash:
                    self.counts["gone: in the trash"] = self.counts.get("gone: in the trash", 0) + 1
                else:
                    self.counts["gone: a delete conflict"] = self.counts.get("gone: a delete conflict", 0) + 1
        for mark in where:
            if mark not in self.added:
                problems.append(f"line with note {mark} was never added successfully")
        # Every report's figures equal a recomputation.
        for m in MACHINES:
            for pid in projects if m == "a" else projects[:3]:
                problems += self.check_report(m, pid)
        if problems:
            raise Failure("after everyone synced twice:\n  " + "\n  ".join(problems[:40])
                          + (f"\n  … and {len(problems) - 40} more" if len(problems) > 40 else ""))
        return len(projects), sum(len(v) for v in where.values())

    def check_report(self, machine, pid):
        problems = []
        lines = self.json_of(machine, "-p", pid, "lines", "--json")
        report = self.json_of(machine, "-p", pid, "report", "--format", "json")
        hours = self.json_of(machine, "-p", pid, "hours", "list", "--json")["hours"]
        advances = self.json_of(machine, "-p", pid, "advance", "list", "--json")["advances"]
        subtotal = Decimal(0)
        for line in lines["lines"]:
            amount = round2(Decimal(line["quantity"]) * Decimal(line["price"]))
            if Decimal(line["amount"]) != amount:
                problems.append(f"{pid} line {line['id']}: amount {line['amount']}, recomputed {amount}")
            subtotal += amount
        for name, got in (("lines --json", lines["subtotal"]), ("report", report["subtotal"])):
            if Decimal(got) != subtotal:
                problems.append(f"{pid}: {name} subtotal {got}, recomputed {subtotal}")
        if [l["id"] for l in report["lines"]] != [l["id"] for l in lines["lines"]]:
            problems.append(f"{pid}: the report's lines are not lines --json's")
        total = subtotal
        for s in report["supplements"]:
            if s["scope"] == "all":
                want = round2_signed(subtotal * Decimal(s["percent"]) / 100)
                if Decimal(s["amount"]) != want or Decimal(s["base"]) != subtotal:
                    problems.append(f"{pid} supplement {s['id']}: {s['amount']} of {s['base']}, recomputed {want} of {subtotal}")
            total += Decimal(s["amount"])
        for e in report["extraWork"]:
            total += Decimal(e["amount"])
        if Decimal(report["total"]) != total:
            problems.append(f"{pid}: total {report['total']}, recomputed {total}")
        pool = total - Decimal(report["apprenticePay"])
        if Decimal(report["pool"]) != pool:
            problems.append(f"{pid}: pool {report['pool']}, recomputed {pool}")

        def hours_of(text):
            if ":" in text:
                h, mnt = text.split(":")
                return Decimal(h) + Decimal(mnt) / 60
            return Decimal(text)
        by_worker_hours, by_worker_adv = {}, {}
        for h in hours:
            by_worker_hours[h["worker"]] = by_worker_hours.get(h["worker"], Decimal(0)) + hours_of(h["hours"])
        for a in advances:
            by_worker_adv[a["worker"]] = by_worker_adv.get(a["worker"], Decimal(0)) + Decimal(a["amount"])
        shares = Decimal(0)
        for t in report["team"]:
            w = t["worker"]
            want_h = round2(by_worker_hours.get(w, Decimal(0)))
            if Decimal(t["hours"]) != want_h:
                problems.append(f"{pid} team {w}: hours {t['hours']}, recomputed {want_h}")
            want_adv = by_worker_adv.get(w, Decimal(0))
            if Decimal(t["advances"]) != want_adv:
                problems.append(f"{pid} team {w}: advances {t['advances']}, recomputed {want_adv}")
            if t["share"] is None:  # no journeyman hours: nothing is divided (README, team)
                if t["balance"] is not None:
                    problems.append(f"{pid} team {w}: no share but a balance {t['balance']}")
                continue
            if Decimal(t["balance"]) != Decimal(t["share"]) - Decimal(t["advances"]):
                problems.append(f"{pid} team {w}: balance {t['balance']} is not share {t['share']} − advances {t['advances']}")
            shares += Decimal(t["share"])
        if sum(by_worker_hours.values(), Decimal(0)) > 0 and shares != pool:
            problems.append(f"{pid}: the shares add up to {shares}, the pool is {pool}")
        return problems


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    akkord, seed = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    steps = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    root = tempfile.mkdtemp(prefix="akkord-syncprop-")
    world = World(akkord, seed, steps, root)
    started = time.monotonic()
    kinds = {}
    try:
        world.setup()
        for world.step in range(1, steps + 1):
            machine = world.rng.choice(MACHINES)
            kind = world.step_once(machine)
            kinds[kind] = kinds.get(kind, 0) + 1
        world.step = steps + 1
        for machine in MACHINES + MACHINES:
            world.sync(machine)
        nprojects, nlines = world.check_end()
    except (Failure, subprocess.TimeoutExpired) as e:
        print(f"FAIL sync property, seed {seed} (rerun: {sys.argv[0]} AKKORD {seed} {steps}; the stores are kept in {root}):")
        print(f"  {e}")
        with open(os.path.join(root, "commands.log"), "w") as f:
            f.writelines(f"step {s} {m}: {a} → {rc}\n" for s, m, a, rc in world.log)
        print(f"  every command is in {root}/commands.log; the last ones:")
        for s, m, a, rc in world.log[-12:]:
            print(f"    step {s} {m}: {a} → {rc}")
        return 1
    c = world.counts
    print(f"ok sync property, seed {seed}: {steps} steps ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
          f"{c['syncs']} syncs, {c['conflicts']} conflicts, {c['keeps']} keeps, {c['commands']} commands, "
          f"{len(world.added)} lines added, {len(world.removed)} removed, {len(world.deleted)} projects deleted; "
          f"at the end {nprojects} projects, {nlines} lines; lines absent: "
          f"{c.get('gone: removed', 0)} removed, {c.get('gone: in the trash', 0)} in the trash, "
          f"{c.get('gone: a delete conflict', 0)} by a delete conflict's --keep; {time.monotonic() - started:.1f} s")
    shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
