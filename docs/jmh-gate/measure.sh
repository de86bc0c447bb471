#!/usr/bin/env bash
# How well the JMH gate tells a slowdown from noise, on this machine (docs/jmh.md, "How well the gate
# tells"). Two steps, from the repository's root after `./mvnw -B -q -DskipTests package`:
#
#   docs/jmh-gate/measure.sh run DIR RUNS   RUNS interleaved runs of every operation under jdk17,
#                                           jdk17-again (the same profile: A/A) and c1-profiled
#                                           (really slower), 5 forks each, as the CI recipe runs
#                                           them: DIR/run-NN.json, DIR/runs.log with the load
#                                           average at each run's start and end. About 30 minutes a
#                                           run on a loaded 2-core machine.
#   docs/jmh-gate/measure.sh judge DIR      the gate on every run, A against A and A against
#                                           c1-profiled, and c1-profiled's true slowdown per
#                                           operation and percentile: the gate's ratio over every
#                                           run's forks merged (unpaired); then the A/A runs with
#                                           the candidate's samples multiplied by 1.1 to 2: how
#                                           often a slowdown of exactly that size is caught. Needs
#                                           python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=jmh-bench/target/benchmarks.jar
step=${1:?usage: measure.sh run DIR RUNS | judge DIR}
dir=${2:?usage: measure.sh run DIR RUNS | judge DIR}
mkdir -p "$dir"
case $step in
run)
  for n in $(seq -w 1 "${3:?how many runs}"); do
    echo "run $n start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$dir/runs.log"
    java -cp "$jar" dev.zkload.jmh.gate.Interleave -p profile=jdk17,jdk17-again,c1-profiled -f 5 \
      -wi 1 -w 1s -i 3 -r 1s \
      -jvmArgsAppend "-Dzkload.profiles=$PWD/docs/jmh-gate/profiles.properties -Dzkload.jmh.pool=5000" \
      -rff "$dir/run-$n.json" > "$dir/run-$n.txt"
    echo "run $n end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$dir/runs.log"
  done
  ;;
judge)
  python3 - "$jar" "$dir" <<'PY'
import glob, json, os, re, subprocess, sys
jar, folder = sys.argv[1], sys.argv[2]
runs = sorted(glob.glob(os.path.join(folder, 'run-*.json')))
ROW = re.compile(r'^\| (\w+) \| (p[\d.]+) \| [^|]+ \| [^|]+ \| [^|]+ \| ([\d.]+) \| ([\d.]+) – ([\d.]+) \| ([^|]+) \|$')

def gate(path, profiles, paired=True):
    args = ['java', '-cp', jar, 'dev.zkload.jmh.gate.Gate', path, '--profiles', profiles] + (['--paired'] if paired else [])
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode not in (0, 3):
        sys.exit(f'gate failed on {path}: {p.stderr.strip()}')
    rows = {(m[1], m[2]): (float(m[3]), float(m[4]), float(m[5]), m[6].strip())
            for m in map(ROW.match, p.stdout.splitlines()) if m}
    return p.returncode, rows

def merged(others, out):
    """The forks of several runs as one result: each benchmark and profile with all their forks."""
    by = {}
    for f in others:
        for r in json.load(open(f)):
            key = (r['benchmark'], r['params']['profile'])
            if key in by:
                by[key]['primaryMetric']['rawDataHistogram'] += r['primaryMetric']['rawDataHistogram']
                by[key]['forks'] += r['forks']
            else:
                by[key] = r
    json.dump(list(by.values()), open(out, 'w'))
    return out

aa, ab = [], []
for f in runs:
    aa.append(gate(f, 'jdk17,jdk17-again'))
    ab.append(gate(f, 'jdk17,c1-profiled'))
failed = [os.path.basename(f) for f, (code, _) in zip(runs, aa) if code == 3]
rows_aa = sum(len(r) for _, r in aa)
rows_fail = sum(1 for _, r in aa for v in r.values() if v[3].startswith('FAIL'))
print(f'A against A: the gate failed {len(failed)} of {len(runs)} runs ({", ".join(failed) or "none"}); '
      f'{rows_fail} of {rows_aa} rows')
print()
print('| op | statistic | true slowdown (all runs merged) | A/A, all runs merged | caught | one run\'s ratio (min – max) |')
print('|---|---|---:|---:|---:|---|')
table = {}
for _, rows in ab:
    for key, (ratio, lo, hi, decision) in rows.items():
        table.setdefault(key, []).append((ratio, decision.startswith('FAIL')))
all_runs = merged(runs, os.path.join(folder, 'all.tmp.json'))
_, everything = gate(all_runs, 'jdk17,c1-profiled', paired=False)
_, same = gate(all_runs, 'jdk17,jdk17-again', paired=False)
os.remove(all_runs)
for key in sorted(table, key=lambda k: -everything[k][0]):
    seen = table[key]
    t = everything[key]
    print(f'| {key[0]} | {key[1]} | {t[0]:.2f} ({t[1]:.2f} – {t[2]:.2f}) | {same[key][0]:.2f} '
          f'| {sum(c for _, c in seen)} of {len(seen)} '
          f'| {min(r for r, _ in seen):.2f} – {max(r for r, _ in seen):.2f} |')

# The A/A runs again, with every sample of jdk17-again multiplied by a known factor: a slowdown of
# exactly that size on top of this machine's real noise.
factors = [1.1, 1.2, 1.3, 1.5, 2.0]
caught = {}
for f in runs:
    for factor in factors:
        scaled = []
        for r in json.load(open(f)):
            if r['params']['profile'] == 'jdk17-again':
                r['params']['profile'] = 'scaled'
                for fork in r['primaryMetric']['rawDataHistogram']:
                    for iteration in fork:
                        for pair in iteration:
                            pair[0] *= factor
            scaled.append(r)
        tmp = os.path.join(folder, 'scaled.tmp.json')
        json.dump(scaled, open(tmp, 'w'))
        for key, v in gate(tmp, 'jdk17,scaled')[1].items():
            caught.setdefault(key, {}).setdefault(factor, []).append(v[3].startswith('FAIL'))
        os.remove(tmp)
print()
print('| op | statistic | ' + ' | '.join(f'×{x}' for x in factors) + ' |')
print('|---|---|' + '---:|' * len(factors))
for key in sorted(caught):
    print(f'| {key[0]} | {key[1]} | ' + ' | '.join(f'{sum(caught[key][x])} of {len(caught[key][x])}' for x in factors) + ' |')
PY
  ;;
*) echo "usage: measure.sh run DIR RUNS | judge DIR" >&2; exit 2 ;;
esac
