// The gate of a pull request, one function for every front end (docs/comparison.md, docs/other-ci.md): read
// the base runs first (a base that cannot be read is named before the head costs anything), hold the pull
// request's measurement against theirs, say what the policy can reach, run the head's first round and the
// confirmation rounds its plan asks for, judge base against head pairwise, compare, and decide the verdict and
// the exit status. The GitHub Action (src/action/) and `trialgate gate` (src/cli/gate.ts) implement the ports
// below: where trials run, where the base runs come from, where a maintainer's approval is read; both then
// publish what this returns, so the same inputs give the same verdict, exit status and messages.
import { compareFolded, type CompareOptions, type GateContext } from '../compare/compare.ts';
import { nextRound, type ConfirmationRound } from '../compare/confirm.ts';
import type { BaseRun } from '../compare/base-runs.ts';
import { BaseFold, pairBase } from '../compare/fold.ts';
import { defaultAlpha, policyReach } from '../compare/policies.ts';
import { newFailures } from '../failures/archive.ts';
import { newFailureNotes } from '../report/failures.ts';
import { appendStored, writeStored, type StoredRun } from '../results/stored-run.ts';
import type { Comparison, MeasurementChange, Policy } from '../schemas/comparison.ts';
import type { Pairwise } from '../schemas/judge.ts';
import type { RunDigest } from '../schemas/results.ts';
import { measurementChanges, measurementOf, type Measurement } from '../trial/measurement.ts';
import type { TrialSet } from '../trial/trialset.ts';
import { plural } from '../util/counted.ts';
import type { Scrubber } from '../util/scrub.ts';
import { underOneRuler } from './base-ruler.ts';
import { unaffectedTasks, type ChangeScope } from './scope.ts';
import {
  baseRoundLine,
  judgeBaseAgainstHead,
  roundLine,
  runBaseRound,
  runConfirmationRound,
  savePairedBase,
  storedRecord,
  type TrialRunner,
} from './trials.ts';
import { decideGate, noBaselineNote, type Gate, type GatePolicy } from './verdict.ts';

export type { BaseRun, StoredRun };

/** The base runs a front end found for a pull request, by its rules, and what a reader should know of them. */
export interface FoundBases {
  /** Newest first (the run of the base commit first when it is there), at most the runs pooled. */
  bases: BaseRun[];
  notes: string[];
  /** Runs of this trial set that were read but cannot serve (mostly environment errors, nothing executed, integrity). */
  unusable?: BaseRun[];
  /** Runs the branch recorded that could not be had (expired, corrupt, unreadable), each with why. */
  unavailable?: string[];
  /**
   * Base runs refused only because they hold another trial set. When no run of this trial set exists, one of
   * them stands in the comparison, which then says the trial set was renamed (incomparable, undecided):
   * a pull request that renames its trial set must not pass as if there were no baseline.
   */
  otherNamed?: BaseRun[];
  /** Where the front end looked, for the no-baseline note (a directory, a branch). */
  where?: string | null;
}

/** Where the gate's trials run and its base runs come from: what a front end implements. */
export interface GatePorts {
  /** Trials of the trial set with these options (the front end adds its run facts and progress). */
  run: TrialRunner;
  /**
   * Trials of the base commit's own trial set, from a checkout of it: a task the recorded base runs cannot
   * decide is rerun on the base beside the head, in the same job (paired rounds). Absent: recorded runs only.
   */
  runBase?: TrialRunner;
  /** The base runs, chosen by the front end's rules. */
  baseRuns(): Promise<FoundBases>;
  /** Who approved a change of the measurement, from where the pull request's author cannot give it (a label, a protected variable); null: nobody. */
  approval(): Promise<string | null>;
  /** A line a user should see as the gate goes (a round starting, what the policy can reach). */
  say(line: string): void;
  /** A line that warns (the policy cannot flag anything here): the action's warning annotation, the CLI's stderr. */
  warn(line: string): void;
}

export interface GateSettings extends GatePolicy {
  policy?: Policy;
  alpha?: number;
  /** Most extra trials per task of the confirmation; null: the default; 0: none. */
  confirmTrials: number | null;
  /** Most agent trials the pull request may launch in all (its head); past it a task that needs more is undecided. */
  maxTrials?: number | null;
}

