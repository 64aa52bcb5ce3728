// A task's head trials laid over its plan's looks (plan.ts). Pure.
//
// The first look is the first round: trials 1 … k, whatever of them executed. Every later look is a number
// of executed trials: the gate brings a task to a look by running as many trials as the look still lacks,
// and when the environment ate some of them, a round of its own tops them up. So a look tests exactly the
// executed trials the plan fixed, whatever the environment did (its errors are taken as independent of the
// agent's outcomes, the assumption every exclusion of them makes). The rounds the gate ran are replayed from
// the trial numbers: each one starts after the last trial held and runs what the next look lacks.
import type { Count } from '../schemas/comparison.ts';
import { UserInputError } from '../util/errors.ts';
import { ENV_CHECK } from './checks.ts';
import type { ComparedTrial } from '../results/read.ts';
import { isSetupMistake } from '../results/setup-rules.ts';

/** One round of a task's head trials: how many started (executed or env error) and how many of them were env errors. */
export interface RoundFigures {
  started: number;
  env: number;
}

export interface TaskHead {
  /** The last look the head reached: the first round, or a look whose executed trials it holds. */
  reached: number;
  /** Trials started (executed or env error) and executed, in all. */
  started: number;
  executed: number;
  /** The highest trial number: where the next round starts. */
  held: number;
  /** Per check, its head counts at each look reached (successes over executed trials up to the look). */
  looks: Map<string, Count[]>;
  /** The same with the env errors up to each look counted as failures: the worst they could have hidden. */
  worst: Map<string, Count[]>;
  /** Every round the gate ran, first round first. */
  rounds: RoundFigures[];
  /** Env errors of the first round that the agent itself declared (exit 75, docs/agents.md). */
  declared: number;
  /** What the first env error said failed, in its own words (the agent's declared reason, the service that did not start). */
  envTrial?: ComparedTrial;
  /** Every started trial is an env error a rerun cannot fix (results/setup-rules.ts): the setup must be fixed first. */
  setupOnly?: true;
  /** Paired: the fresh base trials laid over the same looks (freshAtLooks); absent without a base runner. */
  fresh?: FreshBase;
}

/** The fresh base trials of a task (run beside the head in its confirmation rounds) at each look reached. */
export interface FreshBase {
  /** Per check, its counts over the first executed fresh trials each look fixes (fewer when the environment ate some). */
  looks: Map<string, Count[]>;
  /** The same with their env errors counted as successes: the worst they could have hidden for the pull request. */
  worst: Map<string, Count[]>;
  started: number;
  executed: number;
  /** The highest fresh trial number: where the next round's base trials start. */
  held: number;
}

/**
 * The fresh base trials over the looks: at look i the first `looks[i]` executed ones by trial number, for
 * the looks the head reached. Their rounds top the base up to each look's size, as the head's do.
 */
export function freshAtLooks(trials: readonly ComparedTrial[], looks: readonly number[], reached: number): FreshBase {
  const sorted = trials.filter(started).sort((a, b) => a.trial - b.trial);
  const ran = sorted.filter(executed);
  const seen = new Map<string, Count[]>();
  const worst = new Map<string, Count[]>();
  const at = (map: Map<string, Count[]>, check: string, i: number) => {
    let c = map.get(check);
    if (!c) map.set(check, (c = Array.from({ length: reached + 1 }, () => ({ successes: 0, n: 0 }))));
    return c[i]!;
  };
  const names = new Set(ran.flatMap((t) => Object.keys(t.checks)).filter((c) => c !== ENV_CHECK));
  for (let i = 0; i <= reached; i++) {
    const want = looks[i] ?? 0;
    const bound = want === 0 ? 0 : ran.length >= want ? ran[want - 1]!.trial : Infinity;
    for (const check of names) {
      at(seen, check, i);
      at(worst, check, i);
    }
    for (const t of sorted) {
      if (t.trial > bound) break;
      for (const check of names) {
        const w = at(worst, check, i);
        if (!executed(t)) {
          w.n += 1;
          w.successes += 1;
          continue;
        }
        const value = t.checks[check];
        if (value === undefined) continue;
        const s = at(seen, check, i);
        s.n += 1;
        w.n += 1;
        if (value) {
          s.successes += 1;
          w.successes += 1;
        }
      }
    }
  }
  return { looks: seen, worst, started: sorted.length, executed: ran.length, held: Math.max(0, ...trials.map((t) => t.trial)) };
}

