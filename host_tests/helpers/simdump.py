"""The scripted simulator in this process, as a test drives it: a script
of board events through `python -m tools.sim --script FILE --dump`, and the
JSON it prints (tools/sim/script.py dump)."""
import json

from tools.sim import terminal as sim


def dumped(capsys, tmp_path, script, *args, lang=None):
    """The dump after `script` with these arguments; `lang` prepends
    --lang unless the arguments name one."""
    path = tmp_path / "script.txt"
    path.write_text(script)
    if lang is not None and "--lang" not in args:
        args = ("--lang", lang) + args
    code = sim.main(list(args) + ["--script", str(path), "--dump"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out.splitlines()[-1])


def places(squares):
    """A script putting a piece down on each square in turn."""
    return "".join("place %s\nwait 30\n" % q for q in squares)
