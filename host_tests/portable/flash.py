"""An in-memory flash filesystem for FileStorage that can lose power at any operation.

Flash(fat=False) behaves as LittleFS (rename replaces a file at once);
Flash(fat=True) as FAT, whose rename refuses to replace an existing file.
Every call the storage makes (open, write, close, read, seek, stat, rename,
remove) is one operation, numbered from 0. Two ways to cut the power:

- Flash(cut_at=k, half=False): operation k is not done (half=True: a write
  lands only the first half of its bytes) and raises PowerCut; every later
  operation raises PowerCut too (the board is off).
- watch: a function called with (flash, op) before each operation; it can take
  flash.after_cut(half) -- the files as a cut at this operation leaves them --
  so a whole game run once yields the flash of a cut at each of its operations
  (record_cuts() sets the watch that collects them all).

PowerCut is a BaseException so the app's own `except Exception` cannot swallow it.
"""


class PowerCut(BaseException):
    pass


def _enoent(path):
    return OSError(2, "no such file: " + path)


class _File:
    def __init__(self, flash, path, data=None):
        self.flash, self.path = flash, path
        self.data = data       # bytes read at open, None for a file opened to write
        self.pos = 0

    def write(self, b):
        self.flash._op("write", self.path, bytes(b))
        self.flash.write_into(self.path, b)
        self.flash.files[self.path] = self.flash.files.get(self.path, b"") + bytes(b)
        return len(b)

    def read(self, n=-1):
        self.flash._op("read", self.path)
        end = len(self.data) if n is None or n < 0 else min(len(self.data), self.pos + n)
        out = self.data[self.pos:end]
        self.pos = end
        return out

    def seek(self, pos):
        self.flash._op("seek", self.path)
        self.pos = pos

    def close(self):
        self.flash._op("close", self.path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None or not issubclass(exc[0], PowerCut):
            self.close()
        return False


class Flash:
    def __init__(self, fat=False, files=None, cut_at=-1, half=False):
        self.fat = fat
        self.files = dict(files or {})   # path -> bytes
        self.dirs = set()                # paths that are folders
        self.failing = set()             # paths whose every operation raises OSError
        self.ops = 0
        self.cut_at = cut_at
        self.half = half
        self.off = False
        self.watch = None

    # --- power ------------------------------------------------------------
    def _op(self, kind, path, data=None):
        if self.off:
            raise PowerCut()
        op = (kind, path, data)
        if self.watch is not None:
            self.watch(self, op)
        n = self.ops
        self.ops += 1
        if n == self.cut_at:
            self.off = True
            if kind == "write" and self.half:
                self.files[path] = self.files.get(path, b"") + data[:len(data) // 2]
            raise PowerCut()
        if path in self.failing:
            raise OSError(5, "input/output error: " + path)

    def after_cut(self, op, half=False):
        """The files a cut at op leaves: op not done, or (half) a write half done."""
        files = dict(self.files)
        kind, path, data = op
        if half and kind == "write":
            files[path] = files.get(path, b"") + data[:len(data) // 2]
        return files

    def record_cuts(self):
        """Watch every operation from now on: the list returned collects the
        files a cut at each would leave (a write also cut half done). Set
        watch to None to stop."""
        cuts = []

        def watch(flash, op):
            cuts.append(flash.after_cut(op))
            if op[0] == "write":
                cuts.append(flash.after_cut(op, True))
        self.watch = watch
        return cuts

    def write_into(self, path, b):
        """Before a write lands: a subclass may refuse it (a full drive)."""

    # --- what FileStorage calls -----------------------------------------------
    def listdir(self, path=""):
        self._op("listdir", path)
        pre = path.rstrip("/") + "/" if path else ""
        return [p[len(pre):] for p in self.files if p.startswith(pre) and "/" not in p[len(pre):]]

    def open(self, path, mode):
        self._op("open " + mode, path)
        if path in self.dirs:
            raise OSError(21, "is a folder: " + path)
        if "r" in mode:
            if path not in self.files:
                raise _enoent(path)
            return _File(self, path, self.files[path])
        if "w" in mode or path not in self.files:
            self.files[path] = b""
        return _File(self, path)

    def stat(self, path):
        self._op("stat", path)
        if path in self.dirs:
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if path not in self.files:
            raise _enoent(path)
        return (0x8000, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)

    def rename(self, old, new):
        self._op("rename", old, new)
        if old not in self.files:
            raise _enoent(old)
        if new in self.dirs or (self.fat and new in self.files):
            raise OSError(17, "exists: " + new)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        self._op("remove", path)
        if path not in self.files:
            raise _enoent(path)
        del self.files[path]
