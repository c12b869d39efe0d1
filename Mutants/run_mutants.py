"""Runs the mutants of Mutants/mutants.json against a scratch copy (see scripts/mutants).

For each mutant: replace the text (it must occur exactly once in the declaration it names, see
locate.py), rebuild, run the quick suite and, where the quick suite did not catch it (or always,
with --all), the tests; restore the file. A mutant is caught when either fails; the report names the experiments and tests that failed.
A mutant that does not compile is reported as such (a broken mutant, not a catch)."""
import json, os, re, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from locate import locate, apply  # noqa: E402

root, work = sys.argv[1], sys.argv[2]
run_all = "--all" in sys.argv[3:]
check_only = "--check" in sys.argv[3:]
wanted = {argument for argument in sys.argv[3:] if argument not in ("--all", "--check")}
mutants = [m for m in json.load(open(os.path.join(root, "Mutants", "mutants.json"))) if not wanted or m["id"] in wanted]
unknown = wanted - {m["id"] for m in mutants}
if unknown:
    sys.exit(f"error: no such mutant: {', '.join(sorted(unknown))}")


def run(command, timeout):
    try:
        done = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=timeout)
        return done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as expired:
        return "timeout", (expired.stdout or b"").decode(errors="replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")


def failing_tests(output):
    names = []
    for match in re.finditer(r"✘ Test (\w+)\(", output):
        if match.group(1) not in names:
            names.append(match.group(1))
    return names


def failing_experiments(output):
    """The experiments that `harness run` failed, from its summary lines (`ID  VERDICT  pass
    miss regr fail  worst metric`), each with its counts of failed and regressed metrics."""
    names = []
    summary = re.compile(r"^(\S+)\s+(?:pass|missed target|regressed|fail)\s+\d+\s+\d+\s+(\d+)\s+(\d+)\s")
    for line in output.splitlines():
        match = summary.match(line)
        if not match:
            continue
        regressed, failed = int(match.group(2)), int(match.group(3))
        counts = [f"{failed} fail"] * (failed > 0) + [f"{regressed} regressed"] * (regressed > 0)
        if counts and not any(name.startswith(match.group(1) + " ") for name in names):
            names.append(f"{match.group(1)} ({', '.join(counts)})")
    return names


# --check: only that every mutant's text still occurs exactly once in the engine (CI runs this,
# so a change to the engine cannot silently orphan a mutant).
if check_only:
    stale = [f"{m['id']}: {found}" for m in mutants if isinstance(found := locate(root, m), str)]
    if stale:
        sys.exit("error: mutants that no longer apply exactly once; update Mutants/mutants.json: " + "; ".join(stale))
    print(f"mutants: all {len(mutants)} still apply to the engine's code")
    sys.exit(0)

# The unmutated copy must pass, or every mutant would count as caught.
with tempfile.TemporaryDirectory() as out:
    baseline_quick, _ = run([".build/debug/harness", "run", "--quick", "--output", out], 1200)
baseline_tests, baseline_output = run(["swift", "test", "--skip-build"], 1800)
if baseline_quick != 0 or baseline_tests != 0:
    sys.exit(f"error: the unmutated tree fails (quick suite exit {baseline_quick}, tests exit {baseline_tests}: "
             f"{', '.join(failing_tests(baseline_output)) or 'see swift test'}); fix it first")
print("unmutated tree passes the quick suite and the tests", flush=True)

results = []
for number, mutant in enumerate(mutants, 1):
    found = locate(work, mutant)
    if isinstance(found, str):
        sys.exit(f"error: mutant {mutant['id']}: {found}")
    path, original, at = found
    started = time.time()
    print(f"[{number}/{len(mutants)}] {mutant['id']}: {mutant['fault']}", flush=True)
    try:
        open(path, "w").write(apply(mutant, original, at))
        # Only the tool is needed for the quick suite; the tests are built when they are run.
        status, output = run(["swift", "build", "--product", "harness"], 1800)
        if status != 0:
            result = {"verdict": "does not compile", "quick": [], "tests": []}
        else:
            with tempfile.TemporaryDirectory() as out:
                quick_status, quick_output = run([".build/debug/harness", "run", "--quick", "--output", out], 1200)
            quick = failing_experiments(quick_output) or ([f"exit {quick_status}"] if quick_status != 0 else [])
            tests = []
            compiles = True
            if run_all or not quick:
                compiles = run(["swift", "build", "--build-tests"], 1800)[0] == 0
                if compiles:
                    test_status, test_output = run(["swift", "test", "--skip-build"], 1800)
                    tests = failing_tests(test_output) or ([f"exit {test_status}"] if test_status != 0 else [])
            verdict = "does not compile" if not compiles else "caught" if quick or tests else "SURVIVED"
            result = {"verdict": verdict, "quick": quick, "tests": tests}
    finally:
        open(path, "w").write(original)
    result.update(id=mutant["id"], fault=mutant["fault"], seconds=round(time.time() - started))
    results.append(result)
    print(f"    {result['verdict']}: quick suite {result['quick'][:4] or 'passed'}; tests {result['tests'][:4] or 'passed'}", flush=True)

valid = [r for r in results if r["verdict"] != "does not compile"]
caught = [r for r in valid if r["verdict"] == "caught"]
lines = ["# Mutation testing", "",
         f"Score: **{len(caught)} of {len(valid)} mutants caught**"
         + (f" ({len(results) - len(valid)} did not compile)" if len(valid) != len(results) else "") + ".", "",
         "The tests run only for mutants the quick suite let through" + (" (here: always, --all)." if run_all else "."), "",
         "| mutant | fault | verdict | quick suite failures | failing tests |", "|---|---|---|---|---|"]
for r in results:
    quick = ", ".join(r["quick"][:6]) or "—"
    tests = (", ".join(r["tests"][:6]) + (f" (+{len(r['tests']) - 6})" if len(r["tests"]) > 6 else "")
             or ("not run" if r["quick"] and not run_all else "—"))
    lines.append(f"| `{r['id']}` | {r['fault']} | {r['verdict']} | {quick} | {tests} |")
survivors = [r["id"] for r in valid if r["verdict"] != "caught"]
lines += ["", "Survivors: " + (", ".join(f"`{s}`" for s in survivors) if survivors else "none") + "."]
report = os.path.join(root, "Reports", "mutants", "mutants.md")
temporary = report + ".tmp"
open(temporary, "w").write("\n".join(lines) + "\n")
os.replace(temporary, report)
print(f"\nScore: {len(caught)} of {len(valid)} caught. Survivors: {', '.join(survivors) or 'none'}. Report: {report}")
sys.exit(1 if survivors else 0)
