"""Output files written safely: whole or not at all (a failure never leaves a partial file), only
a regular file or a new name replaced, symbolic links followed, a replaced file's permissions kept
(docs/security.md).

The commands (``commands/``) write their outputs through ``write_output``; the simulation runs'
game log (``sim/runs.py``), which is streamed line by line, uses the same checks and temporary
file.  Both sit above this module, which imports neither.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

from .language.suggest import quoted

__all__ = ["OutputError", "output_target", "reason", "temporary_beside", "write_output"]


class OutputError(Exception):
    """An output file that cannot be written; its message is the one line the user sees."""


def output_target(out: str) -> tuple[Path, int]:
    """The file to replace for output ``out`` and the permissions to give it.  A symbolic link is
    followed (its target is written; the link stays); only a regular file, or a name that does not
    exist yet, is replaced; a replaced file keeps its permissions, a new one gets the umask's."""
    if out == "":
        raise OutputError("cannot write to '': the file name is empty")
    shown = quoted(out)
    try:
        real = Path(os.path.realpath(out))
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as exc:
        raise OutputError(f"cannot write to {shown}: {reason(exc)}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputError(f"cannot write to {shown}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(f"cannot write to {shown}: it is not a regular file (a device, a pipe or a "
                              "socket), and only files are written; use '-' for standard output")
        return real, stat.S_IMODE(info.st_mode)
    if not real.parent.is_dir():
        raise OutputError(f"cannot write to {shown}: there is no folder {quoted(str(real.parent))}")
    umask = os.umask(0)
    os.umask(umask)
    return real, 0o666 & ~umask


def reason(exc: BaseException) -> str:
    """Why writing failed, in the words an error message ends with."""
    if isinstance(exc, ValueError):
        return "the name holds a NUL character"
    return str(getattr(exc, "strerror", None) or exc)


def temporary_beside(real: Path, shown: str) -> tuple[int, str]:
    """A new hidden file in the target's folder (so that renaming it over the target is atomic)."""
    try:
        return tempfile.mkstemp(prefix=".tractor-rules-", suffix=".tmp", dir=real.parent)
    except OSError as exc:
        raise OutputError(f"cannot write to {shown}: {reason(exc)}") from None


def write_output(text: str, out: str | None) -> None:
    """Write to ``out`` whole or not at all (a failure never leaves a partial file), or to stdout
    (``out`` None or ``-``).  See docs/security.md: only regular files are replaced, links are
    followed, modes are kept."""
    if out is None or out == "-":
        sys.stdout.write(text)
        return
    real, mode = output_target(out)
    fd, tmp = temporary_beside(real, quoted(out))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
        os.replace(tmp, real)
        tmp = ""
    except OSError as exc:
        raise OutputError(f"cannot write to {quoted(out)}: {reason(exc)}") from None
    finally:
        if tmp:
            Path(tmp).unlink(missing_ok=True)
