// Loaded with `node --import` into a process under measurement: at exit it writes its own CPU time, the
// CPU time of the children it waited for (the sandboxes, agents and services it started) and its peak
// resident set to the file named by TRIALGATE_BENCH_USAGE. Linux only (/proc).
import { readFileSync, writeFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux that Node supports

process.on('exit', () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const cpu = process.cpuUsage();
  writeFileSync(
    process.env.TRIALGATE_BENCH_USAGE,
    JSON.stringify({
      selfMs: (cpu.user + cpu.system) / 1000,
      childrenMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
      peakRssMb: kb('VmHWM') / 1024,
    }),
  );
});
