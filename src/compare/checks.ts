// What a task's trials say, per named check and per side: the tallies every policy and table starts from.
import type { CheckKind, Count } from '../schemas/comparison.ts';
import type { ComparedTask, ComparedTrial } from '../results/read.ts';

/** The comparison's own check: the trial executed rather than ending in an env error. */
export const ENV_CHECK = 'env';

export function checkKind(check: string): CheckKind {
  if (check === 'pass') return 'pass';
  if (check === ENV_CHECK) return 'env';
  const prefix = check.slice(0, check.indexOf(':'));
  return prefix === 'detect' || prefix === 'constraint' || prefix === 'tool' || prefix === 'judge' ? prefix : 'other';
}

/** An env error is the environment's failure, never the agent's, so it is shown, not gated. */
export function isGated(check: string): boolean {
  return checkKind(check) !== 'env';
}

/** trialgate's own checks of every kind, which a bare name (`format`) leaves a reader to guess, beside a task's own checks. */
const RUNNER_LABELS: Readonly<Record<string, string>> = {
  format: 'format: the candidate is well-formed',
  baseline: 'baseline: passes with no defect injected',
};

/**
 * What a reader sees for a check: `detection: double-reserve — duplicate request reserves twice`. `quote`
 * is applied to every part a user or a file supplied (a check name, a fault's label), never to the words
 * around them, so a renderer can make those parts inert and leave the rest as it is.
 */
export function checkLabel(
  check: string,
  faults: readonly { id: string; label: string }[],
  labels?: Readonly<Record<string, string>>,
  quote: (text: string) => string = (text) => text,
): string {
  const name = check.slice(check.indexOf(':') + 1);
  // The task's kind names its own checks (a code task's hidden test groups): its label comes first.
  const own = labels?.[check];
  if (own !== undefined) return quote(own);
  const runner = RUNNER_LABELS[check];
  if (runner !== undefined) return runner;
  const named = (what: string) => {
    const label = faults.find((f) => f.id === name)?.label;
    return label ? `${what}: ${quote(name)} — ${quote(label)}` : `${what}: ${quote(name)}`;
  };
  switch (checkKind(check)) {
    case 'pass':
      return 'trial pass';
    case 'env':
      return 'executed (no env error)';
    case 'detect':
      return named('detection');
    case 'constraint':
      return `constraint: ${quote(name)}`;
    case 'tool':
      return named('tool contract');
    case 'judge':
      return `model judge: ${quote(name)}`;
    case 'other':
      return quote(check);
  }
}

/**
 * Why a check of a task is not gated though its kind could gate: what the head results say (an
 * uncalibrated judge item), or a base run that measured it differently (another judge model or prompt).
 * Pure; undefined when it gates.
 */
export function ungatedReason(
  check: string,
  head: Pick<ComparedTask, 'ungated' | 'check_versions'>,
  baseVersions: ReadonlySet<string> | undefined,
): string | undefined {
  const said = head.ungated?.[check];
  if (said) return said;
  if (!baseVersions) return undefined;
  const version = head.check_versions?.[check];
  const others = [...baseVersions].filter((v) => v !== version);
  if (others.length === 0) return undefined;
  return `the base measured it with ${others.join('; ')} and the head with ${version ?? 'no recorded version'}: not the same measurement`;
}

const KIND_ORDER: readonly CheckKind[] = ['pass', 'detect', 'constraint', 'tool', 'judge', 'other', 'env'];

/** pass first, then detections in the task's fault order, constraints, tool contracts, env last. */
export function orderChecks(checks: Iterable<string>, faults: readonly { id: string }[]): string[] {
  const faultRank = (check: string): number => {
    const i = faults.findIndex((f) => `detect:${f.id}` === check);
    return i === -1 ? faults.length : i;
  };
  return [...checks].sort(
    (a, b) => KIND_ORDER.indexOf(checkKind(a)) - KIND_ORDER.indexOf(checkKind(b)) || faultRank(a) - faultRank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

function executed(trial: ComparedTrial): boolean {
  return trial.outcome === 'pass' || trial.outcome === 'fail';
}

/**
 * Successes over the executed trials that carry each check; `env` over the trials that started
 * (executed or env error). Unexecuted trials count nowhere but in their own denominator.
 */
export function tallyChecks(trials: readonly ComparedTrial[], into = new Map<string, Count>()): Map<string, Count> {
  const add = (check: string, ok: boolean): void => {
    let t = into.get(check);
    if (!t) into.set(check, (t = { successes: 0, n: 0 }));
    t.n += 1;
    if (ok) t.successes += 1;
  };
  for (const trial of trials) {
    if (trial.outcome === 'unexecuted') continue;
    add(ENV_CHECK, executed(trial));
    if (!executed(trial)) continue;
    for (const check in trial.checks) if (check !== ENV_CHECK) add(check, trial.checks[check]!);
  }
  return into;
}

export function envRule(trial: Pick<ComparedTrial, 'env_error'>): string {
  return trial.env_error ?? 'env error without a recorded rule';
}

/** Where each head trial belongs: the first look whose size covers its trial number. */
export function lookOf(trial: number, looks: readonly number[]): number {
  const i = looks.findIndex((n) => trial <= n);
  return i === -1 ? looks.length : i;
}

/** Per check, successes over executed trials up to each look (cumulative), as tallyChecks counts them. */
export function tallyLooks(trials: readonly ComparedTrial[], looks: readonly number[]): Map<string, Count[]> {
  const out = new Map<string, Count[]>();
  const add = (check: string, look: number, ok: boolean): void => {
    let counts = out.get(check);
    if (!counts) out.set(check, (counts = looks.map(() => ({ successes: 0, n: 0 }))));
    for (let i = look; i < looks.length; i++) {
      counts[i]!.n += 1;
      if (ok) counts[i]!.successes += 1;
    }
  };
  for (const trial of trials) {
    if (trial.outcome === 'unexecuted') continue;
    const look = lookOf(trial.trial, looks);
    if (look >= looks.length) continue;
    add(ENV_CHECK, look, executed(trial));
    if (!executed(trial)) continue;
    for (const check in trial.checks) if (check !== ENV_CHECK) add(check, look, trial.checks[check]!);
  }
  return out;
}
