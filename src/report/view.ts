// The one view every output is rendered from (reporter.ts): the comparison, and what it means for each task
// worked out once — the state it is shown in, its place in the order (most severe first) and its trial
// passes, base and head — with the lines every output says under its verdict. Only `present` makes a view,
// so whatever an output must not show is taken out in one place, before any reporter sees it: the
// comparison holds holdout tasks only as an aggregate already (compare.ts), and a view holds no holdout
// task of the head run or of a base run either (not even by pseudonym), only their tally. Pure.
import type { BaseRun } from '../compare/base-runs.ts';
import { compareResults } from '../compare/compare.ts';
import type { ComparedResults } from '../results/read.ts';
import { CheckStatus, type CheckComparison, type Comparison, type Count, type TaskComparison } from '../schemas/comparison.ts';
import type { Outcome, Results, RunDigest, TaskDigest, TrialResult } from '../schemas/results.ts';
import { causesOf, type Cause } from './causes.ts';
import { integrityNote, isolationNote } from './isolation.ts';
import { RUN_FILES, type RunFiles } from './run-files.ts';
import { plural } from '../util/counted.ts';

/** A task (or a check) without a base to compare with, by its head trials alone. */
export type HeadState = 'passing' | 'failing' | 'mixed' | 'none';
/** A check as shown: its status, or `undecided` when its task cannot be decided and it did not regress. */
export type CheckState = CheckStatus | 'undecided';
export type TaskState = CheckState | HeadState | Exclude<TaskComparison['status'], 'compared'>;

/** The check statuses, most severe first: a compared task is shown in the first its gated checks have. */
export const CHECK_SEVERITY: readonly CheckStatus[] = CheckStatus.options;

/** The order of the tasks in every output: what needs a look first, what passes last. */
const TASK_ORDER: readonly TaskState[] = [
  'regressed',
  'undecided',
  'suspect',
  'failing',
  'mixed',
  'changed',
  'incomparable',
  'improved',
  'flaky',
  'new',
  'removed',
  'none',
  'unchanged',
  'passing',
  'not_rerun',
];

export interface TaskView {
  task: TaskComparison;
  /** A compared task: the most severe state of its gated checks as shown (checkState); `undecided` when nothing regressed and it cannot be decided. */
  state: TaskState;
  /** A compared task's gated checks in `state`; 0 for any other task, and for an undecided one. */
  checks: number;
  /** Trial passes over executed trials; null for a side without the task. */
  pass: { base: Count | null; head: Count | null };
}

export type { BaseRun };

/**
 * A base run as a view holds it, its holdout tasks withheld: whole results where the front end read them
 * whole (their trials' judgements then name the tests that caught each defect).
 */
export type ShownBase = Omit<BaseRun, 'results'> & { results: RunDigest | Results };

/**
 * What the change under test touched, as the front end knows it (the action from the pull request's files,
 * `trialgate gate --changed FILE`): a ChangeScope (gate/scope.ts) fits it as it is.
 */
export interface ChangedFiles {
  /** The changed paths some task depends on, the trial-set file included. */
  matched: readonly string[];
  /** Each task of the trial set: rerun or not, and why (the changed file that made it rerun). */
  tasks: readonly { id: string; rerun: boolean; why: string }[];
}

const PRESENTED: unique symbol = Symbol('presented by report/view.ts');

export interface ReportView {
  /** Only `present` sets it: a reporter is never handed a view that did not pass through it. */
  readonly [PRESENTED]: true;
  /** `comparison`: against base runs; `no_baseline`: a pull request that had none; `run`: a run shown alone. */
  mode: 'comparison' | 'no_baseline' | 'run';
  /** Base runs were compared with the head: check statuses, base figures and the policy mean something. */
  withBase: boolean;
  /** ViewSource.baselineRequired. */
  baselineRequired: boolean;
  comparison: Comparison;
  /** The tasks shown, most severe first. */
  tasks: readonly TaskView[];
  /** Trial passes of the head run, holdout tasks' included (only counted). */
  headPasses: number;
  /** The run's own lines that qualify every figure (its integrity, its isolation): shown with the verdict. */
  alerts: readonly string[];
  /** The caller's lines (where the baseline came from, new failures): shown after what a reader must see first. */
  notes: readonly string[];
  /** Each regression's cause, most severe task first (causes.ts); explain.ts adds the trial directories' evidence. */
  causes: readonly Cause[];
  /** ViewSource.changed; null when the front end did not say. */
  changed: ChangedFiles | null;
  /** Whether the check this output reports fails (ViewSource.checkFails, else what the verdict makes of it). */
  checkFails: boolean;
  /** ViewSource.config. */
  config: string | null;
}

