// `trialgate calibrate` as an engine function: the judge asked every labelled sample of every item with
// the very prompt a trial would use, its answers set against the human labels (accuracy and Cohen's κ per
// item), the record written for runs to read, and every disagreement written out for review. It is given
// the trial set as the judge needs it (its caller loads it), as the pairwise judge is.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { CALIBRATION_SCHEMA, type CalibrationItem, type JudgeConfig, type JudgeVerdict } from '../schemas/judge.ts';
import type { Scrubber } from '../util/scrub.ts';
import { EnvironmentError, UserInputError } from '../util/errors.ts';
import { mapPool } from '../util/pool.ts';
import { noSuchTask } from '../util/nearest.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import { agreement, gatingOf, type Gating } from './agreement.ts';
import { taskGoal, type JudgedTaskSpec } from './define.ts';
import { readCalibration, readLabelledSet, sampleDirs, type LabelledSet } from './labels.ts';
import { readEvidence, readShown } from './layer.ts';
import { openJudge } from './open.ts';
import { promptTemplateSha } from './prompt.ts';
import { askRubric } from './rubric.ts';

/** The trial set as calibration reads it. */
export interface CalibratedSet {
  /** The trial set's file, named in errors. */
  file: string;
  /** The project directory: the calibration record and the labelled sets are relative to it. */
  dir: string;
  judge: JudgeConfig | undefined;
  tasks: readonly JudgedTaskSpec[];
}

export interface CalibrateOptions {
  set: CalibratedSet;
  /** Only these tasks (default: every task with judge items and a labelled set). */
  tasks?: readonly string[];
  /** Only these item ids. */
  items?: readonly string[];
  /** Where the disagreements go (default beside the calibration record). */
  disagreementsPath?: string;
  concurrency?: number;
  /** The trial set's secrets (src/secrets.ts): scrubbed from the record, the disagreements and the judge's cache. */
  scrubber: Scrubber;
}

export interface Disagreement {
  task: string;
  item: string;
  sample: string;
  /** The sample's files, relative to the project. */
  path: string;
  human: boolean;
  judge: JudgeVerdict;
  reason: string;
  note?: string;
}

export interface CalibratedItem {
  record: CalibrationItem;
  gating: Gating;
  /** Samples the judge could not be asked about (outage, budget): the item's record is then not written. */
  errors: string[];
}

export interface CalibrationRun {
  recordPath: string;
  disagreementsPath: string;
  items: CalibratedItem[];
  disagreements: Disagreement[];
  /** Tasks with judge items that have no labelled set. */
  skipped: string[];
  /** Judge tokens spent. */
  tokens: number;
}

