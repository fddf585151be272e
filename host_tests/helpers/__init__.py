"""The tests' helpers: MicroPython's tools, the .mpy build, the GTP game between two
engines, finished games as record books, the browser page, the memory drivers."""
