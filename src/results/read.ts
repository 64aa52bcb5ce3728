// Reading a results.json: every way it can be wrong names the file, the field and the fix.
//
// Two readers. readResultsFile validates the whole file against the zod schema, for code that writes
// results back (merging shards). readComparedResults validates, by hand, only the fields that compare
// and report use, and is what they read with: zod on every trial object of 2,000 tasks × 7 runs takes
// seconds, this takes milliseconds. Fields it does not use are neither checked nor kept in its type,
// so a newer writer's added fields pass.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { READABLE_RESULTS_SCHEMAS, RESULTS_SCHEMA, Results, type RunInfo, type TaskResult, type TaskSummary, type TrialResult } from '../schemas/results.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { readJsonFile } from '../util/files.ts';
import { MAX_COST_USD, MAX_SUMMED, MAX_TOKENS } from '../util/plausible.ts';
import { plural } from '../util/counted.ts';

export type ComparedTrial = Pick<TrialResult, 'trial' | 'outcome' | 'env_error' | 'env_error_source' | 'checks' | 'wall_ms' | 'evidence' | 'usage'> & {
  /** Shown beside the raw figures, never compared or gated. */
  repair?: Pick<NonNullable<TrialResult['repair']>, 'outcome' | 'minutes' | 'patch_lines'>;
};

export type ComparedTask = Pick<
  TaskResult,
  | 'id'
  | 'set'
  | 'fixture_sha256'
  | 'fixture_files'
  | 'acceptor_version'
  | 'budget'
  | 'faults'
  | 'check_labels'
  | 'ungated'
  | 'check_versions'
  | 'judge'
  | 'not_rerun'
> & {
  trials: ComparedTrial[];
  summary: Pick<TaskSummary, 'k' | 'tokens' | 'cost_usd' | 'judge'>;
};

/** The part of results.json that compare and report read; a whole Results is one. */
export type ComparedResults = Pick<Results, 'schema' | 'trial_set' | 'holdout' | 'measurement'> & {
  run: Pick<RunInfo, 'git_sha' | 'ref' | 'started_at' | 'finished_at' | 'tool_version' | 'k' | 'integrity_error' | 'isolation'>;
  tasks: ComparedTask[];
};

/** A results file named where none is: what writes one. */
const NO_RESULTS = 'no such file: a run writes its results.json in its run directory (trialgate run --out DIR, or gate --out DIR: DIR/results.json)';

export async function readResultsFile(path: string): Promise<Results> {
  const data = await readResultsJson(path);
  checkSchemaString(data, path);
  const results = parseOrThrow(Results, data, path);
  checkIds(results, path);
  return results;
}

export async function readComparedResults(path: string): Promise<ComparedResults> {
  const data = await readResultsJson(path);
  checkSchemaString(data, path);
  const results = validateCompared(data, path);
  checkIds(results, path);
  return results;
}

/** The JSON of a results file; one not there is told what writes it. */
async function readResultsJson(path: string): Promise<unknown> {
  return readJsonFile(path, { notFound: NO_RESULTS });
}

/**
 * A task id twice in one file would make the result depend on which copy wins; a trial number twice likewise.
 * A task not rerun produced no evidence: a trial under it is refused, never counted.
 */
function checkIds(results: ComparedResults, path: string): void {
  const seen = new Map<string, number>();
  results.tasks.forEach((task, i) => {
    if (task.not_rerun !== undefined && task.trials.length > 0)
      throw new UserInputError(
        path,
        `tasks[${i}].trials`,
        `holds ${plural(task.trials.length, 'trial')} of a task that was not rerun (not_rerun is set): a task is rerun or not`,
      );
    const first = seen.get(task.id);
    if (first !== undefined) {
      throw new UserInputError(
        path,
        `tasks[${i}].id`,
        `task id ${JSON.stringify(task.id)} appears twice (tasks[${first}] and tasks[${i}]): each task once per results file`,
      );
    }
    seen.set(task.id, i);
    const trials = new Set<number>();
    task.trials.forEach((trial, j) => {
      if (trials.has(trial.trial))
        throw new UserInputError(
          path,
          `tasks[${i}].trials[${j}].trial`,
          `trial ${trial.trial} of task ${JSON.stringify(task.id)} appears twice: each trial number once per task`,
        );
      trials.add(trial.trial);
    });
  });
}

