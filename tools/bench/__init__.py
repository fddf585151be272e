"""Measuring the board: `python -m tools.bench` (AI budgets, strength,
matches), the main loop's cost (hwbench), answer times and memory on the
emulated Pico (latency, picomem, mctsbench) and the web page's cost
(web_bench). The highest tools package: it may use every other one."""
