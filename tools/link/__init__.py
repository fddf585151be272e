"""The board link: what every other tool stands on.

Where the firmware is (firmware_path), compiling it with mpy-cross (mpy,
native), reading a board file (boardfile), the firmware's file lists (files),
the one way to a board over USB (mpremote) and the one way to run code in
32-bit MicroPython under WebAssembly (wasm). Nothing here imports another
tools package.
"""
