// Checks of the judge's configuration when the trial set is read. A mistake names the file, the field and
// the fix, before any trial runs.
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { TrialSetFile } from '../schemas/trialset.ts';
import { UserInputError } from '../util/errors.ts';

/**
 * Judge items need an endpoint; item ids are unique per task; the labelled set and the calibration record
 * stay inside the project, and the agent is shown neither (the labels are the judge's answer key).
 */
export async function checkJudgeConfig(file: string, dir: string, config: TrialSetFile, agentFiles: readonly string[]): Promise<void> {
  for (const [i, task] of config.tasks.entries()) {
    if (!task.judge) continue;
    if (!config.judge)
      throw new UserInputError(
        file,
        `tasks[${i}].judge`,
        'judge items need the top-level judge (its endpoint): add judge: { model: …, base_url: … } (docs/model-judge.md)',
      );
    const ids = new Set<string>();
    for (const [j, item] of task.judge.items.entries()) {
      if (ids.has(item.id))
        throw new UserInputError(
          file,
          `tasks[${i}].judge.items[${j}].id`,
          `item id ${item.id} is used twice in task ${task.id}; each item is one check, judge:<id>`,
        );
      ids.add(item.id);
    }
    if (task.judge.labels !== undefined) {
      const labels = inside(file, dir, task.judge.labels, `tasks[${i}].judge.labels`);
      if (!(await stat(labels).catch(() => null))?.isDirectory()) {
        throw new UserInputError(
          file,
          `tasks[${i}].judge.labels`,
          `${task.judge.labels} is not a directory; it holds labels.json and samples/ (docs/model-judge.md)`,
        );
      }
      refuseShown(file, dir, labels, `tasks[${i}].judge.labels`, agentFiles);
    }
  }
  if (config.judge) refuseShown(file, dir, inside(file, dir, config.judge.calibration, 'judge.calibration'), 'judge.calibration', agentFiles);
}

function inside(file: string, dir: string, path: string, field: string): string {
  const abs = resolve(dir, path);
  if (abs !== dir && !abs.startsWith(dir + sep)) throw new UserInputError(file, field, `${path} lies outside the project; keep it inside ${dir}`);
  return abs;
}

function refuseShown(file: string, dir: string, path: string, field: string, agentFiles: readonly string[]): void {
  const shown = agentFiles.find((f) => f === path || f.startsWith(path + sep) || path.startsWith(f + sep));
  if (shown)
    throw new UserInputError(
      file,
      field,
      `${relative(dir, path)} would be shown to the agent through ${relative(dir, shown)} (the judge's labels are its answer key); keep it out of watch and agent.files`,
    );
}
