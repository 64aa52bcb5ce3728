// One compared task decided: each check under the policy, in two views of its environment errors, whether
// its plan needs more head trials, and whether it can be decided at all (docs/comparison.md). Pure.
//
// The environment errors are the environment's, not the agent's, so the verdict counts executed trials
// only. But an agent could turn its failures into environment errors, and an outage can leave a task with
// too few executed trials to show anything. So every task is decided twice: as it is, and with every head
// environment error counted as a failure of every gated check and every base one as a success (the worst
// the missing trials could have been for the pull request). When only the second view flags a check, the
// verdict depends on what the environment hid: the task is undecided, never passed. Turning a failure into
// an environment error can therefore only make a pull request undecided, never pass it.
import type { Count, UndecidedNext } from '../schemas/comparison.ts';
import { decideStrict } from './policies.ts';
import { evidenceOf, formatP, lowerP, stillReachable, verdictOf, type Evidence, type Member, type Verdict } from './familywise.ts';
import { TOLERANCE } from './stats.ts';
import type { TaskFamily } from './family.ts';
import { lost, type RoundFigures, type TaskHead } from './head-looks.ts';
import type { Plan } from './plan.ts';
import { plural } from '../util/counted.ts';
import { envErrorWords } from '../results/reasons.ts';
import { envRule } from './checks.ts';

/** A compared check with its counts, before the policy decided it. */
export interface DraftCheck {
  check: string;
  base: Count;
  head: Count;
  /** Base trials per pooled run that measured it: the size of a base run for the design effect. */
  baseRunTrials: number;
  /** Decided with the task's family and counted by the gate; otherwise shown only. */
  gated: boolean;
  /** Why a check whose kind could gate does not (from the results, or a base measured differently). */
  ungated?: string;
  /** The base with its env errors counted as successes. */
  worstBase: Count;
  /** Some executed base trial passed while this check failed: the trial pass does not speak for it. */
  failedInPassingTrial?: boolean;
}

export interface CheckDecision {
  verdict: Verdict;
  /** The second view's verdict when it flags the check and the first does not. */
  worst?: Verdict & { base: Count; head: Count };
}

export interface TaskDecision {
  checks: Map<DraftCheck, CheckDecision>;
  /** Some check regressed: the task is decided and needs no more trials. */
  regressed: boolean;
  /** The plan needs more of this task's head: its next look (something is ambiguous there). */
  goesOn: boolean;
  /** The look its next round brings it to, how many head trials and fresh base trials (paired) that round runs; null when it needs none. */
  next: { look: number; trials: number; baseTrials: number } | null;
  /** Why the task went on from the first round (or would): which checks were ambiguous. */
  why: string | null;
  /** Why the task cannot be decided, and what to do; null when it can. */
  undecided: Undecided | null;
}

export interface TaskInput {
  checks: DraftCheck[];
  head: TaskHead;
  /** Why the base cannot support comparing this task (no executed trial, no check, mostly env errors). */
  baseProblem?: string;
  /** familywise: the task's family and plan, and its share of α; null: strict. */
  familywise: { family: TaskFamily; plan: Plan; share: number } | null;
  /** When a cap leaves the task's next round unrun, what to say of it (the pull request's trial cap). */
  capped?: string;
}

/** `env` is the comparison's own check: shown, never decided here. */
const isEnv = (c: DraftCheck) => c.check === 'env';