/** The version is checked before the shape, so a file of another version gets that message, not a field error. */
function checkSchemaString(data: unknown, path: string): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UserInputError(
      path,
      '',
      `expected a trialgate results object ("schema": "${RESULTS_SCHEMA}"), found ${Array.isArray(data) ? 'an array' : data === null ? 'null' : typeof data}`,
    );
  }
  const schema = (data as { schema?: unknown }).schema;
  if ((READABLE_RESULTS_SCHEMAS as readonly unknown[]).includes(schema)) return;
  const version = typeof schema === 'string' ? /^trialgate\/results@(\d+)$/.exec(schema)?.[1] : undefined;
  const own = Number(RESULTS_SCHEMA.slice(RESULTS_SCHEMA.indexOf('@') + 1));
  if (version !== undefined && Number(version) > own) {
    throw new UserInputError(path, 'schema', `is "${schema}", written by a newer trialgate; this one reads "${RESULTS_SCHEMA}": upgrade trialgate`);
  }
  if (version !== undefined) {
    throw new UserInputError(
      path,
      'schema',
      `is "${schema}", written by an older trialgate; this one reads ${READABLE_RESULTS_SCHEMAS.map((v) => `"${v}"`).join(' and ')}: rerun the trials with this version`,
    );
  }
  throw new UserInputError(
    path,
    'schema',
    `is ${schema === undefined ? 'missing' : JSON.stringify(schema).slice(0, 80)}: this is not a trialgate results file (expected "${RESULTS_SCHEMA}"); pass the results.json a trialgate run wrote`,
  );
}

const OUTCOMES = new Set(['pass', 'fail', 'env_error', 'unexecuted']);

