// The base side folded one run at a time: what the comparison needs of every base run, kept as counts,
// so reading six base files costs the memory of one (the CLI reads, folds and drops each in turn).
//
// A base run's task is pooled only when its definition of the measurement (fixture hash, acceptor
// version, budget) equals the head's; the others are remembered as candidates that differ.
import { passRates } from '../results/metrics.ts';
import type { Count, Denominators, Difference, RunRef, SideFigures } from '../schemas/comparison.ts';
import { UserInputError } from '../util/errors.ts';
import { firstChanges, manifestChanges } from '../util/hash.ts';
import { baseRunProblem } from './base-runs.ts';
import { checkKind, ENV_CHECK, envRule, tallyChecks } from './checks.ts';
import type { ComparedResults, ComparedTask, ComparedTrial } from '../results/read.ts';

const executed = (t: ComparedTrial): boolean => t.outcome === 'pass' || t.outcome === 'fail';

/** One side's figures of a task, pooled over the runs added. */
export class FigureFold {
  private k: number | null = null;
  private readonly counts = { launched: 0, n: 0, env_errors: 0, unexecuted: 0, passes: 0 };
  private wall = 0;
  private tokens: number | null = 0;
  private cost: number | null = 0;
  private runs = 0;
  private readonly rules = new Map<string, number>();
  /** Human repairs: kept apart, so the raw counts above never include them. */
  private readonly repaired = { passes: 0, repairs: 0, minutes: 0, patch_lines: 0 };

  add(task: ComparedTask, file: string): void {
    this.k ??= task.summary.k;
    this.runs += 1;
    for (const t of task.trials) {
      this.counts.launched += 1;
      if (executed(t)) this.counts.n += 1;
      if (t.outcome === 'pass') this.counts.passes += 1;
      if (t.outcome === 'pass' || (t.outcome === 'fail' && t.repair?.outcome === 'pass')) this.repaired.passes += 1;
      if (t.repair && executed(t)) {
        this.repaired.repairs += 1;
        this.repaired.minutes += t.repair.minutes;
        this.repaired.patch_lines += t.repair.patch_lines;
      }
      if (t.outcome === 'unexecuted') this.counts.unexecuted += 1;
      if (t.outcome !== 'env_error') continue;
      this.counts.env_errors += 1;
      this.rules.set(envRule(t), (this.rules.get(envRule(t)) ?? 0) + 1);
    }
    this.wall = finite(this.wall + task.trials.reduce((s, t) => s + t.wall_ms, 0), file, task.id, 'trials[].wall_ms');
    // Unknown stays unknown: a total only when every pooled run reported it.
    this.tokens = this.tokens === null || task.summary.tokens === undefined ? null : finite(this.tokens + task.summary.tokens, file, task.id, 'summary.tokens');
    this.cost = this.cost === null || task.summary.cost_usd === undefined ? null : finite(this.cost + task.summary.cost_usd, file, task.id, 'summary.cost_usd');
  }

  figures(tallies: ReadonlyMap<string, Count>): SideFigures {
    const detections: SideFigures['detections'] = {};
    for (const [check, count] of tallies)
      if (checkKind(check) === 'detect') detections[check.slice('detect:'.length)] = { detected: count.successes, n: count.n };
    const { n, passes } = this.counts;
    return {
      k: this.k ?? 1,
      ...this.counts,
      ...passRates(n, passes, this.k ?? 1),
      detections,
      wall_ms: this.wall,
      ...(this.tokens === null || this.runs === 0 ? {} : { tokens: this.tokens }),
      ...(this.cost === null || this.runs === 0 ? {} : { cost_usd: this.cost }),
      env_error_rules: [...this.rules].map(([rule, trials]) => ({ rule, trials })),
      ...(this.repaired.repairs
        ? {
            repaired: {
              passes: this.repaired.passes,
              n,
              pass_at_1: n > 0 ? this.repaired.passes / n : null,
              repairs: this.repaired.repairs,
              minutes: Math.round(this.repaired.minutes * 10) / 10,
              patch_lines: this.repaired.patch_lines,
            },
          }
        : {}),
    };
  }
}

