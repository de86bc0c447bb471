#!/usr/bin/env bash
# How well the JMH gate tells a slowdown from noise, on this machine (docs/jmh.md, "How well the gate
# tells"). Three steps, after `./mvnw -B -q -DskipTests package`; DIR is taken from where you call it:
#
#   docs/jmh-gate/measure.sh run DIR RUNS   RUNS interleaved runs of every operation under jdk17,
#                                           jdk17-again (the same profile: A/A) and c1-profiled
#                                           (slower), 5 forks each, as the CI recipe runs them:
#                                           DIR/run-NN.json, DIR/runs.log with the load average at
#                                           each run's start and end. 12 to 38 minutes a run on a
#                                           loaded 2-core machine.
#   docs/jmh-gate/measure.sh truth DIR      c1-profiled's true slowdown, measured apart from the
#                                           runs: jdk17 against it, 10 forks each, interleaved
#                                           (140 trials, 26 minutes at a load of 4): DIR/truth.json.
#   docs/jmh-gate/measure.sh judge DIR      on the runs whose end DIR/runs.log records: the gate
#                                           on every run, A against A and A against c1-profiled;
#                                           the A/A pairs' noise (fork spread, JMH's own
#                                           intervals, arithmetic against geometric means);
#                                           c1-profiled's true slowdown per operation and
#                                           percentile: the gate's ratio on DIR/truth.json (or,
#                                           without it, on the runs' forks merged); then the A/A
#                                           runs with the candidate's samples multiplied by 1.1
#                                           to 2: how often a slowdown of exactly that size is
#                                           caught. Needs python3.
set -euo pipefail
step=${1:?usage: measure.sh run DIR RUNS | truth DIR | judge DIR}
dir=${2:?usage: measure.sh run DIR RUNS | truth DIR | judge DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cd "$(dirname "$0")/../.."
jar=jmh-bench/target/benchmarks.jar
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
truth)
  echo "truth start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$dir/runs.log"
  java -cp "$jar" dev.zkload.jmh.gate.Interleave -p profile=jdk17,c1-profiled -f 10 -wi 1 -w 1s -i 3 -r 1s \
    -jvmArgsAppend "-Dzkload.profiles=$PWD/docs/jmh-gate/profiles.properties -Dzkload.jmh.pool=5000" \
    -rff "$dir/truth.json" > "$dir/truth.txt"
  echo "truth end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$dir/runs.log"
  ;;
judge)
  python3 - "$jar" "$dir" <<'PY'
import glob, json, math, os, re, statistics, subprocess, sys
jar, folder = sys.argv[1], sys.argv[2]
# A run counts when runs.log has its end and no failure: a run cut short (a restart, Ctrl-C) leaves
# a result with only its first trials, which is no A/A run and is left out, and said.
log = open(os.path.join(folder, 'runs.log')).read()
ended = set(re.findall(r'^run (\d+) end (?!.*\bexit [1-9])', log, re.M))
files = sorted(glob.glob(os.path.join(folder, 'run-*.json')))
runs = [f for f in files if re.search(r'run-(\d+)\.json$', f)[1] in ended]
for f in sorted(set(files) - set(runs)):
    print(f'{os.path.basename(f)} left out: runs.log has no end for it, or its run failed')
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

def profiles(path):
    return {r['params']['profile'] for r in json.load(open(path))}

aa, ab = [], []
for f in runs:
    aa.append(gate(f, 'jdk17,jdk17-again'))
    if 'c1-profiled' in profiles(f):  # a run may leave it out, to fit more A/A runs in the time
        ab.append(gate(f, 'jdk17,c1-profiled'))
failed = [os.path.basename(f) for f, (code, _) in zip(runs, aa) if code == 3]
rows_aa = sum(len(r) for _, r in aa)
rows_fail = sum(1 for _, r in aa for v in r.values() if v[3].startswith('FAIL'))
print(f'A against A: the gate failed {len(failed)} of {len(runs)} runs ({", ".join(failed) or "none"}); '
      f'{rows_fail} of {rows_aa} rows')

# The noise the gate is made for, in the A/A pairs: how far one profile's forks spread, how often
# JMH's own 99.9% intervals call the same server different, and arithmetic against geometric means.
def pct(iteration, p):
    need, seen = max(1, math.ceil(p / 100 * sum(c for _, c in iteration))), 0
    for value, count in sorted(iteration):
        seen += count
        if seen >= need:
            return value

def gm(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))

spread, apart, pairs, arith, geo = {50: [], 99: []}, 0, 0, [], []
for f in runs:
    by = {(r['benchmark'], r['params']['profile']): r['primaryMetric'] for r in json.load(open(f))}
    for bench in {b for b, _ in by}:
        a, b = by[(bench, 'jdk17')], by[(bench, 'jdk17-again')]
        pairs += 1
        apart += a['scoreConfidence'][1] < b['scoreConfidence'][0] or b['scoreConfidence'][1] < a['scoreConfidence'][0]
        for p in spread:
            for side in (a, b):
                forks = [gm([pct(i, p) for i in fork]) for fork in side['rawDataHistogram']]
                spread[p].append(max(forks) / min(forks))
        geo.append(gm([gm([pct(i, 50) for i in fork]) for fork in b['rawDataHistogram']])
                   / gm([gm([pct(i, 50) for i in fork]) for fork in a['rawDataHistogram']]))
        arith.append(statistics.mean(statistics.mean(pct(i, 50) for i in fork) for fork in b['rawDataHistogram'])
                     / statistics.mean(statistics.mean(pct(i, 50) for i in fork) for fork in a['rawDataHistogram']))
print(f'The slowest fork over the fastest of one profile: median {statistics.median(spread[50]):.1f}, '
      f'max {max(spread[50]):.0f} at p50; median {statistics.median(spread[99]):.1f} at p99')
print(f'JMH\'s 99.9% intervals of jdk17 and jdk17-again apart in {apart} of {pairs} pairs')
print(f'jdk17-again over jdk17 at p50: {min(arith):.2f} – {max(arith):.2f} with arithmetic means, '
      f'{min(geo):.2f} – {max(geo):.2f} with geometric ones')
print()
table = {}
for _, rows in ab:
    for key, (ratio, lo, hi, decision) in rows.items():
        table.setdefault(key, []).append((ratio, decision.startswith('FAIL')))
truth = os.path.join(folder, 'truth.json')
if os.path.exists(truth):
    _, everything = gate(truth, 'jdk17,c1-profiled')
    measured = 'measured apart, truth.json'
else:
    _, everything = gate(merged([f for f in runs if 'c1-profiled' in profiles(f)], os.path.join(folder, 'all.tmp.json')),
                         'jdk17,c1-profiled', paired=False)
    measured = 'its runs merged'

all_runs = merged(runs, os.path.join(folder, 'all.tmp.json'))
_, same = gate(all_runs, 'jdk17,jdk17-again', paired=False)
os.remove(all_runs)
print(f'| op | statistic | true slowdown ({measured}) | A/A, all runs merged | caught | one run\'s ratio (min – max) |')
print('|---|---|---:|---:|---:|---|')
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
*) echo "usage: measure.sh run DIR RUNS | truth DIR | judge DIR" >&2; exit 2 ;;
esac