export interface GateRequest {
  /** The trial set, loaded once by the front end. */
  set: TrialSet;
  runDir: string;
  /** Which tasks the change reruns (gate/scope.ts); null: every task. */
  scope: ChangeScope | null;
  /** The files the pull request changes, as far as the front end knows them; null: unknown. */
  changedFiles: readonly string[] | null;
  /** The files that run the gate (the workflow and the local workflows and actions it calls, the CI configuration), relative to the repository: a change to one changes the gate's own settings. */
  gateFiles: readonly string[];
  /** An isolation the front end sets over the trial set's (the CLI's --isolation): part of the measurement. */
  isolation?: string;
  /** Trials per task the front end sets over the trial set's (the trials input, --trials). */
  trials?: number;
  /** The head's first round when it already ran (the shards of a sharded run, merged, its results.json written in runDir); else the gate runs it. */
  firstRound?: StoredRun;
  settings: GateSettings;
  scrubber: Scrubber;
}

export interface GateOutcome {
  /** The head, every round appended: its digests, its trials read from the run's results.json as asked. */
  head: StoredRun;
  comparison: Comparison;
  bases: BaseRun[];
  /** Lines for the comment under the verdict: where the baseline came from, new failures. */
  notes: string[];
  rounds: ConfirmationRound[];
  /** The base commit's trials the confirmation rounds ran beside the head's (paired), every round appended; null: none ran. */
  pairedBase: RunDigest | null;
  gate: Gate;
}

/** The loop of a gate, where its trials come from left to the caller: what gatePullRequest and the simulations share. */
export interface RoundPorts {
  /** The head's first round: every task k times. */
  firstRound(): Promise<StoredRun>;
  /** The base runs, already chosen. */
  baseRuns(): Promise<FoundBases>;
  /** One confirmation round: the trials it names, numbered as planned. */
  confirmationRound(round: ConfirmationRound, head: RunDigest): Promise<StoredRun>;
  /**
   * A base runner: the base commit's trials of round.tasks, round.baseTrials each, numbered from
   * round.baseFirstTrial + 1, run beside the head's round (same machine, same time). With it the plans run
   * fresh base trials in the confirmation rounds (paired); without it they are the head-only plans.
   */
  baseRound?(round: ConfirmationRound): Promise<StoredRun>;
  /**
   * The head after its confirmation rounds, to be written back to the run directory (each round's trials
   * streamed from its own file); returns the head as read from what was written. void: kept as it is.
   */
  saveHead(head: StoredRun): Promise<StoredRun | void>;
  /** The base commit's trials of the paired rounds, all of them, to be kept with the run. */
  savePairedBase?(paired: StoredRun): Promise<void>;
  /** What the comparison is told besides the results: changes of the measurement, approval, base runs that could not be had. */
  context?(head: RunDigest, found: FoundBases): Promise<GateContext>;
  /** Base against head by the model judge, when the trial set asks for it. */
  pairwise?(head: RunDigest, bases: readonly BaseRun[]): Promise<Pairwise | undefined>;
}

/** The head's first round, the confirmation rounds its plan asks for, the comparison and the verdict. */
export async function runGate(ports: RoundPorts, settings: GateSettings): Promise<GateOutcome> {
  const found = await ports.baseRuns();
  const first = await ports.firstRound();
  const options: CompareOptions = {
    ...(settings.policy ? { policy: settings.policy } : {}),
    ...(settings.alpha === undefined ? {} : { alpha: settings.alpha }),
    ...(settings.confirmTrials === null ? {} : { confirmTrials: settings.confirmTrials }),
    ...(settings.maxTrials ? { maxTrials: settings.maxTrials } : {}),
    ...(ports.baseRound ? { pairedBase: true } : {}),
  };
  const usable = found.bases;
  // A branch whose runs all cannot serve is compared with them anyway, so the comparison says why (undecided, never "no baseline").
  const compareWith = usable.length ? usable : found.unusable?.length ? found.unusable : (found.otherNamed ?? []).slice(0, 1);
  // Every round is held as digests; a round's whole trials stay in its own results.json until written or asked for.
  let paired: StoredRun | null = null;
  const fold = (head: RunDigest) => {
    const f = new BaseFold(head);
    compareWith.forEach((b, i) => f.add(b.results, `base run ${i + 1}`));
    if (paired) pairBase(f, paired.run, head);
    return f;
  };
  let head = first;
  const rounds: ConfirmationRound[] = [];
  const folded = fold(head.run);
  for (let round = nextRound(folded, head.run, options); round; round = nextRound(folded, head.run, options)) {
    const base = round.baseTrials > 0 && ports.baseRound ? ports.baseRound(round) : null;
    const [headRound, baseRound] = await Promise.all([ports.confirmationRound(round, head.run), base]);
    head = appendStored(head, headRound);
    if (baseRound) {
      paired = paired ? appendStored(paired, baseRound) : baseRound;
      pairBase(folded, paired.run, head.run);
    }
    rounds.push(round);
  }
  if (rounds.length) head = (await ports.saveHead(head)) ?? head;
  if (paired) await ports.savePairedBase?.(paired);
  const context = { ...(found.unavailable ? { unavailableBases: found.unavailable } : {}), ...(await ports.context?.(head.run, found)) };
  const notes = [
    ...found.notes,
    ...(usable.length || found.unusable?.length || found.unavailable?.length || found.otherNamed?.length
      ? []
      : [noBaselineNote(found.where ?? null, settings.failWithoutBaseline)]),
    ...(usable.length
      ? newFailureNotes(
          newFailures(
            usable.map((b) => b.results),
            head,
          ),
        )
      : []),
  ];
  const pairwise = ports.pairwise && usable.length ? await ports.pairwise(head.run, usable) : undefined;
  const compared = compareFolded(fold(head.run), head.run, options, context);
  const comparison = {
    ...compared,
    ...(paired && compared.spend ? { spend: withBaseSpend(compared.spend, paired.run) } : {}),
    ...(pairwise ? { pairwise } : {}),
  };
  const approved = comparison.measurement?.approved_by;
  if (approved) notes.push(`The change to the measurement was approved: ${approved}.`);
  return { head, comparison, bases: usable, notes, rounds, pairedBase: paired?.run ?? null, gate: decideGate(comparison, head.run, settings) };
}