/** Sums of figures that overflow are the file's problem (absurd values), not a crash. */
function finite(x: number, file: string, task: string, field: string): number {
  if (Number.isFinite(x)) return x;
  throw new UserInputError(file, `task ${JSON.stringify(task)}: ${field}`, 'too large to add up over the pooled runs: check the values this file holds');
}

export interface MatchedBase {
  runs: number;
  tallies: Map<string, Count>;
  /** Per check, its counts in each pooled run that measured it: what the between-run spread is estimated from. */
  perRun: Map<string, Count[]>;
  /** Its executed trials scored by how many of their checks succeeded, per pooled run: what the spread is tested with. */
  scores: { perRun: { n: number; sum: number }[]; squares: number };
  figures: FigureFold;
  holdout: boolean;
  /** Per versioned check (a judge item), every version the pooled base runs measured it with. */
  versions: Map<string, Set<string>>;
  /** The faults any pooled base run's task selected: their detect: and tool: checks were the base's to measure. */
  faults: Set<string>;
  /** Checks that failed on some executed base trial that passed: the trial pass does not speak for them (family.ts). */
  failedInPassingTrial: Set<string>;
}

export interface DifferingBase {
  runs: number;
  tallies: Map<string, Count>;
  figures: FigureFold;
  newest: { startedAt: string; differs: Difference[] } | null;
  holdout: boolean;
}

export interface RemovedTask {
  runs: number;
  tallies: Map<string, Count>;
  figures: FigureFold;
  last: ComparedTask;
  holdout: boolean;
}

/** The fields that define the measurement and differ between a base task and the head task. */
export function definitionDiffs(base: ComparedTask, head: ComparedTask): Difference[] {
  const fields: [string, string | undefined, string | undefined][] = [
    ['fixture_sha256', base.fixture_sha256, base.fixture_sha256 === head.fixture_sha256 ? head.fixture_sha256 : fixtureChange(base, head)],
    ['acceptor_version', base.acceptor_version, head.acceptor_version],
    ['budget.wall_seconds', String(base.budget.wall_seconds), String(head.budget.wall_seconds)],
    ['budget.max_tokens', base.budget.max_tokens?.toString(), head.budget.max_tokens?.toString()],
    ['budget.max_cost_usd', base.budget.max_cost_usd?.toString(), head.budget.max_cost_usd?.toString()],
  ];
  return fields.filter(([, b, h]) => b !== h).map(([field, b, h]) => ({ field, base: b ?? 'none', head: h ?? 'none' }));
}

/** A changed fixture as a maintainer reads it: which of its files changed, where both runs recorded them, then its hash. */
function fixtureChange(base: ComparedTask, head: ComparedTask): string {
  if (!base.fixture_files || !head.fixture_files) return head.fixture_sha256;
  const files = manifestChanges(base.fixture_files, head.fixture_files);
  if (files.length === 0) return head.fixture_sha256;
  return `${firstChanges(files).join(', ')} (${head.fixture_sha256.slice(0, 12)})`;
}

export function runRef(results: ComparedResults): RunRef {
  const { git_sha, ref, started_at, finished_at, tool_version } = results.run;
  return { git_sha, ref, started_at, finished_at, tool_version, trial_set_sha256: results.trial_set.sha256 };
}

/** Run-level denominators, one run at a time. */
export class DenominatorFold {
  private readonly out: Denominators = {
    runs: 0,
    k: [],
    tasks: 0,
    launched: 0,
    executed: 0,
    env_errors: 0,
    unexecuted: 0,
    env_error_rules: [],
    holdout_env_errors: 0,
  };
  private readonly rules = new Map<string, number>();
  private readonly ids = new Set<string>();

