"""The parser is built once, even when several threads ask for it at the same moment (a server's
first requests), and parses in several threads at once keep their own comments."""

from __future__ import annotations

import threading
import time

from tractor_rules.language import parser
from tractor_rules.language.syntax import Document


def test_threads_asking_together_share_one_build(monkeypatch):
    built = []
    real = parser._load_or_build_parser

    def slow_build():
        time.sleep(0.2)  # long enough for every thread to arrive while the first one builds
        built.append(1)
        return real()

    parser.forget_parser()
    monkeypatch.setattr(parser, "_load_or_build_parser", slow_build)
    start = threading.Barrier(8)
    got = []

    def ask():
        start.wait()
        got.append(parser.lark_parser())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(built) == 1
    assert len(got) == 8 and all(p is got[0] for p in got)


def test_parses_in_threads_keep_their_own_comments():
    texts = [f'ruleset: "r{i}"\n# comment {i}\nlevels\n  range: 2 to A\n' for i in range(6)]
    results: dict[int, Document] = {}

    def work(i):
        for _ in range(20):
            results[i] = parser.parse_document(texts[i], f"r{i}.tractor")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == list(range(6))
    for i, document in results.items():
        assert [c.text for c in document.comments] == [f"# comment {i}"]
