#!/usr/bin/env bash
# What zkload's measuring costs: bare ZooKeeper client loop vs zkload's sync and async benchmark,
# same forked server, interleaved rounds, median after a warm-up. Usage: bench/latency-overhead.sh [znodes] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl bench-core -am test-compile
cp=$(./mvnw -B -q -pl bench-core dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test)
java -cp "bench-core/target/test-classes:bench-core/target/classes:$cp" \
  dev.zkload.bench.perf.LatencyOverheadBenchmark "${1:-10000}" "${2:-3}"
