"""Small files on flash (or a desktop folder): the same code on every backend.

What a power cut may leave, and what each call promises:

write_atomic(name, data)  `data` is bytes, text, or an iterable of pieces
    (bytes or text) written one after another, so a long file never needs
    one large block of RAM. After a cut at any point, read(name) gives either the
    old content or the new one, whole; never a torn file, and never nothing
    when there was an old one. It writes `name.tmp` and renames it over
    `name` (LittleFS and POSIX replace a file in one step). A filesystem whose
    rename will not replace a file (FAT) refuses with OSError; then the whole
    `.tmp` is first renamed to `name.new`, `name` removed and `name.new`
    renamed to `name`. A torn `.tmp` (a cut while writing it) is never read:
    only a finished file ever carries the `.new` name. A write the
    filesystem refuses (full, read-only) removes its `.tmp` and raises.
read(name)      The bytes of `name`, else of `name.new` (a cut in the middle of
    a FAT replace), else None. `name.tmp` is never taken. The whole file in
    RAM: for files whose size is known to be small; the app reads saves and
    the record book a piece at a time (read_at, chunks).
chunks(name)    What read(name) gives, CHUNK bytes at a time.
remove(name)    Removes `name.new` first, then `name`, then `name.tmp`: a cut
    part-way can leave the old content readable but never brings back an
    older one.
rename(old, new)  Moves what read(old) gives to `new` (replacing it);
    nothing to move is no error. The filesystem's own rename moves it, with
    no byte of it in RAM however large it is (a damaged file set aside);
    where that rename refuses to replace (FAT) `new` is removed first, and
    where it refuses even then the file is copied a chunk at a time before
    `old` goes. A cut at any point leaves what read(old) gave readable under
    one of the two names.
append(name, text, limit, length)  Adds text (or pieces of `length` bytes
    in all) at the end of a log. When the file would
    pass `limit` bytes it is first renamed to the rotated name (`games.txt`
    -> `games.1.txt`, replacing the older one), so the last `limit` bytes of
    text are always kept and a log is never cut down to nothing. A cut during
    the append itself can leave a part of `text` at the end.
tail(name, n)   The last n bytes of `name` (b"" if it is missing).
read_at(name, start, n)  At most n bytes of `name` from byte `start` (b"" if
    it is missing): a long file read a piece at a time, never whole in RAM.
size(name)      Its size in bytes, -1 if it is missing.
names()         The names in the storage's folder (None where `files` cannot
    list them): what is kept is found without asking for every name it may have.

`files` is what the storage acts through (open/stat/rename/remove as in
`os`); tests pass an in-memory flash that can lose power at any operation.

Pieces are gathered into writes of about WRITE_BYTES: a record line of a
600-move game is a dozen writes, not 600 calls into the filesystem, and
still no block larger than that.
"""
import os

WRITE_BYTES = 256
CHUNK = 256           # bytes read at a time to copy or compare a file


def _write_pieces(f, pieces):
    # The pieces wait in a list and are joined once a write: adding each to
    # a growing bytes would copy the buffer at every piece.
    parts = []
    n = 0
    for piece in pieces:
        b = piece.encode() if isinstance(piece, str) else piece
        parts.append(b)
        n += len(b)
        if n >= WRITE_BYTES:
            f.write(b"".join(parts))
            parts = []
            n = 0
    if parts:
        f.write(b"".join(parts))


class OsFiles:
    """The board's (or the desktop's) own filesystem."""

    def open(self, path, mode):
        return open(path, mode)

    def stat(self, path):
        return os.stat(path)

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def listdir(self, path=None):
        return os.listdir(path) if path else os.listdir()


def rotated(name):
    """games.txt -> games.1.txt (error.log -> error.1.log)."""
    dot = name.rfind(".")
    if dot <= 0:
        return name + ".1"
    return name[:dot] + ".1" + name[dot:]


