// The failure archive as data: runs fold into it, people label causes, and a failure becomes a regression
// case only after three checks (not a duplicate, a clear criterion, a stable environment), and never into
// the holdout set when the prompt under test changed in the same pull request. Pure.
import { FAILURES_SCHEMA, type FailureArchive, type FailureCause, type FailureEntry, type RegressionCase } from '../schemas/failures.ts';
import type { Results, RunDigest, TrialResult } from '../schemas/results.ts';
import { failuresOf, failuresOfRun, type Failure } from './signature.ts';
import { plural } from '../util/counted.ts';

const OCCURRENCES_KEPT = 20;
/** Causes people give; the others the program proves. */
export const LABELS: readonly FailureCause[] = ['retrieval', 'planning', 'runtime', 'tool', 'acceptance', 'format'];

export function emptyArchive(): FailureArchive {
  return { schema: FAILURES_SCHEMA, failures: [], regressions: [], runs: [] };
}

/** Fold runs into the archive; returns it with the signatures it had not seen before. */
export function addRuns(archive: FailureArchive, runs: readonly { results: Results; source: string }[]): { archive: FailureArchive; added: string[] } {
  const failures = new Map(archive.failures.map((f) => [f.signature, { ...f, occurrences: [...f.occurrences] }]));
  const seenRuns = new Map(archive.runs.map((r) => [r.run, r]));
  const added: string[] = [];
  for (const { results, source } of runs) {
    const run = `${results.run.started_at} ${results.run.git_sha ?? ''}`.trim();
    seenRuns.set(run, { run, pr_number: results.run.pr_number ?? null, watched_sha256: results.watched.sha256 });
    for (const failure of failuresOf(results, source)) {
      const entry = failures.get(failure.signature);
      if (!entry) {
        failures.set(failure.signature, newEntry(failure));
        added.push(failure.signature);
        continue;
      }
      const o = failure.occurrence;
      if (entry.occurrences.some((x) => x.run === o.run && x.trial === o.trial)) continue;
      entry.count += 1;
      if (o.started_at < entry.first_seen) entry.first_seen = o.started_at;
      if (o.started_at > entry.last_seen) entry.last_seen = o.started_at;
      entry.occurrences = [...entry.occurrences, o].sort((a, b) => (a.started_at < b.started_at ? -1 : 1)).slice(-OCCURRENCES_KEPT);
    }
  }
  const sorted = [...failures.values()].sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature));
  return { archive: { ...archive, failures: sorted, runs: [...seenRuns.values()] }, added };
}

function newEntry(failure: Failure): FailureEntry {
  return {
    signature: failure.signature,
    task: failure.task,
    check: failure.check,
    criterion: failure.criterion,
    cause: failure.cause,
    cause_by: failure.cause ? 'program' : null,
    count: 1,
    first_seen: failure.occurrence.started_at,
    last_seen: failure.occurrence.started_at,
    occurrences: [failure.occurrence],
  };
}

/** The entry for `signature` (a unique prefix of it will do), or why there is none. */
export function findEntry(archive: FailureArchive, signature: string): FailureEntry | string {
  const matches = archive.failures.filter((f) => f.signature.startsWith(signature));
  if (matches.length === 1) return matches[0]!;
  return matches.length === 0 ? `no failure ${signature} in the archive` : `${signature} is ambiguous: ${matches.map((m) => m.signature).join(', ')}`;
}

/** Label a failure's cause. A cause the program proved is not overwritten unless `force`. */
export function label(archive: FailureArchive, signature: string, cause: FailureCause, force = false): FailureArchive | string {
  const entry = findEntry(archive, signature);
  if (typeof entry === 'string') return entry;
  if (entry.cause_by === 'program' && entry.cause !== cause && !force) {
    return `${entry.signature}: the program proved the cause is ${entry.cause}; pass --force to label it ${cause} anyway`;
  }
  return { ...archive, failures: archive.failures.map((f) => (f === entry ? { ...f, cause, cause_by: 'label' as const } : f)) };
}