/** The head run's holdout tasks, counted together: what junit.xml and the terminal show in their place. */
export interface HeldOut {
  tasks: number;
  /** Their trials by outcome. */
  trials: Record<Outcome, number>;
  /** Trial passes over executed trials. */
  passes: Count;
  /** Only when every holdout task reported it. */
  tokens?: number;
  cost_usd?: number;
  wall_ms: number;
}

/** A view with the head run whole: what junit.xml, report.html, the job summary and the terminal show. */
export interface RunView extends ReportView {
  /** The head run's digests of its dev tasks (a holdout task is in `heldOut` only); each task's whole trials come from `trials`. */
  run: RunDigest;
  /** The head run's holdout tasks, counted; null when it has none. */
  heldOut: HeldOut | null;
  /** A task's whole trials, in the order of its digests; asked for once per task and output. */
  trials(taskId: string): Iterable<TrialResult> | AsyncIterable<TrialResult>;
  /** Where the head's trial directories are: their paths in the digests are relative to it. */
  runDir: string;
  /** The base runs, their dev tasks only. */
  bases: readonly ShownBase[];
  /** What a reporter may read of the trial directories and put aside: the machine's, unless the source gives another. */
  files: RunFiles;
}

export interface ViewSource {
  /** The head run; what compare reads of it will do for the outputs of a comparison. */
  head: ComparedResults;
  /** Its comparison with the base runs; absent: the run shown alone. */
  comparison?: Comparison | null;
  /** Lines the caller adds under the verdict (baseline SHAs and age, new failures). */
  notes?: readonly string[];
  /** The check fails when there is no baseline (fail-without-baseline): the verdict must not say it cannot. */
  baselineRequired?: boolean;
  /** What the change touched: the comment names the files that made a task rerun. */
  changed?: ChangedFiles | null;
  /** Whether the check fails (the gate's `failure`); absent: a regression or an undecided comparison fails it, as `compare` exits. */
  checkFails?: boolean;
  /** The trial-set file as a command in the repository names it; the command that reproduces a regression adds `--config` when it is not trialgate.yml. */
  config?: string;
}

export interface RunSource extends ViewSource {
  head: RunDigest;
  trials: RunView['trials'];
  runDir: string;
  bases?: readonly BaseRun[];
  files?: RunFiles;
}

/** The head and trials of a source from whole results (each trial already in memory). */
export function wholeRun(results: Results): Pick<RunSource, 'head' | 'trials'> {
  const trials = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return { head: results, trials: (taskId) => trials.get(taskId) ?? [] };
}

export function present(source: RunSource): RunView;
export function present(source: ViewSource): ReportView;
export function present(source: ViewSource | RunSource): ReportView | RunView {
  const comparison = source.comparison ?? compareResults([], source.head);
  const mode = !source.comparison ? 'run' : comparison.verdict === 'no_baseline' ? 'no_baseline' : 'comparison';
  const withBase = comparison.bases.length > 0 && comparison.verdict !== 'incomparable';
  const tasks = comparison.tasks.map((task) => taskView(task, withBase)).sort((a, b) => TASK_ORDER.indexOf(a.state) - TASK_ORDER.indexOf(b.state));
  const alerts = [integrityNote(source.head), isolationNote(source.head)].flatMap((n) => (n ? [n] : []));
  const view: ReportView = {
    [PRESENTED]: true,
    mode,
    withBase,
    baselineRequired: source.baselineRequired ?? false,
    comparison,
    tasks,
    headPasses: comparison.tasks.reduce((s, t) => s + (t.head?.passes ?? 0), 0) + comparison.holdout.head_passes_all.successes,
    alerts,
    notes: source.notes ?? [],
    causes: withBase
      ? causesOf(
          tasks.map((t) => t.task),
          (t, ch) => checkState(t, ch) === 'regressed',
        )
      : [],
    changed: source.changed ?? null,
    checkFails:
      source.checkFails ??
      (mode === 'comparison'
        ? comparison.verdict === 'fail' || comparison.verdict === 'undecided'
        : mode === 'no_baseline' && (source.baselineRequired ?? false)),
    config: source.config ?? null,
  };
  if (!('runDir' in source)) return view;
  const held = new Set(source.head.tasks.filter(isHeld).map((t) => t.id));
  return {
    ...view,
    run: withoutHoldout(source.head),
    heldOut: heldOut(source.head.tasks.filter(isHeld)),
    trials: (taskId) => (held.has(taskId) ? [] : source.trials(taskId)),
    runDir: source.runDir,
    bases: (source.bases ?? []).map((b) => ({ ...b, results: withoutHoldout(b.results) })),
    files: source.files ?? RUN_FILES,
  };
}

