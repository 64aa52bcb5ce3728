// Ending a child's whole process group: agents and acceptors start children of their own, and none
// may outlive the trial or its budget. Children are spawned `detached`, so each leads its own group.
import type { ChildProcess } from 'node:child_process';

export function killProcessGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is already gone
  }
}
