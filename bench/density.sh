#!/usr/bin/env bash
# executor-sim density: threads, heap and RSS per session, registration speed, and the process CPU per
# request against a bare replay of the same requests.
# Usage: bench/density.sh [domains[:paused][xROUNDS] ...]   (default 100 300 700 700:paused)
exec "$(dirname "$0")/perf-main.sh" 8g dev.zkload.perf.sim.DensityBenchmark "$@"
