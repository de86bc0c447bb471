#!/usr/bin/env bash
# The seven-op benchmark on several ZooKeeper releases, each on its own embedded server forked by the
# runner (`latency --server-version`), in interleaved rounds; prints the medians per release and their
# ratios against the first release. Usage: bench/versions.sh [rounds] [znodes] [release ...]
# (default: 3 rounds, 5000 znodes, 3.9.5 3.4.14 3.8.4). Results stay in target/versions/.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
znodes=${2:-5000}
shift $(( $# < 2 ? $# : 2 ))
releases=("$@")
if [ ${#releases[@]} -eq 0 ]; then releases=(3.9.5 3.4.14 3.8.4); fi
jar=runner-cli/target/runner.jar
[ -f "$jar" ] || ./mvnw -B -q -DskipTests package
out=target/versions/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  for v in "${releases[@]}"; do
    echo "round $r of $rounds: ZooKeeper $v"
    java -jar "$jar" latency --server-version "$v" --znode-count "$znodes" --server-heap 1g \
      --out "$out/r$r-$v" > "$out/r$r-$v.log"
  done
done
java -cp "$jar" bench/VersionsTable.java "$out" "${releases[@]}"
