#!/usr/bin/env bash
# zkload --mode async: throughput and latency against the window, interleaved rounds, median after a warm-up.
# Usage: bench/window-sweep.sh [znodes] [rounds] [windows, e.g. 1,8,32,128,1000]
# PIN=1: the benchmark's client on CPU 0 and the server on CPU 1 (taskset), each with a core of its own
set -euo pipefail
cd "$(dirname "$0")/.."
# built through the reactor (with -am), so executor-sim comes from this tree, never from ~/.m2
./mvnw -B -q -pl bench-core -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench-cp.txt -Dmdep.includeScope=test
java -Dpin="${PIN:+true}" -cp "bench-core/target/test-classes:bench-core/target/classes:$(cat bench-core/target/bench-cp.txt)" \
  dev.zkload.bench.perf.WindowSweep "${1:-10000}" "${2:-3}" ${3:+"$3"}
