"""Fake CircuitPython `storage` for the host tests: remount() is recorded."""
remounts = []       # (path, readonly) per call


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((mount_path, readonly))