export function decideTask(task: TaskInput): TaskDecision {
  const { head } = task;
  const checks = new Map<DraftCheck, CheckDecision>();
  const hidden: { check: DraftCheck; verdict: Verdict }[] = [];
  const ambiguous: { check: DraftCheck; p: number }[] = [];
  const fw = task.familywise && { ...task.familywise, family: testedFamily(task.familywise.family, head) };
  const together = fw ? togetherFresh(fw.family, head) : null;
  const members = (view: 'seen' | 'worst') =>
    task.checks.map((c): Member => {
      const looks = (view === 'seen' ? head.looks : head.worst).get(c.check) ?? [];
      const counts = Array.from({ length: head.reached + 1 }, (_, i) => looks[i] ?? { successes: 0, n: 0 });
      const all = counts[counts.length - 1] ?? { successes: 0, n: 0 };
      const fresh = head.fresh ? (together?.[view].get(c.check) ?? (view === 'seen' ? head.fresh.looks : head.fresh.worst).get(c.check)) : undefined;
      return {
        base: view === 'seen' ? c.base : c.worstBase,
        baseRunTrials: c.baseRunTrials,
        looks: counts,
        head: view === 'seen' ? c.head : all,
        ...(fresh ? { fresh } : {}),
      };
    });
  const seen = members('seen');
  const worst = members('worst');
  let regressed = false;
  if (fw) {
    // The task is flagged when one of its checks reaches its weight of the task's share; a flagged task
    // names every check that reaches the whole share. Unchanged, the task is flagged at most its share of
    // the time (weighted Bonferroni over its checks, each check's looks adding up to its weight).
    const decide = (ms: Member[]) => {
      const evidence = ms.map((m) => evidenceOf(m, fw.plan));
      const at = (i: number) => fw.family.nodes.indexOf(task.checks[i]!.check);
      const flagged = fw.family.nodes.some((name, j) => {
        const i = task.checks.findIndex((c) => c.check === name);
        return fw.family.weights[j]! > 0 && evidence[i]!.q <= fw.family.weights[j]! * fw.share * TOLERANCE;
      });
      const rejected = (i: number) => flagged && at(i) !== -1 && evidence[i]!.q <= fw.share * TOLERANCE;
      const shareOf = (i: number) => (at(i) === -1 ? 0 : rejected(i) ? fw.share : fw.family.weights[at(i)]! * fw.share);
      return { evidence, shareOf, rejected };
    };
    const s = decide(seen);
    const w = decide(worst);
    task.checks.forEach((c, i) => {
      if (isEnv(c)) return;
      const verdict = verdictOf(seen[i]!, s.evidence[i]!, fw.plan, s.shareOf(i), s.rejected(i));
      const decision: CheckDecision = { verdict };
      if (c.gated && s.rejected(i)) regressed = true;
      if (c.gated && w.rejected(i) && !s.rejected(i)) {
        const wv = verdictOf(worst[i]!, w.evidence[i]!, fw.plan, w.shareOf(i), true);
        decision.worst = { ...wv, base: worst[i]!.base, head: worst[i]!.head };
        hidden.push({ check: c, verdict: wv });
      }
      checks.set(c, decision);
      if (!c.gated || s.rejected(i) || !fw.family.nodes.includes(c.check)) return;
      const r = head.reached;
      // Only its weight of the share can flag the task: a check that cannot reach that sends it no further
      // (one the pass speaks for, weight 0, reaches what the pass can: it fails every trial the check fails).
      const weighted = reachWeight(fw.family, c.check) * fw.share;
      const open = (e: Evidence, m: Member) => (e.p[r] ?? 1) <= fw.plan.looks[r]!.screen && stillReachable(m, fw.plan, r, weighted);
      if (open(s.evidence[i]!, seen[i]!)) ambiguous.push({ check: c, p: s.evidence[i]!.p[r]! });
      else if (!w.rejected(i) && open(w.evidence[i]!, worst[i]!)) ambiguous.push({ check: c, p: w.evidence[i]!.p[r]! });
    });
  } else {
    task.checks.forEach((c, i) => {
      if (isEnv(c)) return;
      const verdict = decideStrict(c.base, c.head);
      const wv = decideStrict(worst[i]!.base, worst[i]!.head);
      const decision: CheckDecision = { verdict };
      if (c.gated && verdict.status === 'regressed') regressed = true;
      if (c.gated && wv.status === 'regressed' && verdict.status !== 'regressed') {
        decision.worst = { ...wv, base: worst[i]!.base, head: worst[i]!.head };
        hidden.push({ check: c, verdict: wv });
      }
      checks.set(c, decision);
    });
  }
  const plan = fw?.plan ?? null;
  const nextLook = plan && head.reached + 1 < plan.looks.length ? head.reached + 1 : null;
  const lastRound = head.rounds[head.rounds.length - 1] ?? { started: 0, env: 0 };
  // A round lost to the environment is topped up once; two in a row stop the task (an outage buys no more trials).
  const lostTwice = head.rounds.length > 2 && lost(lastRound) && lost(head.rounds[head.rounds.length - 2]!);
  const needed = nextLook === null ? 0 : plan!.looks[nextLook]!.trials - head.executed;
  const baseNeeded = nextLook === null ? 0 : Math.max(0, plan!.looks[nextLook]!.base - (head.fresh?.executed ?? 0));
  const room = plan ? plan.looks[0]!.trials + plan.budget - head.started : 0;
  const wantsMore = !regressed && nextLook !== null && ambiguous.length > 0;
  const goesOn = wantsMore && !lostTwice && !lost(head.rounds[0] ?? lastRound) && needed <= room && !task.baseProblem && !task.capped;
  const why = wantsMore ? reasonToGoOn(ambiguous, head.reached, plan!) : null;
  return {
    checks,
    regressed,
    goesOn,
    next: goesOn ? { look: nextLook!, trials: needed, baseTrials: baseNeeded } : null,
    why,
    undecided: regressed
      ? null
      : undecidedReason(task, { wantsMore, goesOn, lostTwice, lastRound, needed, room, hidden, why, plan, blind: blindChecks({ ...task, familywise: fw }) }),
  };
}

