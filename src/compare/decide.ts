// One compared task decided: each check under the policy, in two views of its environment errors, whether
// the plan needs more of its trials, and whether it can be decided at all (docs/comparison.md). Pure.
//
// The environment errors are the environment's, not the agent's, so the verdict counts executed trials
// only. But an agent could turn its failures into environment errors, and an outage can leave a task
// with too few executed trials to show anything. So every task is decided twice: as it is, and with every
// head environment error counted as a failure of every gated check and every base one as a success (the
// worst the missing trials could have been for the pull request). When only the second view flags a
// check, the verdict depends on what the environment hid: the task is undecided, never passed. Turning a
// failure into an environment error can therefore only make a pull request undecided, never pass it: the
// second view of the laundered run is at least as bad as the run itself, and fewer successes never
// remove a flag (familywise.ts).
import type { Count } from '../schemas/comparison.ts';
import { decideMember, formatP, type Decision, type Verdict } from './familywise.ts';
import type { Plan } from './plan.ts';
import { decideStrict } from './policies.ts';

/** A compared check with its counts, before the policy decided it. */
export interface DraftCheck {
  check: string;
  base: Count;
  head: Count;
  /** Base trials per pooled run that measured it: the size of a base run for the design effect. */
  baseRunTrials: number;
  /** Head counts up to each look of the plan (cumulative; the first is the first round). */
  looks: Count[];
  /** The same with the environment errors counted against the pull request. */
  worst: { base: Count; head: Count; looks: Count[] };
  /** Decided with every gated check of the suite and counted by the gate; otherwise shown only. */
  gated: boolean;
  /** Why a check whose kind could gate does not (from the results, or a base measured differently). */
  ungated?: string;
}

/** What the head of one task did at each look: trials that started (executed or env error) and env errors among them. */
export interface HeadLooks {
  started: number[];
  env: number[];
}

/** One round of a task's head trials: how many started (executed or env error) and how many of them were env errors. */
export interface RoundFigures {
  started: number;
  env: number;
}

export interface CheckDecision {
  verdict: Verdict;
  /** The second view's verdict when it flags the check and the first does not. */
  worst?: Verdict & { base: Count; head: Count };
}

export interface TaskDecision {
  checks: Map<DraftCheck, CheckDecision>;
  /** The plan needs more of this task's trials: its first round's retry, or its next look (something is ambiguous). */
  goesOn: boolean;
  /** Its next round is the retry of a first round mostly lost to the environment (at most k trials, plan.ts retryTrials). */
  retry: boolean;
  /** Why the task went on from the first round (or would): the environment, or which checks were ambiguous. */
  why: string | null;
  /** Why the task cannot be decided; null when it can. */
  undecided: string | null;
}

export interface TaskInput {
  checks: DraftCheck[];
  /** Index of the last look the head reached: the last whose trials it holds (numbered up to the look's size). */
  reached: number;
  /** Per look of the plan; the first look's figures include the first round's retry. */
  head: HeadLooks;
  /** The retry of a first round mostly lost to the environment: it belongs to the first round's look; null when none ran. */
  retry: RoundFigures | null;
  /** The round that brought the head where it stands: the first round, its retry or the last confirmation round. */
  lastRound: RoundFigures & { retry: boolean };
  /** Env errors among the first round's trials (its first k) that the agent itself declared (exit 75, docs/agents.md). */
  declared: number;
  /** What the first head env error said failed, in its own words; absent without one. */
  envReason?: string;
  /** Why the base cannot support comparing this task (no executed trial, no check, mostly env errors). */
  baseProblem?: string;
}

/** A check whose p stays at most this after confirmation still points at a drop (the last screening bound of plan.ts). */
const STILL_OPEN = 0.01;

