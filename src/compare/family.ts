// Which checks of a task can regress, and how the task's share of α is spread over them
// (docs/comparison.md#familywise-step-by-step). Pure, and decided from the base alone, so it is fixed
// before any head trial runs.
//
// A check that never succeeded on the base cannot be shown to drop: it takes no share of α, and neither
// does a task none of whose checks ever succeeded there. A task's share is spread over its checks by
// weight, the trial pass first: a trial passes only when every check but the model judge's items passed,
// so any check that fails takes the trial pass down with it. A check that failed on exactly the base trials
// the pass failed on can show nothing the pass does not show first (its p is never below the pass's), so it
// takes no weight of its own. The pass carries the task's share alone unless some check can show what it
// cannot (a judge item, or a check the base passed more often than the trial): then a pass that never failed
// on the base keeps three quarters, and a flaky one shares the task's share equally with those checks.
import type { Count } from '../schemas/comparison.ts';
import { checkKind } from './checks.ts';

/** The trial pass's weight when other checks carry some of the task's share. */
export const PRIMARY_WEIGHT = 3 / 4;

export interface FamilyMember {
  check: string;
  base: Count;
  gated: boolean;
  /** Some base trial passed while this check failed (a results file not scored as trialgate scores trials): the pass does not speak for it. */
  failedInPassingTrial?: boolean;
}

export interface TaskFamily {
  /** The checks that can regress (gated, succeeded on the base at least once), in the task's order. */
  nodes: string[];
  /** Each node's part of the task's share; they add up to 1 (0 for a node the pass speaks for). */
  weights: number[];
  /** The node the task's plan is sized for: the trial pass when it can regress, else the first weighted node; null when none can regress. */
  primary: string | null;
}

export function taskFamily(checks: readonly FamilyMember[]): TaskFamily {
  const nodes = checks.filter((c) => c.gated && c.base.successes > 0);
  if (nodes.length === 0) return { nodes: [], weights: [], primary: null };
  const passAt = nodes.findIndex((c) => c.check === 'pass');
  const pass = passAt === -1 ? null : nodes[passAt]!;
  // A check weighs when it can show a drop the pass cannot show first.
  const own = nodes.map(
    (c, i) => i !== passAt && (!pass || checkKind(c.check) === 'judge' || c.failedInPassingTrial === true || !sameBaseFailures(c.base, pass.base)),
  );
  const others = own.filter(Boolean).length;
  // A pass that never failed on the base is the task's cleanest signal; a flaky one is no better than the checks beside it.
  const primaryWeight = !pass ? 0 : !others ? 1 : pass.base.successes === pass.base.n ? PRIMARY_WEIGHT : 1 / (others + 1);
  const weights = nodes.map((_, i) => (i === passAt ? primaryWeight : own[i] ? (1 - primaryWeight) / others : 0));
  const primary = passAt === -1 ? own.indexOf(true) : passAt;
  return { nodes: nodes.map((c) => c.check), weights, primary: nodes[primary]!.check };
}

/** The base trials that failed the check are exactly those that failed the pass (the check cannot fail without the pass). */
function sameBaseFailures(check: Count, pass: Count): boolean {
  return check.n === pass.n && check.successes === pass.successes;
}

/** The tasks that share α: those with a check that can regress. */
export function sharingTasks(families: readonly TaskFamily[]): number {
  return families.filter((f) => f.nodes.length > 0).length;
}
