#!/usr/bin/env bash
# What zkload's measuring costs: the plain client's bare loops vs zkload's sync and async benchmark,
# same forked server, interleaved rounds, median after a warm-up.
# Usage: bench/latency-overhead.sh [znodes] [rounds] [window] [async: skip the sync pair]
# PIN=1: the benchmark's client on CPU 0 and the server on CPU 1 (taskset), each with a core of its own
JAVA_OPTS="${JAVA_OPTS:-} -Dpin=${PIN:+true}" exec "$(dirname "$0")/perf-main.sh" - dev.zkload.perf.latency.LatencyOverheadBenchmark \
  "${1:-10000}" "${2:-3}" ${3:+"$3"} ${4:+"$4"}
