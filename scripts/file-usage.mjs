// Preloaded into every test file's process by scripts/test.ts: at exit, the CPU seconds the file used, its
// own and its processes' (every agent CLI, service, acceptor, sandbox and browser it started), written to
// TRIALGATE_TEST_USAGE/<pid>.json for the runner's table. CPU is what a file costs the machine, less
// sensitive than its wall time to what else the machine is doing. Linux only.
//
// Exact where a CPU accounting group can be made (cpu-groups.mjs). Otherwise /proc's own-plus-waited-children
// times, which miss what a sandbox's processes used when the sandbox was ended rather than waited for
// (measured: two thirds of code-trials' CPU); the table says which it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinOwnGroup, leaveGroup, TICKS_PER_SECOND } from './cpu-groups.mjs';

/** This process's and its waited children's CPU seconds from /proc/self/stat. */
function procSeconds() {
  // The fields after the command's name, which is in parentheses and may hold spaces: utime, stime,
  // cutime and cstime are the 14th to 17th fields of the line, so the 12th to 15th after the name.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, sys, childrenUser, childrenSys] = fields.slice(11, 15).map((ticks) => Number(ticks) / TICKS_PER_SECOND);
  return { user: user + childrenUser, sys: sys + childrenSys };
}

const into = process.env.TRIALGATE_TEST_USAGE;
if (into) {
  const group = joinOwnGroup();
  process.on('exit', () => {
    try {
      const seconds = group ? leaveGroup(group) : procSeconds();
      writeFileSync(join(into, `${process.pid}.json`), JSON.stringify({ file: process.argv[1], ...seconds, exact: Boolean(group) }));
    } catch {
      // Not Linux, or the directory is gone: the table says the file's CPU is unknown.
    }
  });
}
