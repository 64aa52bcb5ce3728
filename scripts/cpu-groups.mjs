// The CPU accounting groups of the test runner (cgroup v1's cpuacct), made where the machine allows it
// (root, as on this project's CI container): a test file's process moves into a group of its own, which
// every process it starts inherits, so the group's CPU counts all of them, a sandbox's included. Each group
// is made inside the group the process is already in, never at the hierarchy's root: a runner started by
// a test file stays counted in that file's group, and the machine's own limits on the parent still hold.
// No side effects on import: scripts/test.ts imports it too.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where cgroup v1 mounts the cpuacct hierarchy (a directory, or a link to `cpu,cpuacct`). */
const CPUACCT = '/sys/fs/cgroup/cpuacct';
/** The prefix of the groups made here; sweepGroups removes any an earlier run left empty. */
const GROUP_PREFIX = 'trialgate-test-';
/** The kernel's clock tick for cpuacct.stat and /proc's times (USER_HZ, 100 on every Linux architecture Node runs on). */
export const TICKS_PER_SECOND = 100;

/** This process's cpuacct group, as a directory; undefined without cgroup v1's cpuacct. */
function currentGroup() {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((entry) => entry.split(':')[1]?.split(',').includes('cpuacct'));
    return line === undefined ? undefined : join(CPUACCT, line.slice(line.indexOf(':', line.indexOf(':') + 1) + 1));
  } catch {
    return undefined;
  }
}

/** Remove the groups an earlier run left beside this process's group (a process of a file outlived it); one in use stays. */
export function sweepGroups() {
  const parent = currentGroup();
  if (!parent) return;
  let names = [];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(GROUP_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      rmdirSync(join(parent, name));
    } catch {
      // Still holds a process.
    }
  }
}

/**
 * Move this process into a new group inside its own; its handle, or undefined where none can be made (no
 * cgroup v1, no root, a read-only /sys): the caller then counts what /proc shows.
 */
export function joinOwnGroup() {
  const parent = currentGroup();
  if (!parent) return undefined;
  const dir = join(parent, `${GROUP_PREFIX}${process.pid}-${Date.now()}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'cgroup.procs'), String(process.pid));
    return { parent, dir };
  } catch {
    try {
      rmdirSync(dir);
    } catch {
      // Never made.
    }
    return undefined;
  }
}

/** The group's CPU seconds (user and system), then this process back in the parent group and the group removed. */
export function leaveGroup({ parent, dir }) {
  const stat = Object.fromEntries(
    readFileSync(join(dir, 'cpuacct.stat'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ')),
  );
  try {
    writeFileSync(join(parent, 'cgroup.procs'), String(process.pid));
    rmdirSync(dir);
  } catch {
    // A process of the file outlived it: the group stays until the next run's sweep.
  }
  return { user: Number(stat.user) / TICKS_PER_SECOND, sys: Number(stat.system) / TICKS_PER_SECOND };
}
