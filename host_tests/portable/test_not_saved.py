"""A save the flash refuses: the board says why and plays on, nothing lost.

On CircuitPython the computer may have the drive (boot.py gave it the flash:
Menu held at power-up), and then every write fails read-only (errno 30); a
full flash fails with errno 28. Portable."""
from simboard import SimBoard, fresh_dir
from hal.storage import FileStorage
from flash import Flash
from app import saves, screen
from app.play import NOT_SAVED_READ_ONLY, NOT_SAVED_FULL

SEMAFORO_SAVE = saves.save_name("semaforo")


class RefusingStorage(FileStorage):
    """The board's flash; while `refusing` is an errno, every write fails with it."""

    refusing = None

    def _check(self):
        if self.refusing is not None:
            raise OSError(self.refusing, "refused")

    def write_atomic(self, *a, **kw):
        self._check()
        return FileStorage.write_atomic(self, *a, **kw)

    def append(self, *a, **kw):
        self._check()
        return FileStorage.append(self, *a, **kw)

    def remove(self, *a, **kw):
        self._check()
        return FileStorage.remove(self, *a, **kw)

    def rename(self, *a, **kw):
        self._check()
        return FileStorage.rename(self, *a, **kw)


def refused_game(errno):
    storage = RefusingStorage(fresh_dir())
    b = SimBoard(storage=storage)
    play = b.start("semaforo")
    storage.refusing = errno
    screen.SAID = []
    try:
        b.enter("a1")
        b.tick(20)
        said = list(screen.SAID)
        b.enter("d3")
        b.tick(20)
        said_again = screen.SAID[len(said):]
    finally:
        screen.SAID = None
    return b, play, storage, said, said_again


def check_said_and_kept(errno, text):
    b, play, storage, said, again = refused_game(errno)
    assert said == [text], said
    assert text not in again, "said once a game, not at every move"
    assert b.mode() == "Play" and play.texts == ["a1", "d3"], "the game goes on"
    assert saves.read(storage, SEMAFORO_SAVE) is None
    storage.refusing = None           # the flash is the firmware's again
    b.enter("b2")
    b.tick(20)
    kept = saves.read(storage, SEMAFORO_SAVE)
    assert kept is not None and list(kept["moves"]) == ["a1", "d3", "b2"], kept


def test_a_read_only_drive_is_said_and_the_moves_are_saved_once_it_is_writable():
    check_said_and_kept(30, NOT_SAVED_READ_ONLY.replace("|", " - "))


def test_a_full_flash_is_said_and_the_moves_are_saved_once_there_is_room():
    check_said_and_kept(28, NOT_SAVED_FULL.replace("|", " - "))


def test_another_write_error_is_still_a_fault():
    storage = RefusingStorage(fresh_dir())
    b = SimBoard(storage=storage)
    b.start("semaforo")
    storage.refusing = 5              # EIO: not the drive's state, a fault
    b.enter("a1")
    b.tick(20)
    assert b.mode() == "ErrorScreen" and b.app.errors == 1, "logged and shown, as before"


class FullFlash(Flash):
    """A FAT flash with `room` bytes left: a write past it fails ENOSPC
    after the file was made, as a full drive does."""

    room = 1 << 20

    def used(self):
        n = 0
        for b in self.files.values():
            n += len(b)
        return n

    def write_into(self, path, b):
        if self.used() + len(b) > self.room:
            raise OSError(28, "no space left")


def test_a_save_refused_by_a_full_drive_leaves_no_part_file_and_the_old_save():
    flash = FullFlash(fat=True)
    storage = FileStorage("", flash)
    storage.write_atomic("save-x.json", b"old save")
    flash.room = flash.used()                   # not one byte more
    try:
        storage.write_atomic("save-x.json", b"the new save, longer")
        raise AssertionError("a full drive took the bytes")
    except OSError as e:
        assert e.args[0] == 28
    assert sorted(flash.files) == ["save-x.json"], sorted(flash.files)
    assert storage.read("save-x.json") == b"old save"


def test_a_heap_run_out_is_said_in_words_then_the_menu():
    from app.core import NO_MEMORY
    storage = FileStorage(fresh_dir())
    b = SimBoard(storage=storage)
    play = b.start("semaforo")

    def out_of_heap(now, events):
        raise MemoryError("memory allocation failed, allocating 1016 bytes")
    play.step = out_of_heap
    screen.SAID = []
    try:
        b.tick(20)
        said = list(screen.SAID)
    finally:
        screen.SAID = None
    assert said == [NO_MEMORY.replace("|", " - ")], said
    assert b.mode() == "Message" and b.app.errors == 1
    assert b"MemoryError" in storage.read("error.log"), "logged as every fault is"
    b.wait(30000)
    assert b.mode() == "Menu", "said once, then the menu"
