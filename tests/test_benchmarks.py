"""`make bench` runs end to end: every side plays the same games and replays the same logs, a chunk at a time.

No timing is asserted (the figures are for people); what is checked is
that the comparisons compare like with like.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_benchmark_compares_the_same_work_on_every_side():
    # 70 games and 300 logs: chunks of 50 and 250 with a shorter last chunk each.
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--rulesets", "high-society/ja", "--games", "70",
                           "--logs", "300", "--repeats", "1", "--no-simulate", "--no-seats", "--bohnanza", ""],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "NOTE" not in out  # the previous interpreter, when it runs, applied as many actions: the same games
    sides = re.findall(r"^  (.+?)\s+[\d.]+/s  \((\d+) in [\d.]+ s(?:, ([\d.]+) actions each)?\)$", out, re.M)
    counts = {label.strip(): (int(count), actions) for label, count, actions in sides}
    assert counts["interpreter (new core), random bot"][0] == 70
    assert counts["interpreter (new core), replay"][0] == 300
    assert counts["reference, replay"][0] == 300
    assert counts["interpreter (new core), JSON Lines file"][0] == 300
    previous = [label for label in counts if label.startswith("previous interpreter")]
    if "Previous interpreter NOT run from git history" in out:
        assert not previous or all("recorded" in line for line in out.splitlines() if "previous interpreter" in line)
    else:
        uniform_new = counts["interpreter (new core), legal_actions().sample"]
        uniform_old = next(counts[label] for label in previous if label.endswith("legal_actions().sample"))
        assert uniform_new == uniform_old  # the same 70 games, action for action
        assert next(counts[label] for label in previous if label.endswith(", replay"))[0] == 300
    summary = out.split("== the issue's targets")[1]
    for figure in ("random-bot games", "logs replayed", "JSON Lines files replayed"):
        assert re.search(rf"high-society/ja\s+{figure}\s+.*new/reference \d+\.\d\d", summary), summary


def test_the_bohnanza_figures_replay_the_same_logs_on_both_sides_a_chunk_at_a_time():
    # 7 games and 12 logs: chunks of 5 and 10 with a shorter last chunk each.
    done = subprocess.run([sys.executable, "-m", "benchmarks.bench_bohnanza", "--bohnanza", "bohnanza/amigo:3",
                           "--bohnanza-games", "7", "--bohnanza-logs", "12", "--repeats", "1"],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    sides = re.findall(r"^  (.+?)\s+[\d.]+/s  \((\d+) in [\d.]+ s, ([\d.]+) actions each\)$", done.stdout, re.M)
    counts = {label.strip(): (int(count), actions) for label, count, actions in sides}
    assert counts["interpreter, random bot"][0] == counts["reference, random bot"][0] == 7
    assert counts["interpreter, replay"] == counts["reference, replay"]  # the same 12 logs, action for action
    assert counts["interpreter, replay"][0] == 12
    assert re.search(r"bohnanza/amigo 3p\s+logs replayed\s+new/reference \d+\.\d\d", done.stdout)
