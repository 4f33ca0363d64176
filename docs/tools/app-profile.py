#!/usr/bin/env python3
"""Where the app's CPU goes, from a JFR recording: docs/app-performance.md.

  python3 docs/tools/app-profile.py APP.jfr OUT.collapsed [LAST_SECONDS]

Reads the jdk.ExecutionSample events (Java code running on a CPU; threads blocked in native
calls are not sampled), of the last LAST_SECONDS of the recording if given, with the JDK's `jfr` tool, writes them as collapsed stacks (one
"frame;frame;... count" line per stack, the input of async-profiler's jfr-converter for an HTML
flame graph) and prints the share of samples per part of the app: each sample counts for the
part of the frame nearest to the top of its stack that matches one (JDK frames, such as a
HashMap lookup or a socket write, count for the code that called them), else "other".
"""
import collections
import json
import os
import re
import subprocess
import sys
from datetime import datetime

# Checked from the top of the stack down: the first frame that matches decides.
PARTS = [
    ('Bootstrap CSS and own static files', r'BootstrapCssController|ResourceHttpRequestHandler|ResourceHttpMessageConverter|'
                                           r'ClassPathResource|ZipFile|JarFile|Inflater|PreloadedResources'),
    ('Thymeleaf templates', r'thymeleaf|unbescape|LoginPages'),
    ('http.server.requests observation', r'Observation|micrometer\.observation'),
    ('request-handled event', r'publishRequestHandledEvent'),
    ('metrics wrapper (TimedDataSource)', r'TimedDataSource|TimedConnection|PoolHistograms|HdrHistogram'),
    ('pool', r'zaxxer|apache\.commons\.dbcp|apache\.tomcat\.jdbc|commons\.pool'),
    ('JDBC driver (Connector/J)', r'com\.mysql'),
    ('Spring JDBC', r'springframework\.jdbc'),
    ('sessions', r'StandardSession|ManagerBase|SessionIdGenerator|SecureRandom|sun\.security\.provider'),
    ('login logic (LoginService, SHA-256)', r'LoginService|MessageDigest|HexFormat'),
    ('prometheus scrape (runner, 1/s)', r'prometheus|actuate'),
    ('Spring MVC dispatch', r'springframework\.web|springframework\.http'),
    ('Tomcat (HTTP, connector, filters)', r'apache\.(coyote|catalina|tomcat)'),
]


def main(jfr, out, last_seconds=None):
    data = json.loads(subprocess.run(['jfr', 'print', '--json', '--stack-depth', '256', '--events',
                                      'jdk.ExecutionSample', jfr], capture_output=True, text=True, check=True).stdout)
    events = data['recording']['events']
    if last_seconds:
        # Only the recording's last seconds (the measured window of a run recorded from its start).
        times = [datetime.fromisoformat(e['values']['startTime'][:26].rstrip('Z')) for e in events]
        end = max(times)
        events = [e for e, t in zip(events, times) if (end - t).total_seconds() <= last_seconds]
    stacks = collections.Counter()
    for event in events:
        frames = event['values']['stackTrace']['frames']
        names = [f['method']['type']['name'].replace('/', '.') + '.' + f['method']['name'] for f in reversed(frames)]
        stacks[';'.join(names)] += 1
    with open(out, 'w') as o:
        for stack, n in stacks.items():
            o.write(f'{stack} {n}\n')
    total = sum(stacks.values())
    parts = collections.Counter()
    for stack, n in stacks.items():
        frames = stack.split(';')
        for frame in reversed(frames):
            part = next((name for name, pattern in PARTS if re.search(pattern, frame)), None)
            if part:
                parts[part] += n
                break
        else:
            parts['other (JVM and JDK only)'] += n
    print(f'{total} samples')
    cpu = jvm_cpu_seconds(jfr, last_seconds)
    if cpu is not None:
        print(f'app JVM CPU over the same seconds: {cpu:.1f} s (jdk.CPULoad, user + system, all CPUs)')
    print('| part of the app | share of CPU samples |')
    print('|---|---:|')
    for part, n in parts.most_common():
        print(f'| {part} | {100 * n / total:.1f} % |')


def jvm_cpu_seconds(jfr, last_seconds):
    """The JVM's CPU seconds from its jdk.CPULoad events (one a second: fractions of all CPUs)."""
    data = json.loads(subprocess.run(['jfr', 'print', '--json', '--events', 'jdk.CPULoad', jfr],
                                     capture_output=True, text=True, check=True).stdout)
    events = data['recording']['events']
    if not events:
        return None
    times = [datetime.fromisoformat(e['values']['startTime'][:26].rstrip('Z')) for e in events]
    end = max(times)
    cpus = os.cpu_count()
    return sum((e['values']['jvmUser'] + e['values']['jvmSystem']) * cpus for e, t in zip(events, times)
               if not last_seconds or (end - t).total_seconds() <= last_seconds)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else None)
