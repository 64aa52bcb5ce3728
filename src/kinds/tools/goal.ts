// The goal channel: a goal file the runner owns and moves on mid-trial (a changed quantity, a
// cancellation), each change with a higher version, so stale answers and cancellations are real.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Goal } from '../../schemas/tools.ts';
import type { GoalChange } from './boundaries.ts';

export interface GoalChannel {
  /** The file the agent reads (TRIALGATE_GOAL). */
  path: string;
  current(): Goal;
  /** Every version written, oldest first. */
  history(): Goal[];
  change(change: GoalChange): Promise<void>;
  /** Set when the file no longer holds what the runner last wrote: the agent edited its goal. */
  tampering(): Promise<string | undefined>;
}

export async function openGoalChannel(dir: string, first: Goal): Promise<GoalChannel> {
  const path = join(dir, 'goal.json');
  const versions: Goal[] = [];
  let written = '';
  const write = async (goal: Goal) => {
    written = JSON.stringify(goal, null, 2) + '\n';
    // Rename is atomic: the agent reads the old version or the new one, never half of either.
    await writeFile(`${path}.next`, written);
    await rename(`${path}.next`, path);
    versions.push(goal);
  };
  await write(first);
  return {
    path,
    current: () => versions.at(-1)!,
    history: () => [...versions],
    change: (change) => {
      const last = versions.at(-1)!;
      return write({ ...last, ...change, version: last.version + 1 });
    },
    tampering: async () => {
      // A missing or locked goal file is the agent's doing (unisolated); any other error is the runner's, thrown.
      const now = await readFile(path, 'utf8').then(
        (text) => (text === written ? undefined : 'changed'),
        (e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return 'deleted';
          if (e.code === 'EACCES' || e.code === 'EPERM') return 'made unreadable';
          throw e;
        },
      );
      return now && `${now} the goal file (the runner's to write)`;
    },
  };
}
