// The task-kind contract: what the trial runner asks of a kind (`http-cases`, `command`,
// `reservation-tools`, `code`, …) and what it offers in return. The runner owns the trial: its directory,
// the agent's sandbox and budget, the integrity checks around every agent run, the verdict and the
// evidence. A kind decides only how the agent is run for its task and how the result is accepted, and says
// what it found in one shape: named checks, each in the layer its failure belongs to. Callers hold a kind
// bound to its task's settings (registry.ts) and read what it can do from `capabilities`, never its name.
// Kinds never import the runner.
import type { AgentExit } from '../agent/process.ts';
import type { VariantValidationRow } from '../acceptance/validate.ts';
import type { CandidateSnapshot } from '../acceptance/snapshot.ts';
import type { Fixture } from '../fixture/load.ts';
import type { Forward, Sandbox } from '../isolation/sandbox.ts';
import type { MachinePace } from '../service/pace.ts';
import type { ServiceLender } from '../service/pool.ts';
import type { ReplayableUse, ResetProof } from '../service/reset-proof.ts';
import type { AcceptanceSpec } from '../schemas/acceptance.ts';
import type { Judgement } from '../schemas/judgement.ts';
import type { Usage } from '../schemas/results.ts';
import type { Scrubber } from '../util/scrub.ts';

export type KindName = AcceptanceSpec['kind'];
/** A kind's own settings: its member of the `acceptance` union. */
export type SettingsOf<K extends KindName> = Extract<AcceptanceSpec, { kind: K }>;

/** What a kind can do, as data: the runner, the trial set and repairs read these, never the kind's name. */
export interface KindCapabilities {
  /** The task's faults are defect variants, and the summary counts their detection. */
  countsDetections: boolean;
  /** A trial's candidate can be repaired by hand and accepted again (`trialgate repair`). */
  repairable: boolean;
}

/** A task as a kind sees it. */
export interface KindTask {
  id: string;
  /** The acceptance copy, made before any agent ran and verified before every use. */
  fixture: Fixture;
  /** The faults to run (id → label), in order. */
  faults: Record<string, string>;
}

/** One run of the agent, as the runner reports it. */
export interface AgentRun extends AgentExit {
  /** What it reported in evidence/usage.json, if anything valid. */
  usage?: Usage;
}

export interface AgentRequest {
  /** Variables for this run besides the trial's (a tools task's proxy address and token). */
  env?: Record<string, string>;
  /** Where this run's evidence goes, below evidence/ (default evidence/). */
  evidenceSubdir?: string;
  /** Host directories the agent may read during this run (a goal channel). */
  readable?: string[];
  /** Values this run must never write (a tool token). */
  secrets?: string[];
  /** A listener the runner holds for this run only (a tool proxy), forwarded into the agent's sandbox. */
  forward?: Forward;
}

/** The runner's side of the contract, one per trial. */
export interface TrialHandle {
  readonly task: KindTask;
  readonly trial: number;
  readonly seed: number;
  readonly trialDir: string;
  readonly sandbox: Sandbox;
  /** Where acceptance gets each variant's service: the run's one pool, shared by all its trials. */
  readonly services: ServiceLender;
  /** This machine's pace for the task's machinery, as the run's preflight measured it: acceptance limits scale with it. */
  readonly pace: MachinePace;
  readonly scrubber: Scrubber;
  /** Run the agent once, sandboxed, under the trial's budget, on candidate/; integrity is checked around it. */
  runAgent(request?: AgentRequest): Promise<AgentRun>;
  /** The candidate (or one subdirectory of it), read once and safely: acceptance reads only this. */
  readCandidate(subdir?: string): Promise<CandidateSnapshot>;
  /** Write one evidence file below evidence/ (scrubbed, never through a planted link). */
  writeEvidence(relPath: string, data: string | Buffer): Promise<string>;
  /** The fixture's acceptance copy is unchanged since the run started, or a run-level integrity error is thrown. */
  verifyAcceptanceCopy(): Promise<void>;
}

/** The verdict's layers a kind's findings fall in (results.json `layers`). */
export type KindLayer = 'final_state' | 'constraints' | 'tool_contract';

