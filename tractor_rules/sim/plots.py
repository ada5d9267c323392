"""The plots of a balance report, drawn with matplotlib as SVG text (extra ``tractor-rules[balance]``),
and the HTML page that holds them with the report's table.

The SVG is made reproducible (a fixed hash salt, no date), so the same report gives the same page.
"""

from __future__ import annotations

import io
from typing import Any

from markupsafe import Markup, escape

from .balance import METRICS, BalanceReport
from .stats import wilson

__all__ = ["file_name", "html_page", "plots"]


def load_pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'tractor-rules[balance]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "tractor-rules"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, and searchable
    import matplotlib.pyplot as plt

    return plt


def _svg(plt: Any, figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = out.getvalue()
    return text[text.index("<svg"):]  # the XML prolog and doctype do not belong inside HTML


def file_name(title: str) -> str:
    """The file a plot is written to by ``balance --plots DIR``: "Level changes" → "level-changes.svg"."""
    return "-".join("".join(ch for ch in title.lower() if ch.isalnum() or ch == " ").split()) + ".svg"


def plots(report: BalanceReport) -> dict[str, str]:
    """Each plot's title → its SVG: the rates with their intervals, the level changes, the
    attackers' points, the kitty's multipliers and the hands a game takes."""
    plt = load_pyplot()
    names = [name for name, _ in report.runs]
    runs = [run for _, run in report.runs]
    width = 0.8 / max(len(runs), 1)
    out: dict[str, str] = {}

    rates = [m for m in METRICS if m.rate]
    figure, axes = plt.subplots(figsize=(7, 3.2))
    for i, (name, run) in enumerate(report.runs):
        values = [m.interval(run) for m in rates]
        xs = [x + (i - (len(runs) - 1) / 2) * width for x in range(len(rates))]
        axes.bar(xs, [100 * v.value for v in values], width, label=name,
                 yerr=[[100 * (v.value - v.low) for v in values], [100 * (v.high - v.value) for v in values]],
                 capsize=3)
    axes.set_xticks(range(len(rates)), [m.words for m in rates], fontsize=8)
    axes.set_ylabel("% (95% CI)")
    axes.legend(fontsize=8)
    out["Rates"] = _svg(plt, figure)

    keys = report.outcome_keys()
    figure, axes = plt.subplots(figsize=(7, 3.2))
    for i, run in enumerate(runs):
        xs = [x + (i - (len(runs) - 1) / 2) * width for x in range(len(keys))]
        shares = [wilson(run.outcomes[k], run.hands) for k in keys]
        axes.bar(xs, [100 * s.value for s in shares], width, label=names[i],
                 yerr=[[100 * (s.value - s.low) for s in shares], [100 * (s.high - s.value) for s in shares]],
                 capsize=3)
    axes.set_xticks(range(len(keys)), [k.replace("attackers +0", "swap") for k in keys], fontsize=8)
    axes.set_ylabel("% of hands")
    axes.legend(fontsize=8)
    out["Level changes"] = _svg(plt, figure)

    for title, attribute, label in (("Attackers' points", "attacker_points_seen", "attackers' points"),
                                    ("Kitty multiplier when dug", "multipliers", "multiplier"),
                                    ("Hands a game takes", "game_lengths", "hands")):
        figure, axes = plt.subplots(figsize=(7, 3.2))
        for name, run in report.runs:
            counts = getattr(run, attribute)
            total = sum(counts.values()) or 1
            xs = sorted(counts)
            if xs:
                axes.step(xs, [100 * sum(counts[v] for v in xs if v <= x) / total for x in xs], where="post",
                          label=name)
        axes.set_xlabel(label)
        axes.set_ylabel("% at most (cumulative)")
        if axes.lines:
            axes.legend(fontsize=8)
        else:  # no kitty dug, or no game finished, in these hands
            axes.text(0.5, 0.5, "none in these hands", ha="center", va="center", transform=axes.transAxes)
        out[title] = _svg(plt, figure)
    return out


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border-bottom: 1px solid #ccc; padding: 0.3rem 0.7rem; text-align: left; font-variant-numeric: tabular-nums; }
td.significant { font-weight: bold; }
figure { margin: 1.5rem 0; }
figure svg { max-width: 100%; height: auto; }
"""


def html_page(report: BalanceReport, pictures: dict[str, str]) -> str:
    """A page a club can read: what was played, the table of figures, the differences, the plots."""
    names = [name for name, _ in report.runs]
    significant = {(d.other, d.metric.key) for d in report.differences() if d.significant}
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = [f"<tr><td>hands played</td>{''.join(f'<td>{r.hands}</td>' for _, r in report.runs)}</tr>"]
    for metric in METRICS:
        cells = []
        for i, name in enumerate(names):
            mark = ' class="significant"' if (name, metric.key) in significant else ""
            cells.append(f"<td{mark}>{escape(metric.shown(report.interval(metric, i)))}</td>")
        rows.append(f"<tr><td>{escape(metric.words)}</td>{''.join(cells)}</tr>")
    for key in report.outcome_keys():
        words = key + (" (swap)" if key == "attackers +0" else "")
        shares = "".join(f"<td>{escape(wilson(r.outcomes[key], r.hands).percent())}</td>" for _, r in report.runs)
        rows.append(f"<tr><td>level change: {escape(words)}</td>{shares}</tr>")
    found = [d for d in report.differences() if d.significant]
    if len(names) > 1:
        items = "".join(f"<li>{escape(d.other)}: {escape(d.sentence())}</li>" for d in found) or "<li>none</li>"
        differences = (f"<h2>Significant differences against {escape(names[0])}</h2>"
                       f"<p>Two-sided tests at the 5% level; figures in bold in the table.</p><ul>{items}</ul>")
    else:
        differences = ""
    figures = "".join(f"<figure><figcaption>{escape(title)}</figcaption>{Markup(svg)}</figure>"
                      for title, svg in pictures.items())
    interrupted = "<p><strong>Interrupted:</strong> the last ruleset is partial.</p>" if report.interrupted else ""
    titles = ", ".join(f"{escape(n)} ({escape(r.ruleset)})" for n, r in report.runs)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>Balance: {escape(' vs '.join(names))}</title><style>{_STYLE}</style></head><body>"
        f"<h1>Balance: {escape(' vs '.join(names))}</h1>"
        f"<p>{report.hands} hands of each ruleset on the same deals (seed {report.seed}), players "
        f"{escape(report.players)}: {titles}. 95% confidence intervals in brackets.</p>{interrupted}"
        f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"{differences}{figures}</body></html>\n"
    )
