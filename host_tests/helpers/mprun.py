"""Run portable test modules on MicroPython (or CPython): every `test_*` function.

    micropython host_tests/helpers/mprun.py test_semaforo [test_app_flow ...]
    micropython host_tests/helpers/mprun.py test_powercut.test_the_parts_of_a_sweep_are_every_game

A name with a dot runs that one test of the module. Run from the repository
root. Prints a line per failure and a closing 'N passed, N failed'; exits 1
if anything failed.

    micropython host_tests/helpers/mprun.py --mpy DIR test_powercut

With --mpy the firmware and the test helpers are imported from DIR's .mpy
tree (host_tests/helpers/mpybuild.py), as a board imports them, and only the test
modules from source: the app gives a game's modules back at the menu, so a
test that boots thousands of boards would otherwise compile them thousands
of times.
"""
import sys

sys.path.insert(0, ".")
sys.path.insert(0, "host_tests/portable")
sys.path.insert(0, "firmware")
ARGS = sys.argv[1:]
if ARGS[:1] == ["--mpy"]:
    sys.path.insert(0, ARGS[1] + "/portable")
    sys.path.insert(0, ARGS[1] + "/firmware")
    ARGS = ARGS[2:]


def run(names):
    passed = failed = 0
    for name in names:
        only = None
        if "." in name:
            name, only = name.split(".")
        mod = __import__(name)
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_") or (only is not None and attr != only):
                continue
            fn = getattr(mod, attr)
            try:
                from app import lang
                lang.use("en")                  # as conftest.py: each test starts in English
                fn()
                passed += 1
            except Exception as e:  # report and go on: one failure hides none
                failed += 1
                print("FAIL %s.%s: %s: %s" % (name, attr, type(e).__name__, e))
                if hasattr(sys, "print_exception"):
                    sys.print_exception(e)
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(ARGS) else 0)