/**
 * The family as the head's trials let it be tested: checks held together (family.ts) are tested at their one
 * weight only where every head trial, and every fresh base trial, that carries the pass carries each of them
 * (so their conjunction is measured on the same trials as each of them); otherwise they split that weight.
 */
function testedFamily(family: TaskFamily, head: TaskHead): TaskFamily {
  if (family.together.length === 0) return family;
  const views = [head.looks, head.worst, ...(head.fresh ? [head.fresh.looks, head.fresh.worst] : [])];
  const lined = views.every((counts) => {
    const pass = counts.get('pass');
    if (!pass) return family.together.every((check) => !counts.has(check));
    return family.together.every((check) => {
      const own = counts.get(check) ?? [];
      return pass.every((c, i) => own[i]?.n === c.n);
    });
  });
  if (lined) return family;
  const split = 1 / family.together.length;
  return { ...family, weights: family.weights.map((w, i) => (family.together.includes(family.nodes[i]!) ? w * split : w)), together: [] };
}

/**
 * Paired: each check held together is tested against the fresh base trials in which every one of them held,
 * at least (every trial one of them failed counted apart): never more than the conjunction's fresh
 * successes, so its p (which falls as the fresh base gains a success) is never below the conjunction's,
 * which its head successes bound too (family.ts). Null without a base runner or checks held together.
 */
function togetherFresh(family: TaskFamily, head: TaskHead): Record<'seen' | 'worst', Map<string, Count[]>> | null {
  if (!head.fresh || family.together.length === 0) return null;
  const view = (counts: Map<string, Count[]>): Map<string, Count[]> => {
    const held = (counts.get('pass') ?? []).map(({ n }, i) => {
      const failed = family.together.reduce((sum, check) => sum + n - (counts.get(check)?.[i]?.successes ?? 0), 0);
      return { successes: Math.max(0, n - failed), n };
    });
    return new Map(family.together.map((check) => [check, held]));
  };
  return { seen: view(head.fresh.looks), worst: view(head.fresh.worst) };
}

/** The part of its task's share a check can still flag the task with: its weight, or the pass's when the pass speaks for it (weight 0). */
export function reachWeight(family: TaskFamily, check: string): number {
  const w = family.weights[family.nodes.indexOf(check)] ?? 0;
  return w > 0 || !family.primary ? w : family.weights[family.nodes.indexOf(family.primary)]!;
}

/**
 * Gated checks below their base that even a total loss from a perfect base of as many trials could not flag
 * at their part of the task's share at any look (a judge item weighs a part of the share, and the plan is
 * sized for the trial pass): the base history cannot see them lose, so a drop there is undecided, never a
 * pass. A flaky base only makes a loss harder to see, so a check that missed on some base trial is blind
 * too: one that held on 2 of 3 base trials and on none of the head's passed where one that held on 3 of 3
 * was undecided (as the plan's own blindness makes any check below its base undecided, whatever its base).
 */
function blindChecks(task: TaskInput): { check: DraftCheck; weight: number }[] {
  const fw = task.familywise;
  if (!fw) return [];
  return task.checks.flatMap((c) => {
    const j = fw.family.nodes.indexOf(c.check);
    const weight = j === -1 ? 0 : fw.family.weights[j]!;
    if (!c.gated || isEnv(c) || weight <= 0 || c.base.n === 0) return [];
    if (!(c.head.n > 0 && c.head.successes * c.base.n < c.base.successes * c.head.n)) return [];
    const perfect = { successes: c.base.n, n: c.base.n };
    const best = Math.min(
      1,
      ...fw.plan.looks.flatMap((l) =>
        l.part > 0 ? [lowerP(perfect, c.baseRunTrials, { successes: 0, n: l.trials }, fw.plan.rho, { successes: l.base, n: l.base }) / l.part] : [],
      ),
    );
    return best > weight * fw.share * TOLERANCE ? [{ check: c, weight }] : [];
  });
}

function reasonToGoOn(ambiguous: { check: DraftCheck; p: number }[], r: number, plan: Plan): string {
  const bound = plan.looks[r]!.screen;
  const shown = ambiguous.slice(0, 3).map(({ check, p }) => `${check.check} (p = ${formatP(p)} ≤ ${formatP(bound)})`);
  const more = ambiguous.length > 3 ? ` and ${ambiguous.length - 3} more` : '';
  const where = r > 0 ? `at ${plural(plan.looks[r]!.trials, 'executed trial')}` : 'first round';
  return `${where}: ${shown.join('; ')}${more}`;
}

/** Why a task cannot be decided, and what to do about it (the comment's next step follows `next`, not the words). */
export interface Undecided {
  reason: string;
  next: UndecidedNext;
}

const rerun = (reason: string): Undecided => ({ reason, next: 'rerun' });

