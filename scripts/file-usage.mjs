// Preloaded into every test file's process by scripts/test.ts: at exit, the CPU seconds the file used, its
// own and its processes' (every agent CLI, service, acceptor, sandbox and browser it started), written to
// TRIALGATE_TEST_USAGE/<pid>.json for the runner's table. CPU is what a file costs the machine, less
// sensitive than its wall time to what else the machine is doing. Linux only.
//
// Exact where the machine lets this process make a cgroup (root on cgroup v1's cpuacct, as on this project's
// CI container): the file's process moves into a cgroup of its own, which every process it starts inherits,
// and the cgroup's CPU counts all of them. Otherwise /proc's own-plus-waited-children times, which miss
// what a sandbox's processes used when the sandbox was ended rather than waited for (measured: a third of
// a trial set's CPU); the table says which it is.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The kernel's clock tick for /proc's times (USER_HZ, 100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;
/** cgroup v1's CPU accounting hierarchy, where a root process may make a group. */
const CPUACCT = '/sys/fs/cgroup/cpuacct';

/** The prefix of the groups this makes; scripts/test.ts removes any left empty by an earlier run. */
export const GROUP_PREFIX = 'trialgate-test-';

/** Remove the groups an earlier run left (a process of a file outlived it); one still in use stays. */
export function sweepGroups() {
  let names = [];
  try {
    names = readdirSync(CPUACCT).filter((name) => name.startsWith(GROUP_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      rmdirSync(join(CPUACCT, name));
    } catch {
      // Still holds a process.
    }
  }
}

/** A cgroup of this process's own (a name no earlier process left), or undefined where none can be made. */
function ownCgroup() {
  const dir = join(CPUACCT, `${GROUP_PREFIX}${process.pid}-${Date.now()}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'cgroup.procs'), String(process.pid));
    return dir;
  } catch {
    try {
      rmdirSync(dir);
    } catch {
      // Never made.
    }
    return undefined;
  }
}

/** This process's and its waited children's CPU seconds from /proc/self/stat. */
function procSeconds() {
  // The fields after the command's name, which is in parentheses and may hold spaces: utime, stime,
  // cutime and cstime are the 14th to 17th fields of the line, so the 12th to 15th after the name.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, sys, childrenUser, childrenSys] = fields.slice(11, 15).map((ticks) => Number(ticks) / TICKS_PER_SECOND);
  return { user: user + childrenUser, sys: sys + childrenSys };
}

/** The cgroup's CPU seconds (user and system from cpuacct.stat, in ticks), then the group left and removed. */
function cgroupSeconds(dir) {
  const stat = Object.fromEntries(
    readFileSync(join(dir, 'cpuacct.stat'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ')),
  );
  try {
    writeFileSync(join(CPUACCT, 'cgroup.procs'), String(process.pid));
    rmdirSync(dir);
  } catch {
    // A process of the file's outlived it: the group stays until the machine's next clean-up.
  }
  return { user: Number(stat.user) / TICKS_PER_SECOND, sys: Number(stat.system) / TICKS_PER_SECOND };
}

const into = process.env.TRIALGATE_TEST_USAGE;
if (into) {
  const cgroup = ownCgroup();
  process.on('exit', () => {
    try {
      const seconds = cgroup ? cgroupSeconds(cgroup) : procSeconds();
      writeFileSync(join(into, `${process.pid}.json`), JSON.stringify({ file: process.argv[1], ...seconds, exact: Boolean(cgroup) }));
    } catch {
      // Not Linux, or the directory is gone: the table says the file's CPU is unknown.
    }
  });
}
