"""Where a mutant of mutants.json applies (shared by run_mutants.py and scripts/test-compare-ref).

A mutant names the declaration it lives in (`in`: text that occurs once in Sources/, such as
"func integrateVelocities("), not a file, so that moving code between files leaves it valid; its
`find` must occur exactly once within that declaration's braces."""
import os


def swift_files(tree):
    for base, _, names in os.walk(os.path.join(tree, "Sources")):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def body_end(text, start):
    """The index just past the brace block that opens at the first `{` at or after `start`,
    skipping braces in // and /* */ comments and in string literals."""
    depth, i, n = 0, text.index("{", start), len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            if i < 0: return n
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 1
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0: return i + 1
        i += 1
    return n


def locate(tree, mutant):
    """(path, text, index of `find`) for the mutant in `tree`, or an error message."""
    anchor, find = mutant["in"], mutant["find"]
    hits = []
    for path in swift_files(tree):
        text = open(path).read()
        start = text.find(anchor)
        while start >= 0:
            hits.append((path, text, start))
            start = text.find(anchor, start + 1)
    if len(hits) != 1:
        return f"its declaration {anchor!r} occurs {len(hits)} times in Sources/, not once"
    path, text, start = hits[0]
    end = body_end(text, start + len(anchor))
    count = text.count(find, start, end)
    if count != 1:
        return f"its text occurs {count} times in {anchor!r} ({os.path.relpath(path, tree)}), not once"
    return path, text, text.index(find, start, end)


def apply(mutant, text, at):
    """`text` with the mutant's replacement at `at` (where ``locate`` found its `find`)."""
    return text[:at] + mutant["replace"] + text[at + len(mutant["find"]):]