class FileStorage:
    def __init__(self, root="", files=None):
        self.root = root.rstrip("/")
        self.files = files if files is not None else OsFiles()

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def size(self, name):
        """The size of a file in bytes, -1 if it is missing."""
        try:
            return self.files.stat(self.path(name))[6]
        except OSError:
            return -1

    def _remove(self, name):
        try:
            self.files.remove(self.path(name))
        except OSError:
            pass

    def names(self):
        """The names of the files in this storage's folder, or None where its
        `files` has no listdir."""
        ls = getattr(self.files, "listdir", None)
        if ls is None:
            return None
        try:
            return ls(self.root) if self.root else ls()
        except OSError:
            return None

    def exists(self, name):
        return self.size(name) >= 0 or self.size(name + ".new") >= 0

    def read(self, name):
        for p in (self.path(name), self.path(name + ".new")):
            try:
                with self.files.open(p, "rb") as f:
                    return f.read()
            except OSError:
                pass
        return None

    def found(self, name):
        """The file read(name) reads: `name`, else `name.new`, else None."""
        for n in (name, name + ".new"):
            if self.size(n) >= 0:
                return n
        return None

    def chunks(self, name, n=CHUNK):
        """What read(name) gives, n bytes at a time (nothing if it is missing)."""
        src = self.found(name)
        pos = 0
        while src is not None:
            data = self.read_at(src, pos, n)
            if not data:
                return
            pos += len(data)
            yield data

    def write_atomic(self, name, data):
        if isinstance(data, str):
            data = data.encode()
        fs = self.files
        tmp, new, path = self.path(name + ".tmp"), self.path(name + ".new"), self.path(name)
        try:
            with fs.open(tmp, "wb") as f:
                if isinstance(data, (bytes, bytearray)):
                    f.write(data)
                else:
                    _write_pieces(f, data)
        except OSError:
            # A full drive refuses the bytes after it made the file: an empty
            # or part .tmp would stay behind (never read, but it looks like
            # a lost save to whoever opens the drive).
            self._remove(name + ".tmp")
            raise
        try:
            fs.rename(tmp, path)        # LittleFS and POSIX replace at once
            return
        except OSError:
            pass
        # FAT: rename will not replace. A stale .new is older than `name` (which
        # read() prefers), so dropping it changes nothing a reader can see.
        self._remove(name + ".new")
        fs.rename(tmp, new)
        fs.remove(path)
        fs.rename(new, path)

    def rename(self, old, new):
        src = self.found(old)
        if src is None:
            return False
        if src == old:
            # read(old) gives `old`: a .new beside it is a FAT replace cut
            # before it removed `old`, never read while `old` is there.
            self._remove(old + ".new")
        fs, path, to = self.files, self.path(src), self.path(new)
        try:
            fs.rename(path, to)               # LittleFS and POSIX replace at once
        except OSError:
            # FAT will not replace: `new` goes first (a cut here leaves `old`
            # to be moved again).
            self._remove(new)
            try:
                fs.rename(path, to)
            except OSError:
                self._copy(src, new)
                self._remove(src)
        self._remove(old + ".tmp")
        return True

    def _copy(self, src, new):
        """`src` written to `new` a chunk at a time (where rename refuses)."""
        with self.files.open(self.path(new), "wb") as f:
            for data in self.chunks(src):
                f.write(data)

    def remove(self, name):
        for n in (name + ".new", name, name + ".tmp"):
            self._remove(n)

    def tail(self, name, n):
        size = self.size(name)
        if size < 0:
            return b""
        with self.files.open(self.path(name), "rb") as f:
            if size > n:
                f.seek(size - n)
            return f.read()

    def read_at(self, name, start, n):
        try:
            f = self.files.open(self.path(name), "rb")
        except OSError:
            return b""
        with f:
            f.seek(start)
            return f.read(n)

    def append(self, name, text, limit=8192, length=None):
        """`text` may be pieces (an iterable of bytes or text) whose total
        `length` is given: a long line needs no large block of RAM."""
        if isinstance(text, str):
            text = text.encode()
        whole = isinstance(text, (bytes, bytearray))
        if whole:
            length = len(text)
        elif length is None:
            raise ValueError("append: pieces need their total length")
        size = self.size(name)
        if size > 0 and size + length > limit:
            self._rotate(name)
        with self.files.open(self.path(name), "ab") as f:
            if whole:
                f.write(text)
            else:
                _write_pieces(f, text)

    def _rotate(self, name):
        fs, old = self.files, self.path(rotated(name))
        try:
            fs.rename(self.path(name), old)   # LittleFS and POSIX replace at once
        except OSError:
            # FAT: a cut after this remove still leaves the full current log.
            self._remove(rotated(name))
            fs.rename(self.path(name), old)
