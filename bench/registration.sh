#!/usr/bin/env bash
# How fast domains register with their persistent trees pipelined, or each domain's sent one request at a time,
# against the server's own pipelined create rate, on one fresh standalone server in one run.
# Usage: bench/registration.sh [domains] [rounds]   (default 100 domains, 3 rounds)
# The benchmark lives in src-it's test sources, beside the other executor-sim tests against real servers.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl src-it -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/registration-cp.txt -Dmdep.includeScope=test
java -Xmx8g -cp "src-it/target/test-classes:$(cat src-it/target/registration-cp.txt)" \
  dev.zkload.sim.perf.RegistrationBenchmark "$@"
