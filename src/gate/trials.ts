// What both front ends of the gate do the same way around the trials: a confirmation round's trials placed
// beside the run's (their own directory, the run's judge cache, numbered as the plan asked), and the
// pairwise judge of the trial set's items on the newest base run's candidates against the head's.
import { join, relative } from 'node:path';
import type { BaseRun } from '../compare/base-runs.ts';
import type { ConfirmationRound } from '../compare/confirm.ts';
import type { Pairwise } from '../schemas/judge.ts';
import type { RunDigest } from '../schemas/results.ts';
import { evidenceOutOf, evidenceUnder, storedAt, writeStored, type StoredRun } from '../results/stored-run.ts';
import { judgePairwise } from '../semantic/pairwise.ts';
import { KeptAcceptorChecks } from '../trial/acceptor-checks.ts';
import { recordTrialSet, type RunOptions, type RunRecord } from '../trial/run-set.ts';
import type { TrialSet } from '../trial/trialset.ts';
import { plural } from '../util/counted.ts';
import type { Scrubber } from '../util/scrub.ts';

/** Runs trials of the trial set with these options (the front end adds its run facts and progress): what recordTrialSet returns. */
export type TrialRunner = (options: Partial<RunOptions>) => Promise<RunRecord>;

/**
 * The trial runner both front ends give the gate: recordTrialSet with the front end's facts (the trial set,
 * the run's facts, progress), each round's options over them, and the acceptor preflights its runs passed.
 * Memory holds the digests it returns.
 */
export function trialRunner(facts: RunOptions): TrialRunner {
  // A round's acceptor preflight is the first round's when that passed (same fixture, acceptor, isolation).
  const keptAcceptorChecks = new KeptAcceptorChecks();
  return (options) => recordTrialSet({ ...facts, keptAcceptorChecks, ...options });
}

/** A run just recorded, as the gate holds it: its digests, its trials read from its results.json when asked. */
export const storedRecord = (record: RunRecord): StoredRun => storedAt(record.resultsPath, record.run);

/** One confirmation round's trials, numbered as the engine planned them, with their evidence beside the run's. */
export async function runConfirmationRound(run: TrialRunner, runDir: string, head: RunDigest, round: ConfirmationRound): Promise<StoredRun> {
  const roundDir = join(runDir, round.name);
  // The round shares the run's judge cache: a prompt the first round asked is not asked again.
  const record = await run({
    outDir: roundDir,
    tasks: round.tasks,
    trials: round.trials,
    firstTrial: round.firstTrial,
    judgeCache: join(runDir, 'judge-cache'),
  });
  const trials = evidenceFrom(runDir, roundDir, storedRecord(record));
  return { ...trials, run: { ...trials.run, run: { ...trials.run.run, k: head.run.k } } };
}

/** A round's trials with their evidence paths relative to the run directory rather than the round's own. */
function evidenceFrom(runDir: string, roundDir: string, trials: StoredRun): StoredRun {
  return evidenceUnder(relative(runDir, roundDir), trials);
}

/** Where a paired round's base trials go in the run directory: apart from the head's, named as the round. */
export const BASE_COMMIT_DIR = 'base-commit';

/**
 * A paired round's base trials: the base commit's trials of the round's tasks (its own trial set, from its
 * checkout), numbered after the base trials already run, their evidence under base-commit/ in the run.
 */
export async function runBaseRound(runBase: TrialRunner, runDir: string, round: ConfirmationRound): Promise<StoredRun> {
  const roundDir = join(runDir, BASE_COMMIT_DIR, round.name);
  const record = await runBase({
    outDir: roundDir,
    tasks: round.tasks,
    trials: round.baseTrials,
    firstTrial: round.baseFirstTrial,
    judgeCache: join(runDir, 'judge-cache'),
  });
  return evidenceFrom(runDir, roundDir, storedRecord(record));
}

/** Every paired round's base trials in one results.json of base-commit/, their evidence relative to it, streamed from the rounds' files. */
export async function savePairedBase(runDir: string, paired: StoredRun, scrubber: Scrubber): Promise<void> {
  await writeStored(join(runDir, BASE_COMMIT_DIR), evidenceOutOf(`${BASE_COMMIT_DIR}/`, paired), scrubber);
}

/** The line a paired round's base trials start with. */
export function baseRoundLine(round: ConfirmationRound): string {
  const n = round.tasks.length;
  return `confirm on the base commit: ${plural(round.baseTrials, 'trial')} of ${plural(n, 'task')} beside the head's (to base trial ${round.baseFirstTrial + round.baseTrials}${n === 1 ? '' : ' each'})`;
}

/** One line that says what a round runs and why, as both front ends print it. */
export function roundLine(round: ConfirmationRound): string {
  const n = round.tasks.length;
  const what = `${plural(round.trials, 'more trial')} of ${plural(n, 'task')} (to trial ${round.firstTrial + round.trials}${n === 1 ? '' : ' each'})`;
  return `confirm: ${what}`;
}

/** The items marked pairwise, judged blind in both orders; undefined when the trial set has no judge. */
export async function judgeBaseAgainstHead(
  set: TrialSet,
  runDir: string,
  head: RunDigest,
  bases: readonly BaseRun[],
  scrubber: Scrubber,
): Promise<Pairwise | undefined> {
  const judge = set.config.judge;
  if (!judge) return undefined;
  return judgePairwise({
    judge,
    projectDir: set.dir,
    tasks: set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind })),
    head: { dir: runDir, results: head },
    bases,
    cacheDir: join(runDir, 'judge-cache'),
    scrubber,
  });
}