  add(run: ComparedResults): void {
    const out = this.out;
    out.runs += 1;
    if (!out.k.includes(run.run.k)) out.k.push(run.run.k);
    for (const task of run.tasks) {
      this.ids.add(task.id);
      for (const trial of task.trials) {
        out.launched += 1;
        if (executed(trial)) out.executed += 1;
        if (trial.outcome === 'unexecuted') out.unexecuted += 1;
        if (trial.outcome !== 'env_error') continue;
        out.env_errors += 1;
        if (task.set === 'holdout') out.holdout_env_errors += 1;
        else this.rules.set(envRule(trial), (this.rules.get(envRule(trial)) ?? 0) + 1);
      }
    }
  }

  result(): Denominators {
    return {
      ...this.out,
      k: [...this.out.k].sort((a, b) => a - b),
      tasks: this.ids.size,
      env_error_rules: [...this.rules].map(([rule, trials]) => ({ rule, trials })),
    };
  }
}

/** Every base run folded against the head's task definitions. */
export class BaseFold {
  readonly matched = new Map<string, MatchedBase>();
  readonly differing = new Map<string, DifferingBase>();
  readonly removed = new Map<string, RemovedTask>();
  readonly refs: RunRef[] = [];
  readonly denominators = new DenominatorFold();
  /** The first base run of another trial set, if any. */
  mismatch: { index: number; name: string } | null = null;
  /** Base runs given that cannot serve as a baseline (base-runs.ts), in the order given: never pooled. */
  readonly unused: { index: number; ref: RunRef; reason: string }[] = [];
  /** Pooled base runs whose holdout tasks cannot be compared with the head's (holdoutRefusal), with why. */
  readonly holdoutRefused: string[] = [];
  /** Pooled base runs whose holdout tasks were compared. */
  holdoutRuns = 0;
  /**
   * Paired: per task, the fresh trials of the base commit its confirmation rounds ran beside the head's
   * (pairBase). Never a base run: they select nothing and are not in the spread's estimate, which the plans
   * were fixed with before they ran; each look tests them as one more run.
   */
  readonly paired = new Map<string, ComparedTrial[]>();
  private given = 0;
  private readonly headTasks: Map<string, ComparedTask>;

  constructor(private readonly head: ComparedResults) {
    this.headTasks = new Map(head.tasks.map((t) => [t.id, t]));
  }

  get runs(): number {
    return this.refs.length;
  }

  add(base: ComparedResults, file = 'base results'): void {
    const index = this.given++;
    if (base.trial_set.name !== this.head.trial_set.name && !this.mismatch) this.mismatch = { index, name: base.trial_set.name };
    const problem = baseRunProblem(base);
    if (problem) {
      this.unused.push({ index, ref: runRef(base), reason: problem });
      return;
    }
    this.refs.push(runRef(base));
    this.denominators.add(base);
    const refused = holdoutRefusal(base, this.head);
    if (refused) this.holdoutRefused.push(refused);
    else if (base.tasks.some((t) => t.set === 'holdout')) this.holdoutRuns += 1;
    for (const task of base.tasks) {
      // A base run that did not rerun a task holds no evidence of it: as if the task were not in that run.
      if (task.not_rerun !== undefined) continue;
      const head = this.headTasks.get(task.id);
      const holdout = task.set === 'holdout';
      // Named with another key, or by their ids: nothing of the head is that task.
      if (holdout && refused) continue;
      if (!head) {
        const r = this.removed.get(task.id) ?? { runs: 0, tallies: new Map(), figures: new FigureFold(), last: task, holdout: false };
        r.runs += 1;
        tallyChecks(task.trials, r.tallies);
        r.figures.add(task, file);
        r.last = task;
        r.holdout ||= holdout;
        this.removed.set(task.id, r);
        continue;
      }
      const differs = definitionDiffs(task, head);
      if (differs.length === 0) {
        const m: MatchedBase = this.matched.get(task.id) ?? {
          runs: 0,
          tallies: new Map(),
          perRun: new Map(),
          scores: { perRun: [], squares: 0 },
          figures: new FigureFold(),
          holdout: false,
          versions: new Map(),
          faults: new Set(),
          failedInPassingTrial: new Set(),
        };
        m.runs += 1;
        for (const fault of task.faults) m.faults.add(fault.id);
        for (const check in task.check_versions ?? {}) {
          let seen = m.versions.get(check);
          if (!seen) m.versions.set(check, (seen = new Set<string>()));
          seen.add(task.check_versions![check]!);
        }
        for (const [check, count] of tallyChecks(task.trials)) {
          const pooled = m.tallies.get(check);
          if (pooled) {
            pooled.successes += count.successes;
            pooled.n += count.n;
          } else m.tallies.set(check, { ...count });
          const runs = m.perRun.get(check);
          if (runs) runs.push(count);
          else m.perRun.set(check, [count]);
        }
        const run = { n: 0, sum: 0 };
        for (const trial of task.trials) {
          if (!executed(trial)) continue;
          if (trial.checks.pass) for (const check in trial.checks) if (!trial.checks[check]) m.failedInPassingTrial.add(check);
          let z = 0;
          for (const check in trial.checks) if (check !== ENV_CHECK && trial.checks[check]) z += 1;
          run.n += 1;
          run.sum += z;
          m.scores.squares += z * z;
        }
        m.scores.perRun.push(run);
        m.figures.add(task, file);
        m.holdout ||= holdout;
        this.matched.set(task.id, m);
        continue;
      }
      const d = this.differing.get(task.id) ?? { runs: 0, tallies: new Map(), figures: new FigureFold(), newest: null, holdout: false };
      d.runs += 1;
      tallyChecks(task.trials, d.tallies);
      d.figures.add(task, file);
      d.holdout ||= holdout;
      if (!d.newest || base.run.started_at > d.newest.startedAt) d.newest = { startedAt: base.run.started_at, differs };
      this.differing.set(task.id, d);
    }
  }
}

