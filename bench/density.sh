#!/usr/bin/env bash
# executor-sim density: threads, heap and RSS per session, registration speed, and the process CPU per
# request against a bare replay of the same requests.
# Usage: bench/density.sh [domains[:paused][xROUNDS] ...]   (default 100 300 700 700:paused)
# The benchmark lives in src-it's test sources, beside the other executor-sim tests against real servers.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl src-it -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/density-cp.txt -Dmdep.includeScope=test
java -Xmx8g -cp "src-it/target/test-classes:$(cat src-it/target/density-cp.txt)" \
  dev.zkload.sim.perf.DensityBenchmark "$@"