/**
 * One named check a kind decided: `baseline`, `detect:<fault>`, `tool:<boundary>`, `reproduction`,
 * `test:<group>`, `constraint:scope`, …, the key TrialResult.checks records and comparisons gate on.
 */
export interface KindCheck {
  key: string;
  ok: boolean;
  /** Where its failure shows: a failed check fails its layer, and the trial. */
  layer: KindLayer;
  /** Why it failed, one line each, naming what failed (empty when it passed). */
  failures: string[];
}

/** What a kind found; the runner adds integrity, budget, claims and the agent's exit, and writes the verdict. */
export interface KindResult {
  /** Every agent run of the trial (one, or one per boundary). */
  agentRuns: AgentRun[];
  candidateSha256?: string;
  /** The candidate was malformed (the `format` check, final state): one line per problem, naming the file and field. */
  formatProblems: string[];
  /** Links, special files, shared inodes in the candidate (constraint layer). */
  unsafeCandidate: string[];
  /**
   * Every check the task has, also when nothing could be accepted (then failed): a check present in one
   * trial and absent in another would change what a comparison counts.
   */
  checks: KindCheck[];
  /** Failures of a layer that no check carries (target branches never reached). */
  failures?: Partial<Record<KindLayer, string[]>>;
  /** One per acceptance report judged, in results.json. */
  judgements: Judgement[];
  /** Whether "all tests passed" in the agent's output counts as an (unbacked) claim. */
  judgeClaimsInLog: boolean;
  /** The environment failed (a service or proxy): the trial says nothing about the agent. */
  envError?: { message: string; rule: string };
  /** Tool calls over every run (the trajectory's steps). */
  steps?: number;
  /** Trajectory notes: one line per agent run, what was built or started. */
  notes?: string[];
}

/** A validation that runs an acceptor against the fixture's variants (the reference answers, or a given candidate). */
export interface VariantsValidation {
  shape: 'variants';
  fixture: Fixture;
  candidateDir: string;
  rows: VariantValidationRow[];
  problems: string[];
  formatOnly: boolean;
  resetProof?: ResetProof;
}

/** One run a validation expected to be accepted or rejected: a skill at a boundary, a solution. */
export interface RunValidationRow {
  /** What ran: `full skill`, `without ## <heading>`, a solution's name. */
  subject: string;
  /** Where or how: a boundary, what the solution is. */
  variant: string;
  expected: 'accepted' | 'rejected';
  actual: 'accepted' | 'rejected' | 'env error';
  /** The checks it failed. */
  failed: string[];
  /** Why, one line each. */
  findings: string[];
  evidence: string;
}

/** A validation of runs that must each be accepted or rejected (tools: skills × boundaries; code: solutions). */
export interface RunsValidation {
  shape: 'runs';
  fixture: Fixture;
  /** One line: what was run, e.g. the reference agent and its skill, or the solutions; ends with `subjectPath`. */
  subject: string;
  subjectPath: string;
  /** The headers of `subject` and `variant`. */
  columns: [string, string];
  rows: RunValidationRow[];
  problems: string[];
  /** The line shown when there is no problem: what the rows proved. */
  proved: string;
  /** What holds and what does not, shown whatever the rows proved (tests not counted; what cannot hold in-process). */
  notes?: string[];
  /** What is on trial: the acceptor (proved on the fixture's own runs), or a candidate given to it (`--candidate`). */
  judged: 'acceptor' | 'candidate';
}

export type Validation = VariantsValidation | RunsValidation;

export interface ValidateOptions {
  fixture: Fixture;
  sandbox: Sandbox;
  outDir: string;
  /** A candidate to validate instead of the fixture's reference answers. */
  candidateDir?: string;
  scrubber: Scrubber;
  /** Where acceptance gets each variant's service (default: a fresh one per use). */
  services?: ServiceLender;
  /** The faults to accept against, besides the correct service: a task's selection (default: every fault of the fixture). */
  faults?: readonly string[];
}

/** What the acceptor preflight is given: the task's acceptance copy, before any trial of the run. */
export interface AcceptorCheckOptions {
  fixture: Fixture;
  sandbox: Sandbox;
  /** Where the preflight notes how long this machine took (the service's start), for the limits of the run's trials. */
  pace?: MachinePace;
  /** Writes the preflight's report (scrubbed) and returns its path. */
  writeReport(fault: string, text: string): Promise<string>;
}