/** `plan` null: the strict policy (no confirmation, no α). */
export function decideTask(task: TaskInput, plan: Plan | null): TaskDecision {
  const checks = new Map<DraftCheck, CheckDecision>();
  const r = task.reached;
  const ambiguous: Ambiguous[] = [];
  const hidden: { check: DraftCheck; verdict: Verdict }[] = [];
  /** Gated checks still pointing at a drop after confirmation (p ≤ the last screening bound): what a plan that cannot flag leaves open. */
  let open = 0;
  // Without env errors on either side the two views are one: decided once.
  const envFree = task.head.env.every((e) => e === 0) && task.checks.every((c) => c.worst.base.n === c.base.n);
  for (const c of task.checks) {
    const seen = plan ? decideMember({ ...c, looks: c.looks.slice(0, r + 1) }, plan) : strictly(c.base, c.head);
    const worst = envFree
      ? seen
      : plan
        ? decideMember({ ...c.worst, baseRunTrials: c.baseRunTrials, looks: c.worst.looks.slice(0, r + 1) }, plan)
        : strictly(c.worst.base, c.worst.head);
    const decision: CheckDecision = { verdict: seen.verdict };
    if (c.gated && worst.verdict.status === 'regressed' && seen.verdict.status !== 'regressed') {
      decision.worst = { ...worst.verdict, base: c.worst.base, head: c.worst.head };
      hidden.push({ check: c, verdict: worst.verdict });
    }
    checks.set(c, decision);
    if (!c.gated || !plan) continue;
    if (r > 0 && seen.verdict.status !== 'regressed' && (seen.p[r] ?? 1) <= STILL_OPEN) open++;
    if (seen.ambiguous[r]) ambiguous.push({ check: c, p: seen.p[r]!, worst: false });
    else if (worst.ambiguous[r]) ambiguous.push({ check: c, p: worst.p[r]!, worst: true });
  }
  const last = plan ? plan.looks.length - 1 : 0;
  const started = task.head.started[r] ?? 0;
  const env = task.head.env[r] ?? 0;
  const mostlyEnv = lost({ started, env });
  // The first round alone: its first k trials, without the retry the first look's figures include.
  const first = { started: (task.head.started[0] ?? 0) - (task.retry?.started ?? 0), env: (task.head.env[0] ?? 0) - (task.retry?.env ?? 0) };
  const later = r > 0 || task.retry !== null;
  // The environment failed the round that brought the task here as well (its retry, or a confirmation round): more would not decide it.
  const failedAgain = later && lost(task.lastRound);
  // A first round mostly lost to the environment gets one retry of at most k trials; none when the agent itself
  // declared every env error of it (its provider refused the key, its quota is spent, the provider is down):
  // such an outage persists, and the retry would fail the same way.
  const declaredOutage = !later && lost(first) && first.env > 0 && task.declared === first.env;
  const retry = !later && r < last && lost(first) && !declaredOutage;
  // A task still ambiguous goes on to its next look; so does one still mostly env errors whose last round
  // executed (the environment came back): the next look gathers what the outage took, at the plan's cost.
  const goesOn = retry || (r < last && (ambiguous.length > 0 || (later && mostlyEnv)) && !failedAgain && !declaredOutage);
  const envWhy = r === 0 ? (lost(first) ? { ...first, upTo: null } : null) : mostlyEnv ? { started, env, upTo: plan!.looks[r]!.trials } : null;
  const why = reasonToGoOn(ambiguous, envWhy, r, plan, task.retry);
  const stopped = failedAgain && r < last && (mostlyEnv || ambiguous.length > 0) ? task.lastRound : null;
  return {
    checks,
    goesOn,
    retry,
    why,
    undecided: undecidedReason(task, plan, {
      goesOn,
      retry,
      mostlyEnv,
      started,
      env,
      hidden,
      why,
      stopped,
      open,
      declaredOutage: declaredOutage ? first : null,
    }),
  };
}

interface Ambiguous {
  check: DraftCheck;
  p: number;
  worst: boolean;
}

/** More than half of the round's trials were env errors, or none started: too few executed to show anything. */
export function lost(round: RoundFigures): boolean {
  return round.started === 0 || round.env * 2 > round.started;
}

/** The env errors of a round among its trials: `all 3 trials`, `the one trial`, `2 of the 3 trials`. */
function share(round: RoundFigures): string {
  if (round.env === round.started) return round.started === 1 ? 'the one trial' : `all ${round.started} trials`;
  return `${round.env} of the ${round.started} trial${round.started === 1 ? '' : 's'}`;
}

function trials(n: number): string {
  return `${n} head trial${n === 1 ? '' : 's'}`;
}

function strictly(base: Count, head: Count): Decision {
  return { verdict: decideStrict(base, head), flaggedAt: null, ambiguous: [], p: [] };
}

