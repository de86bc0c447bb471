#!/usr/bin/env bash
# Runs a benchmark command of the perf-bench module: builds it through the reactor (with -am, so that
# executor-sim and bench-core come from this tree, never from ~/.m2), then runs MAIN on its class path.
# Usage: bench/perf-main.sh HEAP MAIN [args...]   e.g. bench/perf-main.sh 8g dev.zkload.perf.sim.DensityBenchmark 100
# HEAP: the benchmark JVM's -Xmx, or - for the JVM's default. JAVA_OPTS: more options for that JVM.
set -euo pipefail
cd "$(dirname "$0")/.."
heap=$1 main=$2
shift 2
./mvnw -B -q -pl perf-bench -am compile dependency:build-classpath \
  -Dmdep.outputFile=target/perf-cp.txt -Dmdep.includeScope=runtime
heap_opts=()
[ "$heap" = - ] || heap_opts=("-Xmx$heap")
# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
java ${heap_opts[@]+"${heap_opts[@]}"} ${JAVA_OPTS:-} -cp "perf-bench/target/classes:$(cat perf-bench/target/perf-cp.txt)" "$main" "$@"
