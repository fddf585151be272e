"""Small files on flash (or a desktop folder): the same code on every backend.

write_atomic writes a temp file then renames it over the old one, so a power
cut leaves either the old or the new file, never half of one.
"""
import os


class FileStorage:
    def __init__(self, root=""):
        self.root = root.rstrip("/")

    def path(self, name):
        return self.root + "/" + name if self.root else name

    def exists(self, name):
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def read(self, name):
        """The file's bytes (or its finished .tmp after a cut rename), or None."""
        for p in (self.path(name), self.path(name + ".tmp")):
            try:
                with open(p, "rb") as f:
                    return f.read()
            except OSError:
                pass
        return None

    def write_atomic(self, name, data):
        if isinstance(data, str):
            data = data.encode()
        tmp = self.path(name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(data)
        try:
            os.rename(tmp, self.path(name))  # LittleFS and POSIX replace at once
        except OSError:
            # A filesystem whose rename will not replace (FAT): a power cut
            # between these two lines leaves only the .tmp file, which the
            # reader takes when the file itself is missing.
            os.remove(self.path(name))
            os.rename(tmp, self.path(name))

    def rename(self, old, new):
        try:
            os.remove(self.path(new))
        except OSError:
            pass
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def append(self, name, text, limit=8192):
        """Add text to a log file, starting it afresh past `limit` bytes."""
        mode = "a"
        try:
            if os.stat(self.path(name))[6] > limit:
                mode = "w"
        except OSError:
            pass
        with open(self.path(name), mode) as f:
            f.write(text)