/**
 * Whether the task's acceptor passes the reference answers on the correct service; if not, why and the fix,
 * and whether it was trialgate's machinery that failed (twice) rather than the acceptor: not a setup mistake.
 */
export type AcceptorCheck = ({ ok: true } | { ok: false; error: string; fix: string; machinery?: boolean }) & {
  /** What the kind keeps of a passed check for the task's trials, given again to another acceptance copy of the same fixture (a gate's later round). */
  restore?: (copy: Fixture) => void;
};

/**
 * Who wrote an evidence file, as the model judge is told: `harness`, what the runner recorded itself;
 * `harness-quoting`, what it recorded of the candidate's own requests or calls (the names and values in
 * it are the candidate's); `candidate-code`, what the candidate's code wrote while the runner ran it (a
 * command acceptor's report); `agent`, what the agent wrote. Only `harness` is a fact of the run.
 */
export type EvidenceAuthor = 'harness' | 'harness-quoting' | 'candidate-code' | 'agent';

/** A kind, over its own settings `S`: every method gets them typed, so no kind casts. */
export interface TaskKind<S extends AcceptanceSpec = AcceptanceSpec> {
  readonly name: S['kind'];
  readonly capabilities: KindCapabilities;
  /**
   * Who wrote the evidence file at `path` (below evidence/) that this kind's trials hold; undefined for
   * a file the kind does not write. The runner's own files (agent.log, usage.json, verdict.json…) are
   * known without asking, and a file nobody claims counts as the agent's.
   */
  evidenceAuthor?(path: string): EvidenceAuthor | undefined;
  /** What defines the measurement besides the fixture: a change makes base and head incomparable. */
  acceptorVersion(settings: S): string;
  /** Variables the acceptor takes from the runner's environment: the run scrubs their values. */
  passEnv(settings: S): readonly string[];
  /** Checks of the fixture for this kind when the trial set is read; throws a UserInputError naming the field. */
  checkFixture(fixture: Fixture, settings: S): void;
  /** What a reader sees for the kind's own checks that no generic label covers (check key → label). */
  checkLabels(fixture: Fixture, settings: S): Record<string, string>;
  /**
   * The acceptor preflight, once per task before the first trial of a run: the acceptor on the reference
   * answers against the correct service. Not ok makes every trial of the task an environment error (its
   * agent never runs). Absent for a kind whose acceptor is trialgate's own.
   */
  checkAcceptor?(options: AcceptorCheckOptions, settings: S): Promise<AcceptorCheck>;
  run(trial: TrialHandle, settings: S): Promise<KindResult>;
  validate(options: ValidateOptions, settings: S): Promise<Validation>;
  /**
   * The acceptance of the candidate in `candidateDir` (default: the reference answers) as one use of a
   * variant's service that the runner can replay exactly, to prove the service's reset
   * (service/reset-proof.ts); or why it cannot (the candidate fails its checks). Absent for a kind whose
   * acceptor makes requests the runner does not see: its services always start fresh.
   */
  replayableUse?(fixture: Fixture, settings: S, candidateDir?: string): Promise<ReplayableUse | string>;
}

/** A kind with its task's settings bound: what the trial set, the runner, validate and repairs hold. */
export interface BoundKind {
  readonly name: KindName;
  readonly capabilities: KindCapabilities;
  readonly settings: AcceptanceSpec;
  evidenceAuthor?: (path: string) => EvidenceAuthor | undefined;
  readonly acceptorVersion: string;
  readonly passEnv: readonly string[];
  checkFixture(fixture: Fixture): void;
  checkLabels(fixture: Fixture): Record<string, string>;
  checkAcceptor?: (options: AcceptorCheckOptions) => Promise<AcceptorCheck>;
  run(trial: TrialHandle): Promise<KindResult>;
  validate(options: ValidateOptions): Promise<Validation>;
  replayableUse?: (fixture: Fixture, candidateDir?: string) => Promise<ReplayableUse | string>;
}
