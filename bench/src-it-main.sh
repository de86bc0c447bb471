#!/usr/bin/env bash
# Runs a benchmark command kept in src-it's test sources (beside the executor-sim tests against real
# servers): compiles them, then runs MAIN with their test class path.
# Usage: bench/src-it-main.sh HEAP MAIN [args...]   e.g. bench/src-it-main.sh 8g dev.zkload.sim.perf.DensityBenchmark 100
set -euo pipefail
cd "$(dirname "$0")/.."
heap=$1 main=$2
shift 2
./mvnw -B -q -pl src-it -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/src-it-cp.txt -Dmdep.includeScope=test
java "-Xmx$heap" -cp "src-it/target/test-classes:$(cat src-it/target/src-it-cp.txt)" "$main" "$@"