const isHeld = (task: Pick<TaskDigest, 'set'>) => task.set === 'holdout';

function withoutHoldout(run: RunDigest): RunDigest {
  return run.tasks.some(isHeld) ? { ...run, tasks: run.tasks.filter((t) => !isHeld(t)) } : run;
}

function heldOut(tasks: readonly TaskDigest[]): HeldOut | null {
  if (tasks.length === 0) return null;
  const trials: Record<Outcome, number> = { pass: 0, fail: 0, env_error: 0, unexecuted: 0 };
  for (const t of tasks) for (const trial of t.trials) trials[trial.outcome] += 1;
  const sum = (pick: (t: TaskDigest) => number | undefined) => {
    const values = tasks.map(pick);
    return values.every((v) => v !== undefined) ? values.reduce((a, b) => a! + b!, 0) : undefined;
  };
  const tokens = sum((t) => t.summary.tokens);
  const cost = sum((t) => t.summary.cost_usd);
  return {
    tasks: tasks.length,
    trials,
    passes: { successes: trials.pass, n: trials.pass + trials.fail },
    ...(tokens === undefined ? {} : { tokens }),
    ...(cost === undefined ? {} : { cost_usd: cost }),
    wall_ms: tasks.reduce((s, t) => s + t.summary.wall_ms, 0),
  };
}

function taskView(task: TaskComparison, withBase: boolean): TaskView {
  const pass = { base: passCount(task.base), head: passCount(task.head) };
  // A task the head did not rerun is shown as such, with or without a base: never by head trials it does not have.
  if (task.status === 'not_rerun') return { task, state: 'not_rerun', checks: 0, pass };
  if (!withBase) return { task, state: headState(pass.head ?? { successes: 0, n: 0 }), checks: 0, pass };
  if (task.status !== 'compared') return { task, state: task.status, checks: 0, pass };
  const gated = task.checks.filter((ch) => ch.gated);
  if (decidedNothing(task)) return { task, state: 'undecided', checks: 0, pass };
  const state = CHECK_SEVERITY.find((s) => gated.some((ch) => ch.status === s)) ?? 'unchanged';
  return { task, state, checks: gated.filter((ch) => ch.status === state).length, pass };
}

/**
 * How a compared check is shown. In an undecided task in which nothing regressed, a gated check decided
 * nothing (with no executed head trial it would read "suspect"): it is shown as undecided, and counted in no
 * status (compare.ts); so is the environment's check there.
 */
export function checkState(task: TaskComparison, check: CheckComparison): CheckState {
  // The environment's own check of such a task is the outage itself: never "suspect" either.
  return (check.gated || check.kind === 'env') && decidedNothing(task) ? 'undecided' : check.status;
}

function decidedNothing(task: TaskComparison): boolean {
  return Boolean(task.undecided) && !task.checks.some((ch) => ch.gated && ch.status === 'regressed');
}

export function headState(count: Count): HeadState {
  if (count.n === 0) return 'none';
  return count.successes === count.n ? 'passing' : count.successes === 0 ? 'failing' : 'mixed';
}

function passCount(f: TaskComparison['head']): Count | null {
  return f ? { successes: f.passes, n: f.n } : null;
}

/**
 * How many regressions a reader counts: by cause (a lost check and the trial pass it took down with it are
 * one), with the checks lost beside when they are more; by check where no cause is named (holdout tasks).
 */
export function regressionCount(view: ReportView, strong: (text: string) => string = (text) => text): string {
  const c = view.comparison;
  const causes = c.holdout.checks.regressed === 0 ? view.causes.length : 0;
  return causes > 0 && causes !== c.regressions
    ? `${strong(plural(causes, 'regression'))} (${plural(c.regressions, 'check')} lost)`
    : strong(plural(c.regressions, 'regression'));
}
