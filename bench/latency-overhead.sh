#!/usr/bin/env bash
# What zkload's measuring costs: the plain client's bare loops vs zkload's sync and async benchmark,
# same forked server, interleaved rounds, median after a warm-up.
# Usage: bench/latency-overhead.sh [znodes] [rounds] [window] [async: skip the sync pair]
# PIN=1: the benchmark's client on CPU 0 and the server on CPU 1 (taskset), each with a core of its own
set -euo pipefail
cd "$(dirname "$0")/.."
# built through the reactor (with -am), so executor-sim comes from this tree, never from ~/.m2
./mvnw -B -q -pl bench-core -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench-cp.txt -Dmdep.includeScope=test
java -Dpin="${PIN:+true}" -cp "bench-core/target/test-classes:bench-core/target/classes:$(cat bench-core/target/bench-cp.txt)" \
  dev.zkload.bench.perf.LatencyOverheadBenchmark "${1:-10000}" "${2:-3}" ${3:+"$3"} ${4:+"$4"}
