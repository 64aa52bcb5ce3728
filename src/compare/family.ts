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
//
// Checks that held on every base trial (a flaky pass's detections that never missed, its constraints) are
// one of those shares together, each tested at the whole of it: their conjunction (every one of them held
// in the trial) is a check of its own with the same perfect base, and fails in every head trial one of them
// fails, so its p is never above any of theirs (decide.ts: testedFamily, togetherFresh for the paired base):
// P(some of them reaches x) ≤ P(the conjunction does) ≤ x. Split one share each, a lost detection beside
// seven constraints got 1/11 of the task's share and needed a trial more than at 1/4. Where they are held
// together is the plan's to say (plan.ts planTask).
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
  /** Each node's part of the task's share (0 for a node the pass speaks for); they add up to 1 with the checks held together counted once. */
  weights: number[];
  /** The checks that held on every base trial the pass measured, beside a pass that did not: tested together, each at their one weight. */
  together: string[];
  /** The node the task's plan is sized for: the trial pass when it can regress, else the first weighted node; null when none can regress. */
  primary: string | null;
}

export function taskFamily(checks: readonly FamilyMember[], holdTogether = true): TaskFamily {
  const nodes = checks.filter((c) => c.gated && c.base.successes > 0);
  if (nodes.length === 0) return { nodes: [], weights: [], together: [], primary: null };
  const passAt = nodes.findIndex((c) => c.check === 'pass');
  const pass = passAt === -1 ? null : nodes[passAt]!;
  // A check weighs when it can show a drop the pass cannot show first.
  const own = nodes.map(
    (c, i) => i !== passAt && (!pass || checkKind(c.check) === 'judge' || c.failedInPassingTrial === true || !sameBaseFailures(c.base, pass.base)),
  );
  // Measured on every base trial the pass was (so on the same trials) and never failed there; a judge item is not asked in every trial.
  const together = nodes.map(
    (c, i) => holdTogether && own[i] && pass !== null && checkKind(c.check) !== 'judge' && c.base.n === pass.base.n && c.base.successes === c.base.n,
  );
  const others = own.filter((x, i) => x && !together[i]).length + (together.some(Boolean) ? 1 : 0);
  // A pass that never failed on the base is the task's cleanest signal; a flaky one is no better than the checks beside it.
  const primaryWeight = !pass ? 0 : !others ? 1 : pass.base.successes === pass.base.n ? PRIMARY_WEIGHT : 1 / (others + 1);
  const weights = nodes.map((_, i) => (i === passAt ? primaryWeight : own[i] ? (1 - primaryWeight) / others : 0));
  const primary = passAt === -1 ? own.indexOf(true) : passAt;
  return { nodes: nodes.map((c) => c.check), weights, together: nodes.filter((_, i) => together[i]).map((c) => c.check), primary: nodes[primary]!.check };
}

/** The base trials that failed the check are exactly those that failed the pass (the check cannot fail without the pass). */
function sameBaseFailures(check: Count, pass: Count): boolean {
  return check.n === pass.n && check.successes === pass.successes;
}

/** The tasks that share α: those with a check that can regress. */
export function sharingTasks(families: readonly TaskFamily[]): number {
  return families.filter((f) => f.nodes.length > 0).length;
}
