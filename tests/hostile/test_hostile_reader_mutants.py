"""The mutant net over the readers that take untrusted input besides rulesets (reader_mutants.py):
vector files read by ``verify``, rbtying/shengji settings read by ``import``, and JSON-RPC requests
answered by the server's dispatcher.  Each mutant runs in a child process under the harness's
ceilings (a hang or a runaway allocation fails its case, not the machine).

Sample sizes, in batches of 50 seeds per case: 600 vector files (about 30 ms each: ``verify``
answers up to a few hundred cases), 1,000 settings (about 25 ms: ``import`` then compiles what it
wrote), 5,000 requests (about 2 ms).  A class of input that breaks a promise for one mutant in 200
is found with a chance of 95%, 99.3% and 99.99% (1 - (1 - 1/200)^n); one in 500, of 70%, 86% and
99.99%.  The seeds are fixed: a run that passes passes again until the code changes, and a failing
seed reproduces with ``*_mutant(seed)``.  The first runs found four bugs (test_hostile_readers.py,
the tests after "found by the mutant net"): a settings file that ran ``import`` for ever, and values
quoted whole in messages.

What the samples buy, measured on 2026-12-06 with branch coverage of tractor_rules (coverage.py
arcs) seed by seed, against a run of the rest of the suite.  1,200 vector files reached 7,784 arcs,
27 of them reached by no other test; the first 300, 400 and 1,000 files missed 8, 8 and 2 of those,
all of them refusals that tests now reach deterministically (a question's missing or wrong
parameter, tests/interop/test_interop_serve.py; a header without its strings,
test_interop_vectors.py): from 300 files on, the suite's union of arcs is the one 1,200 gave, and
600 is twice that.  1,500 settings reached 11,978 arcs, 56 of them reached by no other test; the
first 300, 500 and 750 missed 16, 3 and 2, the 3 now reached by tests/interop/test_interop_shengji.py
(num_friends of 0, an unknown friend selection policy): from 500 on the union is whole, and 1,000
is twice that.  The 5,000 requests reach 7,529 arcs, 39 of them reached by no other test; the first
1,000, 3,000 and 4,000 miss 7, 4 and 1, so all 5,000 stay (they cost 4 CPU seconds)."""

from __future__ import annotations

from harness import run_cases
from sharing import cores_per_test

VECTOR_FILES, SETTINGS, REQUESTS = 600, 1_000, 5_000
BATCH = 50
#: child processes per test: every core when the suite runs in one process, one under xdist, whose
#: other workers keep the other cores busy (each child also makes the files it mutates again)
WORKERS = cores_per_test()


def run(function: str, count: int) -> tuple[dict, list[dict]]:
    cases = [{"start": seed, "stop": seed + BATCH} for seed in range(0, count, BATCH)]
    # a batch's ceiling: every seed of it at a few tenths of a second, with room for a busy machine
    results = run_cases(function, cases, memory_mb=1024, case_seconds=60, workers=WORKERS)
    broken = [r for r in results if "ok" not in r]
    assert not broken, broken[:3]  # past the ceilings, or a crash of the checker itself
    problems = [p for r in results for p in r["ok"][1:]]
    totals = {key: sum(r["ok"][0]["stats"][key] for r in results) for key in results[0]["ok"][0]["stats"]}
    return totals, problems


def test_mutated_vector_files_get_a_verdict_or_a_located_error():
    """Exit status 0, 1 or 2; no traceback; a bounded report, every line naming the file."""
    totals, problems = run("reader_mutants:check_verify", VECTOR_FILES)
    assert not problems, problems[:10]
    # both sides are exercised: some mutants still pass (a blank line, a key the reader ignores)
    assert totals["pass"] > VECTOR_FILES // 20 and totals["fail"] > VECTOR_FILES // 2, totals


def test_mutated_shengji_settings_import_a_ruleset_that_compiles_or_one_line():
    """Exit status 0 and a ruleset that compiles, or 1 with one bounded line and no output file."""
    totals, problems = run("reader_mutants:check_import", SETTINGS)
    assert not problems, problems[:10]
    assert totals["imported"] > SETTINGS // 20 and totals["refused"] > SETTINGS // 2, totals


def test_mutated_requests_get_results_or_error_objects_never_an_internal_error():
    """A JSON-RPC response (or none, for notifications), every error of a code the server
    documents: never -32603, and no bug reported on standard error."""
    totals, problems = run("reader_mutants:check_rpc", REQUESTS)
    assert not problems, problems[:10]
    assert totals["results"] > REQUESTS // 20 and totals["errors"] > REQUESTS // 2, totals