export interface Stability {
  runs: number;
  reproduced: number;
  env_errors: number;
}

/** Why `entry` may not become a regression case in `set`; empty when it may. */
export function promotionProblems(archive: FailureArchive, entry: FailureEntry, set: 'dev' | 'holdout', stability: Stability): string[] {
  const problems: string[] = [];
  const duplicate = archive.regressions.find(
    (r) => r.signature === entry.signature || (r.task === entry.task && r.check === entry.check && r.criterion === entry.criterion),
  );
  if (duplicate) problems.push(`a duplicate of regression case ${duplicate.id} (${duplicate.task} · ${duplicate.check} · ${duplicate.criterion})`);
  if (!clearCriterion(entry))
    problems.push(
      `its criterion does not name an assertion, a boundary or a rule (${entry.criterion}): an execution error or an incomplete report is no regression case`,
    );
  const executed = stability.runs - stability.env_errors;
  if (executed < 1) problems.push(`its environment is not stable: all ${stability.runs} re-runs were environment errors`);
  else if (stability.reproduced < executed)
    problems.push(`its environment is not stable: it failed this way in ${stability.reproduced} of ${plural(executed, 'executed re-run')}`);
  if (set === 'holdout') {
    const why = holdoutRefusal(archive, entry);
    if (why) problems.push(why);
  }
  return problems;
}

function clearCriterion(entry: FailureEntry): boolean {
  return !/^(incomplete|unverified|unknown_fault|execution_error_or_skip)\b/.test(entry.criterion) && !/\bexecution error\b/.test(entry.criterion);
}

/**
 * A holdout set compares versions; tuning it to a failure that answers the prompt change of the same
 * pull request would make it a dev set. Refused unless a baseline run (not a PR) showed this failure
 * with the same prompt version.
 */
function holdoutRefusal(archive: FailureArchive, entry: FailureEntry): string | undefined {
  if (entry.occurrences.some((o) => o.pr_number === null)) return undefined;
  const baselineVersions = new Set(archive.runs.filter((r) => r.pr_number === null).map((r) => r.watched_sha256));
  const prVersions = new Set(entry.occurrences.map((o) => o.watched_sha256));
  if ([...prVersions].every((v) => !baselineVersions.has(v))) {
    return 'it was seen only in pull requests that changed the prompt under test: promote it to dev, or to holdout once a baseline run shows it';
  }
  return undefined;
}

export function promote(
  archive: FailureArchive,
  entry: FailureEntry,
  set: 'dev' | 'holdout',
  stability: Stability,
  now: string,
): { archive: FailureArchive; regression: RegressionCase } {
  const n = archive.regressions.reduce((max, r) => Math.max(max, Number(r.id.slice(2)) || 0), 0) + 1;
  const regression: RegressionCase = {
    id: `R-${n}`,
    signature: entry.signature,
    task: entry.task,
    check: entry.check,
    criterion: entry.criterion,
    set,
    promoted_at: now,
    stability,
  };
  return { archive: { ...archive, regressions: [...archive.regressions, regression] }, regression };
}

/**
 * Failures of `head` whose signature no base run shows: what this change newly broke. The head whole, or as
 * the gate holds it: its digests, and its whole trials read as they are asked for.
 */
export function newFailures(bases: readonly Results[], head: Results | { run: RunDigest; trials: (taskId: string) => Iterable<TrialResult> }): Failure[] {
  const known = new Set(bases.flatMap((b) => failuresOf(b, 'base').map((f) => f.signature)));
  const seen = new Set<string>();
  const found = 'tasks' in head ? failuresOf(head, 'head') : failuresOfRun(head.run, head.trials, 'head');
  return found.filter((f) => !known.has(f.signature) && !seen.has(f.signature) && seen.add(f.signature));
}