/** The spend with the base commit's tokens and cost of the paired rounds added (what was reported; null: none). */
function withBaseSpend(spend: NonNullable<Comparison['spend']>, paired: RunDigest): NonNullable<Comparison['spend']> {
  const add = (sum: number | null, more: number | undefined) => (more === undefined ? sum : (sum ?? 0) + more);
  return paired.tasks.reduce((s, t) => ({ ...s, tokens: add(s.tokens, t.summary.tokens), cost_usd: add(s.cost_usd, t.summary.cost_usd) }), spend);
}

/** A pull request's gate: the loop of runGate with the trial set's own trials, its ruler held against the base's. */
export async function gatePullRequest(ports: GatePorts, request: GateRequest): Promise<GateOutcome> {
  const { set, settings } = request;
  const unaffected = request.scope ? unaffectedTasks(request.scope) : new Map<string, string>();
  return runGate(
    {
      // The base runs are read before any trial runs: a base that cannot be read is named before the head costs anything.
      baseRuns: async () => {
        const read = await ports.baseRuns();
        const pooled = underOneRuler(read.bases);
        const found = { ...read, bases: pooled.bases, notes: [...read.notes, ...pooled.notes] };
        if (unaffected.size) ports.say(`not rerun (unaffected by the change): ${[...unaffected.keys()].join(', ')}`);
        sayWhatThePolicyCanReach(ports, request.trials ?? set.config.trials, set, found.bases.length, settings);
        return found;
      },
      firstRound: async () =>
        request.firstRound ??
        storedRecord(
          await ports.run({
            outDir: request.runDir,
            ...(unaffected.size ? { unaffected } : {}),
            // The cap holds from the first trial: a first round past it is refused, never run.
            ...(settings.maxTrials ? { maxTrials: { cap: settings.maxTrials, where: 'the gate’s cap (max-trials, --max-trials)' } } : {}),
          }),
        ),
      confirmationRound: (round, head) => {
        ports.say(roundLine(round));
        return runConfirmationRound(ports.run, request.runDir, head, round);
      },
      ...(ports.runBase
        ? {
            baseRound: pairedBaseRound(ports, ports.runBase, request.runDir),
            savePairedBase: (paired: StoredRun) => savePairedBase(request.runDir, paired, request.scrubber),
          }
        : {}),
      saveHead: (head) => writeStored(request.runDir, head, request.scrubber),
      context: async (head, found) => {
        const changes = await rulerChanges(request, found.bases, head);
        // Asked whatever changes are found here: the comparison finds more (a task removed or changed).
        const approvedBy = await ports.approval();
        // Where the approval is read from (the approval-label input, the CI file's --approved-by) is set in the
        // files that run the gate: changed by the pull request, the approval is its own word.
        const through = request.gateFiles.filter((f) => request.changedFiles?.includes(f));
        if (!approvedBy || !through.length) return { changes, approvedBy };
        const approval = {
          what: 'the approval',
          base: 'read where the pull request’s author cannot give it',
          head: `${approvedBy}, read through ${through.join(', ')}, which this pull request changes: not counted (a maintainer merges it past the check)`,
        };
        return { changes: [...changes, approval], approvedBy: null };
      },
      ...(set.config.judge
        ? { pairwise: (head: RunDigest, bases: readonly BaseRun[]) => judgeBaseAgainstHead(set, request.runDir, head, bases, request.scrubber) }
        : {}),
    },
    settings,
  );
}

/** A paired round's base trials, said as they start. */
function pairedBaseRound(ports: GatePorts, runBase: TrialRunner, runDir: string): (round: ConfirmationRound) => Promise<StoredRun> {
  return (round) => {
    ports.say(baseRoundLine(round));
    return runBaseRound(runBase, runDir, round);
  };
}

