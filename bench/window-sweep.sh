#!/usr/bin/env bash
# zkload --mode async: throughput and latency against the window, interleaved rounds, median after a warm-up.
# Usage: bench/window-sweep.sh [znodes] [rounds] [windows, e.g. 1,8,32,128,1000]
# PIN=1: the benchmark's client on CPU 0 and the server on CPU 1 (taskset), each with a core of its own
JAVA_OPTS="${JAVA_OPTS:-} -Dpin=${PIN:+true}" exec "$(dirname "$0")/perf-main.sh" - dev.zkload.perf.latency.WindowSweep \
  "${1:-10000}" "${2:-3}" ${3:+"$3"}