/** Checks the compared fields in place and returns the data as their type; the first problem names its path. */
function validateCompared(data: unknown, file: string): ComparedResults {
  const fail = (field: string, expected: string): never => {
    throw new UserInputError(file, field, `expected ${expected}; rewrite the file with trialgate run, or fix this field`);
  };
  const object = (v: unknown, field: string): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(field, 'an object');
  const array = (v: unknown, field: string): unknown[] => (Array.isArray(v) ? v : fail(field, 'an array'));
  const string = (v: unknown, field: string): string => (typeof v === 'string' ? v : fail(field, 'a string'));
  const nullableString = (v: unknown, field: string): string | null => (v === null || typeof v === 'string' ? v : fail(field, 'a string or null'));
  const number = (v: unknown, field: string, positive = false): number =>
    typeof v === 'number' && Number.isFinite(v) && (positive ? v > 0 : v >= 0) ? v : fail(field, positive ? 'a positive number' : 'a number ≥ 0');
  const optionalNumber = (v: unknown, field: string, positive = false): void => {
    if (v !== undefined) number(v, field, positive);
  };
  const integer = (v: unknown, field: string): number => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 ? v : fail(field, 'an integer ≥ 1'));

  const root = data as Record<string, unknown>;
  const set = object(root.trial_set, 'trial_set');
  string(set.name, 'trial_set.name');
  string(set.sha256, 'trial_set.sha256');
  const run = object(root.run, 'run');
  nullableString(run.git_sha, 'run.git_sha');
  nullableString(run.ref, 'run.ref');
  for (const field of ['started_at', 'finished_at', 'tool_version'] as const) string(run[field], `run.${field}`);
  integer(run.k, 'run.k');
  // A base run whose integrity failed is not a baseline (base-runs.ts).
  if (run.integrity_error !== undefined) string(run.integrity_error, 'run.integrity_error');
  // Every output of a run says when it was not isolated (report/isolation.ts).
  if (run.isolation !== undefined) {
    const isolation = object(run.isolation, 'run.isolation');
    if (isolation.mechanism !== 'bubblewrap' && isolation.mechanism !== 'none') fail('run.isolation.mechanism', '"bubblewrap" or "none"');
    if (isolation.reason !== undefined) string(isolation.reason, 'run.isolation.reason');
  }
  // What measured the run: base runs measured by another ruler are not pooled (gate/base-ruler.ts).
  if (root.measurement !== undefined)
    for (const [field, value] of Object.entries(object(root.measurement, 'measurement'))) string(value, `measurement.${field}`);
  // Whether holdout tasks compare at all depends on it (compare/fold.ts).
  if (root.holdout !== undefined) {
    const holdout = object(root.holdout, 'holdout');
    if (holdout.key !== 'configured' && holdout.key !== 'run') fail('holdout.key', '"configured" or "run"');
    string(holdout.key_id, 'holdout.key_id');
    if (holdout.unavailable !== undefined) string(holdout.unavailable, 'holdout.unavailable');
  }
  array(root.tasks, 'tasks').forEach((value, i) => {
    const at = `tasks[${i}]`;
    const task = object(value, at);
    for (const field of ['id', 'fixture_sha256', 'acceptor_version'] as const) string(task[field], `${at}.${field}`);
    if (task.set !== 'dev' && task.set !== 'holdout') fail(`${at}.set`, '"dev" or "holdout"');
    if (task.not_rerun !== undefined) string(task.not_rerun, `${at}.not_rerun`);
    if (task.fixture_files !== undefined)
      for (const [file, hash] of Object.entries(object(task.fixture_files, `${at}.fixture_files`))) string(hash, `${at}.fixture_files.${file}`);
    const budget = object(task.budget, `${at}.budget`);
    number(budget.wall_seconds, `${at}.budget.wall_seconds`, true);
    optionalNumber(budget.max_tokens, `${at}.budget.max_tokens`, true);
    optionalNumber(budget.max_cost_usd, `${at}.budget.max_cost_usd`, true);
    array(task.faults, `${at}.faults`).forEach((f, j) => {
      const fault = object(f, `${at}.faults[${j}]`);
      string(fault.id, `${at}.faults[${j}].id`);
      string(fault.label, `${at}.faults[${j}].label`);
    });
    const summary = object(task.summary, `${at}.summary`);
    integer(summary.k, `${at}.summary.k`);
    // A task's sums of bounded figures (util/plausible.ts) over at most MAX_SUMMED trials: past that, forged.
    for (const [field, max] of [
      ['tokens', MAX_TOKENS * MAX_SUMMED],
      ['cost_usd', MAX_COST_USD * MAX_SUMMED],
    ] as const) {
      optionalNumber(summary[field], `${at}.summary.${field}`);
      if (typeof summary[field] === 'number' && summary[field] > max) fail(`${at}.summary.${field}`, `a sum of bounded figures, at most ${max}`);
    }
    // What decides gating and what the judge section shows: checked here, as everything compare uses is.
    for (const field of ['ungated', 'check_versions', 'check_labels'] as const) {
      if (task[field] === undefined) continue;
      const map = object(task[field], `${at}.${field}`);
      for (const name in map) string(map[name], `${at}.${field}.${name}`);
    }
    if (task.judge !== undefined) {
      const judge = object(task.judge, `${at}.judge`);
      string(judge.model, `${at}.judge.model`);
      array(judge.items, `${at}.judge.items`).forEach((v, j) => {
        const item = object(v, `${at}.judge.items[${j}]`);
        for (const field of ['id', 'question', 'calibration'] as const) string(item[field], `${at}.judge.items[${j}].${field}`);
      });
    }
    if (summary.judge !== undefined) {
      const judge = object(summary.judge, `${at}.summary.judge`);
      for (const field of ['calls', 'cached', 'tokens'] as const) number(judge[field], `${at}.summary.judge.${field}`);
      optionalNumber(judge.cost_usd, `${at}.summary.judge.cost_usd`);
      const items = object(judge.items, `${at}.summary.judge.items`);
      for (const id in items) {
        const item = object(items[id], `${at}.summary.judge.items.${id}`);
        for (const field of ['yes', 'no', 'undetermined', 'errors', 'tokens'] as const) number(item[field], `${at}.summary.judge.items.${id}.${field}`);
      }
    }
    array(task.trials, `${at}.trials`).forEach((t, j) => {
      const tat = `${at}.trials[${j}]`;
      const trial = object(t, tat);
      integer(trial.trial, `${tat}.trial`);
      if (!OUTCOMES.has(trial.outcome as string)) fail(`${tat}.outcome`, 'one of pass | fail | env_error | unexecuted');
      if (trial.env_error !== undefined) string(trial.env_error, `${tat}.env_error`);
      // Whether a first round lost to the environment is retried depends on it (compare/decide.ts).
      if (trial.env_error_source !== undefined && trial.env_error_source !== 'agent') fail(`${tat}.env_error_source`, '"agent" or nothing');
      number(trial.wall_ms, `${tat}.wall_ms`);
      string(trial.evidence, `${tat}.evidence`);
      if (trial.repair !== undefined) {
        const repair = object(trial.repair, `${tat}.repair`);
        if (!['pass', 'fail', 'env_error'].includes(repair.outcome as string)) fail(`${tat}.repair.outcome`, 'one of pass | fail | env_error');
        number(repair.minutes, `${tat}.repair.minutes`);
        number(repair.patch_lines, `${tat}.repair.patch_lines`);
      }
      const checks = object(trial.checks, `${tat}.checks`);
      for (const name in checks) if (typeof checks[name] !== 'boolean') fail(`${tat}.checks.${name}`, 'true or false');
    });
  });
  return data as ComparedResults;
}

/**
 * The results file a path names: the file itself, or a run directory's results.json (what `run --out DIR`
 * wrote), so that a user who thinks of the run directory as "the base" is understood.
 */
export function resultsFileAt(path: string): string {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return path;
  const inside = join(path, 'results.json');
  if (statSync(inside, { throwIfNoEntry: false })?.isFile()) return inside;
  throw new UserInputError(
    path,
    '',
    'is a directory without results.json: pass a run directory (trialgate run --out DIR) or its results.json; for a directory of downloaded runs, trialgate gate takes --base-dir',
  );
}
