// The judge items of a run as defined: each item's prompt hash and its gating, decided once from the
// calibration record before any trial runs. What results.json records of them per task.
import { join, resolve } from 'node:path';
import type { TaskKind } from '../kinds/contract.ts';
import type { JudgeConfig, JudgeItem, TaskJudge, TaskJudgeInfo } from '../schemas/judge.ts';
import type { TaskResult } from '../schemas/results.ts';
import { readTextFile } from '../util/files.ts';
import { gatingOf, type Gating } from './agreement.ts';
import { labelledSetSha, readCalibration } from './labels.ts';
import { promptTemplateSha } from './prompt.ts';

export interface DefinedItem {
  item: JudgeItem;
  promptSha256: string;
  gating: Gating;
}

export interface DefinedTask {
  taskId: string;
  /** Who wrote each evidence file is the kind's to say (semantic/prompt.ts). */
  kind?: Pick<TaskKind, 'evidenceAuthor'>;
  /** The task's goal as the agent got it (task.txt): the judge is told what was asked. */
  goal: string;
  items: DefinedItem[];
}

/** A task as the judge needs it: its id, its fixture (for the goal) and its items. */
export interface JudgedTaskSpec {
  id: string;
  fixtureDir: string;
  judge?: TaskJudge | undefined;
  /** The task's kind, which says who wrote its evidence files; without it every one counts as the agent's. */
  kind?: Pick<TaskKind, 'evidenceAuthor'>;
}

/** `projectDir` is where trialgate.yml is: the calibration record and labelled sets are relative to it. */
export async function defineJudgedTasks(judge: JudgeConfig, projectDir: string, tasks: readonly JudgedTaskSpec[]): Promise<Map<string, DefinedTask>> {
  const out = new Map<string, DefinedTask>();
  const records = await readCalibration(resolve(projectDir, judge.calibration));
  for (const task of tasks) {
    if (!task.judge) continue;
    const goal = await taskGoal(task.fixtureDir);
    const labelsSha = task.judge.labels === undefined ? null : await labelledSetSha(resolve(projectDir, task.judge.labels));
    const items = task.judge.items.map((item) => {
      const promptSha256 = promptTemplateSha(item, goal, judge.max_file_chars, task.kind);
      const record = records.find((r) => r.task === task.id && r.item === item.id);
      const gating = gatingOf(
        record,
        { model: judge.model, promptSha256, labelsSha256: labelsSha },
        { minKappa: judge.gate.min_kappa, minLabels: judge.gate.min_labels },
      );
      return { item, promptSha256, gating };
    });
    out.set(task.id, { taskId: task.id, ...(task.kind ? { kind: task.kind } : {}), goal, items });
  }
  return out;
}

export function taskGoal(fixtureDir: string): Promise<string> {
  return readTextFile(join(fixtureDir, 'task.txt'));
}

/** What a task's results record of its judge: the items, the checks not gated and why, each check's version. */
export function judgedTaskFields(task: DefinedTask, judge: JudgeConfig): Pick<TaskResult, 'judge' | 'ungated' | 'check_versions'> {
  const info: TaskJudgeInfo = {
    model: judge.model,
    items: task.items.map(({ item, promptSha256, gating }) => ({
      id: item.id,
      question: item.question,
      prompt_sha256: promptSha256,
      calibration: gating.calibration,
      pairwise: item.pairwise,
    })),
  };
  const ungated: Record<string, string> = {};
  const versions: Record<string, string> = {};
  for (const { item, promptSha256, gating } of task.items) {
    if (!gating.gated) ungated[`judge:${item.id}`] = gating.why;
    versions[`judge:${item.id}`] = `model ${judge.model}, prompt ${promptSha256.slice(0, 12)}`;
  }
  return { judge: info, ...(Object.keys(ungated).length ? { ungated } : {}), check_versions: versions };
}
