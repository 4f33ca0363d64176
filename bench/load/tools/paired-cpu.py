#!/usr/bin/env python3
"""Paired A/B of the load JVM's CPU per passed page (bench/README.md, "What the load generator costs").

Two load JVMs run at the same time against the same warm app: variant A takes partition 1/2,
B partition 2/2 (they never share an ip or a user), so both see the same app, the same response
times and the same machine noise; the sides swap every round. Each JVM runs the in-JVM warm-up,
then (after a database reset) the measured run, as in a comparison. Prints, per run, the CPU per
passed page of the whole JVM (result.json) and per thread group (/proc/<pid>/task/*/stat over
the measured window), then the ratio B/A per round.

Needs the embedded database and one app running, e.g.
  java -jar sql/target/poolbench-sql.jar embedded --port 13506 --base-dir .poolbench/mariadb &
  (then the app, with the command and environment of a run's app-command.txt, SERVER_PORT=18580)
and the jars built (./mvnw -q -DskipTests package). Run from the repository root:
  bench/load/tools/paired-cpu.py --app http://127.0.0.1:18580 --db-port 13506 --rounds 4 \\
      c2= c1=-XX:TieredStopAtLevel=1
A variant is NAME=JVM-FLAGS (space-separated, may be empty; @OUT is replaced by the run's
output directory, e.g. for -XX:StartFlightRecording=filename=@OUT/load.jfr); --classpath-B
runs B from other jars (a build of another commit).
"""
import argparse
import collections
import json
import os
import re
import shlex
import statistics
import subprocess
import threading

ADD_OPENS = ['--add-opens=java.base/java.lang=ALL-UNNAMED', '--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED']
TICK = os.sysconf('SC_CLK_TCK')


def thread_cpu(pid):
    """{tid: (thread name with digits as #, CPU seconds)} of a live process."""
    threads = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            stat = open(f'/proc/{pid}/task/{tid}/stat').read()
        except OSError:
            continue
        name = stat[stat.index('(') + 1:stat.rindex(')')]
        fields = stat[stat.rindex(')') + 2:].split()
        threads[tid] = (re.sub(r'[0-9]+', '#', name), (int(fields[11]) + int(fields[12])) / TICK)
    return threads


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--app', default='http://127.0.0.1:18580')
    p.add_argument('--db-port', type=int, default=13506)
    p.add_argument('--rounds', type=int, default=4)
    p.add_argument('--workload', type=int, default=4, help='workers of each load JVM')
    p.add_argument('--duration', type=int, default=60)
    p.add_argument('--warmup', type=int, default=15)
    p.add_argument('--data', default='.poolbench/data/seed-42')
    p.add_argument('--out', default='/tmp/paired-cpu')
    p.add_argument('--classpath', default='bench/load/target/poolbench-load.jar:bench/load/target/lib/*')
    p.add_argument('--classpath-B', dest='classpath_b', help='class path of variant B (default: --classpath)')
    p.add_argument('variants', nargs=2, metavar='NAME=FLAGS')
    a = p.parse_args()
    variants = [v.split('=', 1) for v in a.variants]
    classpaths = {variants[0][0]: a.classpath, variants[1][0]: a.classpath_b or a.classpath}

    def reset():
        subprocess.run(['java', '-jar', 'sql/target/poolbench-sql.jar', 'reset', '--jdbc-url',
                        f'jdbc:mysql://127.0.0.1:{a.db_port}/isu4_qualifier', '--user', 'root'],
                       check=True, stdout=subprocess.DEVNULL)

    results = collections.defaultdict(list)
    for r in range(a.rounds):
        order = variants if r % 2 == 0 else variants[::-1]
        runs = []
        for side, (name, flags) in enumerate(order):
            out = f'{a.out}/{name}-{r}'
            subprocess.run(['rm', '-rf', out])
            os.makedirs(out)
            cmd = ['java'] + ADD_OPENS + ['-Dpoolbench.htmlReport=false'] \
                + [f.replace('@OUT', out) for f in shlex.split(flags)]
            if a.warmup > 0:
                cmd += [f'-Dpoolbench.warmup={a.warmup}', '-Dpoolbench.awaitMeasure=true']
            cmd += ['-cp', classpaths[name], 'dev.poolbench.bench.load.LoadMain', 'run', '--base-url=' + a.app,
                    f'--data={a.data}', f'--workload={a.workload}', f'--duration={a.duration}', f'--out={out}',
                    '--seed=42', f'--partition={side + 1}/2', '--no-report-check']
            runs.append(dict(name=name, out=out, cmd=cmd))
        reset()
        load_average = os.getloadavg()[0]
        both_warm = threading.Barrier(len(runs) + 1)
        go = threading.Event()
        for run in runs:
            run['proc'] = subprocess.Popen(run['cmd'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           stderr=subprocess.STDOUT, text=True)
            run['first'], run['last'] = None, {}

        def read(run):
            with open(run['out'] + '/load.log', 'w') as log:
                for line in run['proc'].stdout:
                    log.write(line)
                    if line.strip() == 'warmup-done':
                        both_warm.wait(timeout=900)
                        go.wait()
                        run['first'] = thread_cpu(run['proc'].pid)
                        run['proc'].stdin.write('measure\n')
                        run['proc'].stdin.flush()
                    elif line.startswith('progress') and (run['first'] is not None or a.warmup == 0):
                        if run['first'] is None:
                            run['first'] = thread_cpu(run['proc'].pid)
                        try:
                            run['last'].update(thread_cpu(run['proc'].pid))
                        except OSError:
                            pass
            run['proc'].wait()

        readers = [threading.Thread(target=read, args=(run,)) for run in runs]
        for t in readers:
            t.start()
        if a.warmup > 0:
            both_warm.wait(timeout=900)
            reset()
        go.set()
        for t in readers:
            t.join()
        for run in runs:
            result = json.load(open(run['out'] + '/result.json'))
            pages = result['loadGenerator']['passedPages']
            groups = collections.Counter()
            for tid, (name, cpu) in run['last'].items():
                groups[name] += cpu - run['first'].get(tid, (name, 0))[1]
            row = dict(name=run['name'], round=r + 1, cpuMsPerPage=result['loadGenerator']['cpuMillisPerPassedPage'],
                       passedPages=pages, loadAverage=round(load_average, 2),
                       msPerPageByThread={k: round(v * 1000 / pages, 3) for k, v in groups.most_common() if v > 0.05})
            results[run['name']].append(row)
            print(json.dumps(row), flush=True)
    (a_name, _), (b_name, _) = variants
    ratios = [b['cpuMsPerPage'] / x['cpuMsPerPage'] for x, b in zip(results[a_name], results[b_name])]
    for name in (a_name, b_name):
        print(f'{name}: ms per passed page', [x['cpuMsPerPage'] for x in results[name]])
    print(f'{b_name}/{a_name} per round', [round(x, 3) for x in ratios], 'median', round(statistics.median(ratios), 3))


if __name__ == '__main__':
    main()