const executed = (t: ComparedTrial) => t.outcome === 'pass' || t.outcome === 'fail';
const started = (t: ComparedTrial) => t.outcome !== 'unexecuted';

/**
 * `looks`: executed head trials at each look, the first being k (the first round). `where` names the task in
 * errors. `asked`: checks every executed trial carries unless the environment kept it from being measured (a
 * judge item the judge could not be asked, docs/model-judge.md): one missing counts as a failure in the
 * worst view, as an env error does, so an outage of the judge leaves its items undecided, never passed.
 */
export function headAtLooks(
  trials: readonly ComparedTrial[],
  looks: readonly number[],
  where: { file: string; field: string },
  asked: readonly string[] = [],
): TaskHead {
  const k = looks[0]!;
  const sorted = trials.filter(started).sort((a, b) => a.trial - b.trial);
  const held = Math.max(0, ...trials.map((t) => t.trial));
  // The rounds, replayed: each ends where it brought the task's executed trials up to the next look.
  const ends = [k];
  for (;;) {
    const end = ends[ends.length - 1]!;
    if (end >= held) break;
    const done = sorted.filter((t) => t.trial <= end && executed(t)).length;
    const next = looks.findIndex((n, i) => i > 0 && n > done);
    if (next === -1) {
      const beyond = sorted.find((t) => t.trial > end)!;
      throw new UserInputError(
        where.file,
        where.field,
        `holds trial ${beyond.trial}, beyond the plan (its last look is ${looks[looks.length - 1]} executed trials): pass the confirm-trials the head ran under (--confirm-trials N)`,
      );
    }
    ends.push(end + looks[next]! - done);
  }
  const rounds = ends.map((end, i) => {
    const from = i === 0 ? 0 : ends[i - 1]!;
    const inRound = sorted.filter((t) => t.trial > from && t.trial <= end);
    return { started: inRound.length, env: inRound.filter((t) => !executed(t)).length };
  });
  // Where each look ends, as a trial number: the first round at k, a later look at its n-th executed trial.
  const ran = sorted.filter(executed);
  const bounds: number[] = [];
  for (const [i, n] of looks.entries()) {
    if (i === 0) bounds.push(k);
    else if (ran.length >= n && n > 0) bounds.push(Math.max(k, ran[n - 1]!.trial));
    else break;
  }
  const reached = bounds.length - 1;
  const seen = new Map<string, Count[]>();
  const worst = new Map<string, Count[]>();
  const counts = (map: Map<string, Count[]>, check: string) => {
    let c = map.get(check);
    if (!c) map.set(check, (c = bounds.map(() => ({ successes: 0, n: 0 }))));
    return c;
  };
  const names = new Set([...ran.flatMap((t) => Object.keys(t.checks)), ...asked].filter((c) => c !== ENV_CHECK));
  for (const t of sorted) {
    const from = bounds.findIndex((b) => t.trial <= b);
    if (from === -1) continue;
    for (let i = from; i < bounds.length; i++) {
      const env = counts(seen, ENV_CHECK)[i]!;
      env.n += 1;
      if (executed(t)) env.successes += 1;
      for (const check of names) {
        const w = counts(worst, check)[i]!;
        w.n += 1;
        if (!executed(t)) continue;
        const value = t.checks[check];
        if (value === undefined) {
          if (!asked.includes(check)) w.n -= 1;
          continue;
        }
        const s = counts(seen, check)[i]!;
        s.n += 1;
        if (value) {
          s.successes += 1;
          w.successes += 1;
        }
      }
    }
  }
  const first = sorted.filter((t) => t.trial <= k);
  const envTrial = sorted.find((t) => !executed(t));
  return {
    reached,
    started: sorted.length,
    executed: ran.length,
    held,
    looks: seen,
    worst,
    rounds,
    declared: first.filter((t) => t.outcome === 'env_error' && t.env_error_source === 'agent').length,
    ...(envTrial ? { envTrial } : {}),
    ...(sorted.length > 0 && sorted.every((t) => t.outcome === 'env_error' && isSetupMistake(t.env_error)) ? { setupOnly: true as const } : {}),
  };
}

/** More than half of the round's trials were env errors, or none started: too few executed to show anything. */
export function lost(round: RoundFigures): boolean {
  return round.started === 0 || round.env * 2 > round.started;
}