export async function calibrate(options: CalibrateOptions): Promise<CalibrationRun> {
  const set = options.set;
  const judge = set.judge;
  if (!judge)
    throw new UserInputError(set.file, 'judge', 'no judge is configured: add judge: { model: …, base_url: … } and judge items to a task (docs/model-judge.md)');
  for (const id of options.tasks ?? [])
    if (!set.tasks.some((t) => t.id === id))
      throw noSuchTask(
        id,
        set.tasks.map((t) => t.id),
        set.file,
      );
  const judged = set.tasks.filter((t) => t.judge && (!options.tasks?.length || options.tasks.includes(t.id)));
  if (judged.length === 0)
    throw new UserInputError(set.file, 'tasks', 'no task declares judge items: add judge: { items: […], labels: DIR } to a task (docs/model-judge.md)');
  const known = new Set(judged.flatMap((t) => t.judge!.items.map((i) => i.id)));
  for (const id of options.items ?? []) if (!known.has(id)) throw new UserInputError(set.file, 'judge.items', `no item ${id}; items: ${[...known].join(', ')}`);

  const recordPath = resolve(set.dir, judge.calibration);
  const disagreementsPath = options.disagreementsPath ?? join(dirname(recordPath), `${basename(recordPath, '.json')}-disagreements.md`);
  const { scrubber } = options;
  const cacheDir = await mkdtemp(join(tmpdir(), 'trialgate-calibrate-'));
  const opened = await openJudge(judge, set.dir, { cacheDir, scrubber });
  try {
    if (opened.unavailable)
      throw new EnvironmentError(opened.unavailable, 'the judge could not be reached, so nothing was calibrated: fix the endpoint and run again');
    const rule = { minKappa: judge.gate.min_kappa, minLabels: judge.gate.min_labels };
    const items: CalibratedItem[] = [];
    const disagreements: Disagreement[] = [];
    const skipped: string[] = [];
    for (const task of judged) {
      const spec = task.judge!;
      if (spec.labels === undefined) {
        skipped.push(task.id);
        continue;
      }
      const labelled = await readLabelledSet(resolve(set.dir, spec.labels));
      checkLabelIds(
        labelled,
        task.id,
        spec.items.map((i) => i.id),
      );
      const goal = await taskGoal(task.fixtureDir);
      for (const item of spec.items.filter((i) => !options.items?.length || options.items.includes(i.id))) {
        const samples = labelled.file.samples.filter((s) => s.labels[item.id] !== undefined);
        const answers = await mapPool(samples, options.concurrency ?? 4, async (sample) => {
          const dirs = sampleDirs(labelled, sample.id);
          const { record } = await askRubric(opened.client, {
            goal,
            item,
            candidate: await readShown(dirs.candidate, item.candidate),
            evidence: await readEvidence(dirs.evidence, item.evidence, task.kind),
            maxFileChars: judge.max_file_chars,
          });
          return { sample, record, path: relative(set.dir, join(labelled.dir, 'samples', sample.id)) };
        });
        const answered = answers.filter((a) => a.record.verdict !== 'error');
        const stats = agreement(answered.map((a) => ({ human: a.sample.labels[item.id]!, judge: a.record.verdict === 'yes' })));
        const promptSha256 = promptTemplateSha(item, goal, judge.max_file_chars, task.kind);
        const record: CalibrationItem = {
          task: task.id,
          item: item.id,
          model: judge.model,
          prompt_sha256: promptSha256,
          labels_sha256: labelled.sha256,
          n: stats.n,
          agree: stats.agree,
          undetermined: answered.filter((a) => a.record.verdict === 'undetermined').length,
          accuracy: stats.accuracy,
          kappa: stats.kappa,
          confusion: stats.confusion,
          calibrated_at: new Date().toISOString(),
        };
        items.push({
          record,
          gating: gatingOf(record, { model: judge.model, promptSha256, labelsSha256: labelled.sha256 }, rule),
          errors: answers.filter((a) => a.record.verdict === 'error').map((a) => `${a.sample.id}: ${a.record.reason}`),
        });
        for (const a of answered) {
          const human = a.sample.labels[item.id]!;
          if (human === (a.record.verdict === 'yes')) continue;
          disagreements.push({
            task: task.id,
            item: item.id,
            sample: a.sample.id,
            path: a.path,
            human,
            judge: a.record.verdict,
            reason: a.record.reason,
            ...(a.sample.note ? { note: a.sample.note } : {}),
          });
        }
      }
    }
    await writeRecord(
      recordPath,
      items.filter((i) => i.errors.length === 0).map((i) => i.record),
      scrubber,
    );
    await writeNamedFile(disagreementsPath, renderDisagreements(judge.model, items, disagreements), scrubber);
    return { recordPath, disagreementsPath, items, disagreements, skipped, tokens: opened.client.spent };
  } finally {
    await opened.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
}

/** A label for an item the task does not declare is a typo that would silently calibrate nothing. */
function checkLabelIds(labelled: LabelledSet, task: string, items: readonly string[]): void {
  labelled.file.samples.forEach((sample, i) => {
    for (const id of Object.keys(sample.labels)) {
      if (!items.includes(id))
        throw new UserInputError(
          join(labelled.dir, 'labels.json'),
          `samples[${i}].labels.${id}`,
          `task ${task} has no judge item ${id}; its items: ${items.join(', ')}`,
        );
    }
  });
}

/** The record keeps other items' calibrations; the ones just made replace their earlier entries. */
async function writeRecord(path: string, fresh: readonly CalibrationItem[], scrubber: Scrubber): Promise<void> {
  const kept = (await readCalibration(path)).filter((r) => !fresh.some((f) => f.task === r.task && f.item === r.item));
  const items = [...kept, ...fresh].sort((a, b) => (a.task === b.task ? (a.item < b.item ? -1 : 1) : a.task < b.task ? -1 : 1));
  await writeNamedFile(path, JSON.stringify({ schema: CALIBRATION_SCHEMA, items }, null, 2) + '\n', scrubber);
}

export function renderDisagreements(model: string, items: readonly CalibratedItem[], disagreements: readonly Disagreement[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  const lines = [
    `# Judge disagreements with the human labels (${cell(model)})`,
    '',
    'Written by `trialgate calibrate`. Review each: fix the label, or keep it as a case the judge gets wrong.',
    '',
  ];
  for (const { record } of items) {
    const rows = disagreements.filter((d) => d.task === record.task && d.item === record.item);
    lines.push(`## ${record.task} · ${record.item}: ${rows.length} of ${record.n}`, '');
    if (rows.length === 0) {
      lines.push('No disagreement.', '');
      continue;
    }
    lines.push('| sample | human | judge | judge’s reason | labeller’s note |', '|---|---|---|---|---|');
    for (const d of rows) lines.push(`| ${cell(d.path)} | ${d.human ? 'yes' : 'no'} | ${d.judge} | ${cell(d.reason)} | ${cell(d.note ?? '')} |`);
    lines.push('');
  }
  return lines.join('\n');
}
