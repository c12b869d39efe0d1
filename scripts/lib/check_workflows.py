"""A structural check of GitHub Actions workflows, for machines where actionlint cannot be
installed: triggers and jobs exist; each job has runs-on and steps; each step has exactly one of
`uses` and `run`; `needs` names existing jobs; `matrix.X` and `needs.J.outputs.O` refer to a
declared matrix key and output; no `${{ }}` expression inside a `run` script (pass it through
`env:` instead, so a value cannot inject shell). Prints each problem as FILE: WHERE: WHAT."""
import re
import sys

import yaml

problems = []
for path in sys.argv[1:]:
    def problem(where, what):
        problems.append(f"{path}: {where}: {what}")

    with open(path) as file:
        workflow = yaml.safe_load(file)
    if not isinstance(workflow, dict):
        problem("top level", "is not a mapping")
        continue
    # YAML 1.1 reads the key `on` as true.
    if "on" not in workflow and True not in workflow:
        problem("top level", "has no `on` triggers")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        problem("top level", "has no jobs")
        continue
    for name, job in jobs.items():
        where = f"jobs.{name}"
        if "runs-on" not in job:
            problem(where, "has no runs-on")
        needs = job.get("needs", [])
        needs = [needs] if isinstance(needs, str) else needs
        for need in needs:
            if need not in jobs:
                problem(f"{where}.needs", f"names no job `{need}`")
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        text = yaml.safe_dump(job)
        for key in re.findall(r"matrix\.([A-Za-z_][\w-]*)", text):
            if key not in matrix:
                problem(where, f"uses matrix.{key}, which the matrix does not declare")
        for other, output in re.findall(r"needs\.([\w-]+)\.outputs\.([\w-]+)", text):
            if other not in needs:
                problem(where, f"reads needs.{other} without needing it")
            elif output not in (jobs.get(other, {}).get("outputs") or {}):
                problem(where, f"reads needs.{other}.outputs.{output}, which that job does not declare")
        steps = job.get("steps")
        if not steps:
            problem(where, "has no steps")
            continue
        for index, step in enumerate(steps):
            step_where = f"{where}.steps[{index}]"
            if ("uses" in step) == ("run" in step):
                problem(step_where, "needs exactly one of `uses` and `run`")
            if "${{" in str(step.get("run", "")):
                problem(step_where, "has a `${{ }}` expression inside its script; pass it through env")
for line in problems:
    print(line)
if problems:
    sys.exit(1)
print(f"structural check: no problems in {len(sys.argv) - 1} workflow file(s) (actionlint did not run)")
