#!/usr/bin/env bash
# How long removing domains takes from a busy ensemble, with the other domains' job runs held while they
# go and without: the ratio of the two removals, and the leader's outstanding requests during each.
# Usage: bench/removal.sh [domains [removed]]   (default 100 5)
exec "$(dirname "$0")/perf-main.sh" 4g dev.zkload.sim.RemovalBenchmark "$@"