/** A base run's record of its ruler that lacks a field (or the whole record): made by a trialgate older than it. */
const NOT_RECORDED = 'not recorded by the newest base run (made by an older trialgate)';

/**
 * The fields of the pull request's record the newest base run did not record (measurementChanges compares only
 * the fields both hold): its value then is unknown, so the pull request's may differ unseen (log_cap_bytes cut to
 * 1 byte against a base run older than its record). A task the base run did not hold is a new task, not a change.
 */
function unrecorded(base: Measurement, head: Measurement, set: TrialSet, baseTasks: readonly { id: string }[]): string[] {
  const held = new Set(baseTasks.map((task) => task.id));
  // A task id may hold dots: the longest id the field starts with names it.
  const ids = set.tasks.map((task) => task.spec.id).sort((a, b) => b.length - a.length);
  return Object.keys(head).filter((field) => {
    if (field in base) return false;
    if (!field.startsWith('tasks.')) return true;
    const id = ids.find((candidate) => field.startsWith(`tasks.${candidate}.`));
    return id === undefined || held.has(id);
  });
}

/**
 * What the pull request changes of its measurement beyond its tasks (compare.ts finds those): the trial
 * set's settings against the newest base run's record of them, the isolation its trials actually ran with,
 * the files that run the gate itself, and the changed files that measure without a hash (a fixture's
 * readable directories, the judge's program).
 */
async function rulerChanges(request: GateRequest, bases: readonly BaseRun[], head: RunDigest): Promise<MeasurementChange[]> {
  // A changed file that runs the gate counts with no baseline too: it sets where the baseline is looked for.
  const gate = request.gateFiles
    .filter((gateFile) => request.changedFiles?.includes(gateFile))
    .map((gateFile) => ({
      what: `${gateFile} (the file that runs the gate: its settings)`,
      base: 'as on the base branch',
      head: 'changed by this pull request',
    }));
  const base = bases[0]?.results;
  if (!base) return gate;
  const changes: MeasurementChange[] = [];
  if (base.measurement) {
    const measured = await measurementOf(request.set, request.isolation ? { isolation: request.isolation } : {});
    changes.push(...measurementChanges(base.measurement, measured).map((c) => ({ ...c, what: `trial set: ${c.what}` })));
    changes.push(
      ...unrecorded(base.measurement, measured, request.set, base.tasks).map((what) => ({
        what: `trial set: ${what}`,
        base: NOT_RECORDED,
        head: measured[what]!,
      })),
    );
  } else changes.push({ what: 'trial set: its settings', base: NOT_RECORDED, head: 'as this pull request has them' });
  // Either way: a base run unisolated (a runner that could not make a sandbox) measured agents that could read
  // the fixture and acceptors that saw the host, which an isolated pull request is not held to either.
  const [was, is] = [base.run.isolation, head.run.isolation];
  const ran = (i: NonNullable<typeof was>) => (i.mechanism === 'none' ? `none (${i.reason ?? 'no reason recorded'})` : i.mechanism);
  if (was && is && was.mechanism !== is.mechanism) changes.push({ what: 'isolation the trials ran with', base: ran(was), head: ran(is) });
  changes.push(...gate);
  if (request.scope?.unlisted)
    changes.push({ what: 'the changed files (any may be one that measures)', base: 'as on the base branch', head: `not all known: ${request.scope.unlisted}` });
  for (const { path, what } of request.scope?.measuring ?? [])
    changes.push({ what: `${path} (${what}: part of what measures, in no hash)`, base: 'as on the base branch', head: 'changed by this pull request' });
  return changes;
}

/**
 * Before any trial runs: a familywise policy that cannot flag even a total loss at this k, number of base
 * runs and confirmation budget is said at once, naming the setting to raise (the comment says it again).
 */
function sayWhatThePolicyCanReach(ports: GatePorts, k: number, set: TrialSet, found: number, settings: GateSettings): void {
  if (settings.policy === 'strict') return;
  // Before the first baseline, what one base run would allow: the warning is worth most before anything is compared.
  const baseRuns = Math.max(1, found);
  const reach = policyReach('familywise', {
    k,
    baseRuns,
    alpha: settings.alpha ?? defaultAlpha(baseRuns),
    budget: settings.confirmTrials,
    tasks: set.tasks.length,
  });
  if (reach.reachable) return;
  const line = `trials: ${k}${k === set.config.trials ? '' : ' (set over the trial set’s)'} with ${plural(baseRuns, 'base run')}: ${reach.note}; until then a drop is undecided, never a pass (or choose policy: strict)`;
  ports.warn(line);
}
