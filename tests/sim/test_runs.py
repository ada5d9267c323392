"""What the run commands share (sim/runs.py): Ctrl-C and the other stopping signals held back while
a hand is added to the report and the log (``whole``), with the handlers swapped once per run
(``held_for_run``) rather than for every hand."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from contextlib import nullcontext

import pytest

from tractor_rules.sim import runs
from tractor_rules.sim.runs import held_for_run, whole


def _interrupt() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def _handlers() -> dict[int, object]:
    return {sig: signal.getsignal(sig) for sig in runs._STOPPING}


@pytest.mark.parametrize("in_a_run", [True, False])
def test_ctrl_c_inside_a_section_waits_for_its_end(in_a_run):
    before = _handlers()
    done = []
    with pytest.raises(KeyboardInterrupt):
        with held_for_run() if in_a_run else nullcontext():
            with whole():
                _interrupt()
                done.append("the rest of the section")  # runs: the signal waits
            done.append("after the section")  # never runs: the signal is acted on at its end
    assert done == ["the rest of the section"]
    assert _handlers() == before


def test_ctrl_c_outside_a_section_acts_at_once_in_a_run():
    done = []
    with pytest.raises(KeyboardInterrupt):
        with held_for_run():
            with whole():
                done.append("a hand")
            _interrupt()
            done.append("never")
    assert done == ["a hand"]


def test_a_run_swaps_the_handlers_once_not_for_every_hand(monkeypatch):
    swaps = []
    real = signal.signal
    monkeypatch.setattr(runs.signal, "signal", lambda sig, handler: swaps.append(sig) or real(sig, handler))
    before = _handlers()
    with held_for_run():
        for _ in range(50):
            with whole():
                pass
    assert len(swaps) == 2 * len(runs._STOPPING)  # taken, then given back
    assert _handlers() == before
    swaps.clear()
    with whole():  # a section on its own takes them and gives them back itself
        pass
    assert len(swaps) == 2 * len(runs._STOPPING)


def test_sections_nest_and_the_signal_waits_for_the_outermost():
    done = []
    with pytest.raises(KeyboardInterrupt):
        with whole():
            with whole():
                _interrupt()
            done.append("the outer section goes on")
    assert done == ["the outer section goes on"]


def test_an_ignored_signal_stays_ignored(monkeypatch):
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with held_for_run():
            with whole():
                _interrupt()
            _interrupt()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_handler_of_the_command_line_is_the_one_acted_on():
    """SIGTERM under the command line raises its own exception (so every ``finally`` removes its
    temporary file): a signal held back is given to that handler, not to a default one."""
    class Stopped(BaseException):
        pass

    def stop(signum, frame):
        raise Stopped(signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        with pytest.raises(Stopped):
            with held_for_run():
                with whole():
                    os.kill(os.getpid(), signal.SIGTERM)
        assert signal.getsignal(signal.SIGTERM) is stop
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_signal_whose_default_ends_the_process_ends_it_after_the_section(tmp_path):
    script = (
        "import os, signal, sys\n"
        "from tractor_rules.sim.runs import held_for_run, whole\n"
        "signal.signal(signal.SIGHUP, signal.SIG_DFL)\n"
        "with held_for_run():\n"
        "    with whole():\n"
        "        os.kill(os.getpid(), signal.SIGHUP)\n"
        "        print('section ended', flush=True)\n"
        "    print('after the section', flush=True)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGHUP
    assert done.stdout == "section ended\n"


def test_a_section_in_another_thread_does_not_hold_back_the_main_threads_signals():
    inside, release = threading.Event(), threading.Event()

    def other():
        with whole():
            inside.set()
            release.wait(30)

    thread = threading.Thread(target=other)
    thread.start()
    try:
        inside.wait(30)
        with pytest.raises(KeyboardInterrupt):
            with held_for_run():
                _interrupt()
                for _ in range(1000):  # the handler runs between two bytecodes of the main thread
                    pass
    finally:
        release.set()
        thread.join()

