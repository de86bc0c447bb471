#!/usr/bin/env bash
# How long removing domains takes from a busy ensemble, with the other domains' job runs held while they
# go and without: the ratio of the two removals, and the leader's outstanding requests during each.
# Usage: bench/removal.sh [domains [removed]]   (default 100 5)
# The benchmark lives in src-it's test sources, beside the other executor-sim tests against real servers.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl src-it -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/removal-cp.txt -Dmdep.includeScope=test
java -Xmx4g -cp "src-it/target/test-classes:$(cat src-it/target/removal-cp.txt)" \
  dev.zkload.sim.RemovalBenchmark "$@"
