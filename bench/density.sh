#!/usr/bin/env bash
# executor-sim density: threads, heap and RSS per session, registration speed, client CPU per domain.
# Usage: bench/density.sh [domains ...]   (default 100 300 700)
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl executor-sim -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/density-cp.txt -Dmdep.includeScope=test
java -Xmx8g -cp "executor-sim/target/test-classes:executor-sim/target/classes:$(cat executor-sim/target/density-cp.txt)" \
  dev.zkload.sim.perf.DensityBenchmark "$@"
