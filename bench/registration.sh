#!/usr/bin/env bash
# How fast domains register with their persistent trees pipelined, or each domain's sent one request at a time,
# against the server's own pipelined create rate, on one fresh standalone server in one run.
# Usage: bench/registration.sh [domains] [rounds]   (default 100 domains, 3 rounds)
exec "$(dirname "$0")/perf-main.sh" 8g dev.zkload.perf.sim.RegistrationBenchmark "$@"