function undecidedReason(
  task: TaskInput,
  facts: {
    wantsMore: boolean;
    goesOn: boolean;
    lostTwice: boolean;
    lastRound: RoundFigures;
    needed: number;
    room: number;
    hidden: { check: DraftCheck; verdict: Verdict }[];
    why: string | null;
    plan: Plan | null;
    blind: { check: DraftCheck; weight: number }[];
  },
): Undecided | null {
  const { head } = task;
  const env = head.started - head.executed;
  const because = head.envTrial ? ` (${envWords(head.envTrial)})` : '';
  // A check that looks regressed once the env errors count against the pull request is named, whichever reason leads.
  const looks = facts.hidden.length
    ? `; counted against the pull request, the env errors would make ${facts.hidden[0]!.check.check}${facts.hidden.length > 1 ? ` (and ${plural(facts.hidden.length - 1, 'more check')})` : ''} regress (${facts.hidden[0]!.verdict.rule})`
    : '';
  if (task.baseProblem) return { reason: `${task.baseProblem}: the base cannot support a comparison; rerun the baseline workflow`, next: 'baseline_workflow' };
  const declared = head.declared > 0 && head.declared === (head.rounds[0]?.env ?? 0) ? ' the agent declared' : '';
  if (head.setupOnly)
    return {
      reason: `${head.started === 1 ? 'its one head trial is' : `all ${head.started} of its head trials are`} a setup mistake${because}: fix it, for a rerun fails the same way`,
      next: 'fix_setup',
    };
  if (head.executed === 0)
    return rerun(
      head.started === 0
        ? 'none of its head trials executed: rerun'
        : `${head.started === 1 ? 'its one head trial is an environment error' : `all ${head.started} of its head trials are environment errors`}${declared}${because}: rerun once it is fixed`,
    );
  if (facts.wantsMore && facts.lostTwice)
    return rerun(
      `the confirmation it needed (${facts.why}) lost its last two rounds to environment errors (${facts.lastRound.env} of the last ${plural(facts.lastRound.started, 'trial')})${because}${looks}: rerun`,
    );
  if (env * 2 > head.started) {
    return rerun(
      `${env} of its ${plural(head.started, 'head trial')} ${env === 1 ? 'is an environment error' : 'are environment errors'}${declared}${because}${looks}: too few executed trials to decide; rerun once it is fixed`,
    );
  }
  if (facts.hidden.length > 0) {
    const [first] = facts.hidden;
    const more = facts.hidden.length > 1 ? ` (and ${plural(facts.hidden.length - 1, 'more check')})` : '';
    return rerun(
      `its environment errors could hide a regression: counted against the pull request they would make ${first!.check.check}${more} regress (${first!.verdict.rule}); rerun`,
    );
  }
  if (facts.wantsMore && !facts.goesOn) {
    if (task.capped) return { reason: `it needs ${plural(facts.needed, 'more trial')} to decide (${facts.why}), and ${task.capped}`, next: 'max_trials' };
    if (facts.needed > facts.room)
      return {
        reason: `it needs ${plural(facts.needed, 'more trial')} to decide (${facts.why}) but its budget has ${facts.room} left: raise confirm-trials`,
        next: 'confirm_trials',
      };
  }
  if (facts.goesOn)
    return {
      reason: `its head needs the confirmation trials it does not have (${facts.why}): run \`trialgate gate\` (or the action), which runs them, or pass the --confirm-trials the head ran under`,
      next: 'confirmation',
    };
  const plan = facts.plan;
  if (plan && !plan.totalLoss) {
    const down = task.checks.filter((c) => c.gated && c.base.n > 0 && c.head.n > 0 && c.head.successes * c.base.n < c.base.successes * c.head.n);
    if (down.length)
      return {
        reason: `${down[0]!.check} is below its base (${down[0]!.base.successes}/${down[0]!.base.n} → ${down[0]!.head.successes}/${down[0]!.head.n}), and the base history cannot show even a total loss here (its runs differ too much from one another, or too few base trials): add baseline runs (baseline-runs) or confirmation trials`,
        next: 'baseline_runs',
      };
  }
  if (facts.blind.length) {
    const [{ check: c, weight }] = facts.blind as [{ check: DraftCheck; weight: number }];
    return {
      reason: `${c.check} is below its base (${c.base.successes}/${c.base.n} → ${c.head.successes}/${c.head.n}), and even a total loss of it could not reach its part (${formatP(weight)}) of the task's share of α: add baseline runs (baseline-runs) or confirmation trials`,
      next: 'baseline_runs',
    };
  }
  return null;
}

/** What an env error trial said failed: the agent's declared reason, the service that did not start, else its rule. */
function envWords(trial: NonNullable<TaskHead['envTrial']>): string {
  return envErrorWords(trial) ?? envRule(trial);
}