/**
 * The paired base trials of this job into `fold`, replacing any given before (the gate passes them whole
 * after every round). A task whose definition of the measurement differs from the head's is left out: its
 * trials measure something else.
 */
export function pairBase(fold: BaseFold, fresh: ComparedResults, head: ComparedResults): void {
  fold.paired.clear();
  const heads = new Map(head.tasks.map((t) => [t.id, t]));
  for (const task of fresh.tasks) {
    const h = heads.get(task.id);
    if (!h || task.not_rerun !== undefined || definitionDiffs(task, h).length > 0) continue;
    fold.paired.set(task.id, [...task.trials]);
  }
}

/**
 * Why the holdout tasks of `base` cannot be compared with the head's, or null: their pseudonyms were made
 * with another key (or the base named them by id, before results@3), or the base could not run them. A
 * pseudonym made with another key names no task of the head, so comparing would find every holdout task
 * new on one side and removed on the other, and pass the gate on nothing.
 */
export function holdoutRefusal(base: Pick<ComparedResults, 'holdout' | 'tasks'>, head: Pick<ComparedResults, 'holdout' | 'tasks'>): string | null {
  const has = (r: Pick<ComparedResults, 'tasks'>) => r.tasks.some((t) => t.set === 'holdout');
  if (!has(base) && !has(head) && !base.holdout && !head.holdout) return null;
  if (base.holdout?.unavailable) return `the base run could not run the holdout source's tasks (${base.holdout.unavailable})`;
  if (!has(base) && !has(head)) return null;
  const [b, h] = [base.holdout, head.holdout];
  if (b?.key_id === h?.key_id) return null;
  if (!b || !h)
    return `the ${b ? 'head' : 'base'} run names its holdout tasks by their ids (written before results@3): rerun ${b ? 'the head' : 'the baseline workflow'} with this trialgate`;
  const own = h.key === 'run' ? 'the head' : b.key === 'run' ? 'the base run' : null;
  if (own)
    return `${own} named its holdout tasks with a key of its own (the holdout key variable was not set where it ran): set the same holdout key (TRIALGATE_HOLDOUT_KEY, or the trial set's holdout.key_env) where base and head run`;
  return 'the base run named its holdout tasks with another holdout key than the head: set the same key where base and head run, then rerun the baseline workflow';
}