function reasonToGoOn(
  ambiguous: Ambiguous[],
  lostTo: (RoundFigures & { upTo: number | null }) | null,
  r: number,
  plan: Plan | null,
  retry: RoundFigures | null,
): string | null {
  if (!plan) return null;
  const were = (n: number) => (n === 1 ? 'was an env error' : 'were env errors');
  const env = !lostTo
    ? null
    : lostTo.started === 0
      ? 'no head trial of its first round started'
      : lostTo.upTo === null
        ? `${lostTo.env} of its first ${trials(lostTo.started)} ${were(lostTo.env)}`
        : `${lostTo.env} of its ${trials(lostTo.started)} up to trial ${lostTo.upTo} ${were(lostTo.env)}`;
  // Before its retry, or when the retry was lost too, the environment is the whole reason.
  if (ambiguous.length === 0 || (env && r === 0 && (!retry || lost(retry)))) return env;
  const bound = plan.looks[r]!.screen;
  const shown = ambiguous.slice(0, 3).map(({ check, p, worst }) => {
    const head = (worst ? check.worst.looks : check.looks)[r]!;
    const base = worst ? check.worst.base : check.base;
    return `${check.check} ${base.successes}/${base.n} → ${head.successes}/${head.n}${worst ? ' counting env errors as failures' : ''} (p = ${formatP(p)} ≤ ${formatP(bound)})`;
  });
  const more = ambiguous.length > 3 ? ` and ${ambiguous.length - 3} more` : '';
  const where = r > 0 ? `at ${plan.looks[r]!.trials} trials` : retry ? 'first round with its retry' : 'first round';
  return `${env ? `${env}; ` : ''}${where}: ${shown.join('; ')}${more}`;
}

function undecidedReason(
  task: TaskInput,
  plan: Plan | null,
  facts: {
    goesOn: boolean;
    /** Its next round is the first round's retry. */
    retry: boolean;
    mostlyEnv: boolean;
    started: number;
    env: number;
    hidden: { check: DraftCheck; verdict: Verdict }[];
    why: string | null;
    /** The plan needed more of it, but the round that brought it here (its retry, or a confirmation round) was mostly env errors too. */
    stopped: (RoundFigures & { retry: boolean }) | null;
    open: number;
    /** The first round, when the agent declared every env error of it: not retried. */
    declaredOutage: RoundFigures | null;
  },
): string | null {
  // The trials' own words: what the agent declared, or what trialgate found, rather than the rule that excluded them.
  const because = task.envReason ? ` (${task.envReason})` : '';
  const rerun = 'rerun (if they persist, see the env error rules)';
  if (task.baseProblem) return `${task.baseProblem}: the base cannot support a comparison; rerun the baseline workflow`;
  if (facts.started === 0) return 'none of its head trials executed: rerun';
  if (facts.declaredOutage) {
    const { env, started } = facts.declaredOutage;
    return `${env} of its ${trials(started)} ${env === 1 ? 'is an environment error' : 'are environment errors'} the agent declared${because}: an outage it declares is not retried, it would fail the retry the same way; rerun once it is fixed`;
  }
  const round = facts.stopped ? `${share(facts.stopped)} of its ${facts.stopped.retry ? 'retry' : 'last round'}` : '';
  if (facts.stopped && facts.mostlyEnv)
    return `${facts.env} of its ${trials(facts.started)} are environment errors${because}, ${round} too: too few executed trials to decide; ${rerun}`;
  if (facts.stopped) return `the confirmation it needed (${facts.why ?? 'still ambiguous'}) lost ${round} to environment errors as well${because}: rerun`;
  if (facts.mostlyEnv && !facts.goesOn)
    return `${facts.env} of its ${trials(facts.started)} ${facts.env === 1 ? 'is an environment error' : 'are environment errors'}${because}: too few executed trials to decide; ${rerun}`;
  if (facts.goesOn)
    return `its head needs ${facts.retry ? 'the retry' : 'confirmation trials'} it does not have (${facts.why}): run \`trialgate gate\` (or the action), which runs them, or pass the --confirm-trials the head ran under`;
  if (plan && !plan.totalLoss && facts.open > 0)
    return `after its confirmation ${facts.open === 1 ? 'a check still points' : `${facts.open} checks still point`} at a drop (p ≤ ${STILL_OPEN}), and with this between-run spread and budget one head run cannot show even a total loss: add baseline runs (baseline-runs) or confirmation trials`;
  if (facts.hidden.length > 0) {
    const [first] = facts.hidden;
    const more = facts.hidden.length > 1 ? ` (and ${facts.hidden.length - 1} more check${facts.hidden.length === 2 ? '' : 's'})` : '';
    return `its environment errors could hide a regression: counted against the pull request they would make ${first!.check.check}${more} regress (${first!.verdict.rule}); rerun`;
  }
  return null;
}
