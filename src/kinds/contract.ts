// The task-kind contract: what the trial runner asks of a kind (`http-cases`, `command`, `tools`, …) and
// what it offers in return. The runner owns the trial: its directory, the agent's sandbox and budget, the
// integrity checks around every agent run, the verdict and the evidence. A kind decides only how the
// agent is run for its task and how the result is accepted. Kinds never import the runner.
import type { VariantOutcome } from '../acceptance/accept.ts';
import type { AgentExit } from '../agent/process.ts';
import type { VariantValidationRow } from '../acceptance/validate.ts';
import type { CandidateSnapshot } from '../acceptance/snapshot.ts';
import type { Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import type { ServiceLender } from '../service/pool.ts';
import type { ReplayableUse, ResetProof } from '../service/reset-proof.ts';
import type { AcceptanceSpec } from '../schemas/acceptance.ts';
import type { Usage } from '../schemas/results.ts';
import type { Scrubber } from '../util/scrub.ts';

/** A task as a kind sees it. */
export interface KindTask {
  id: string;
  acceptance: AcceptanceSpec;
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
  /** The agent's candidate directory for this run, below candidate/ (default candidate/). */
  candidateSubdir?: string;
  /** Where this run's evidence goes, below evidence/ (default evidence/). */
  evidenceSubdir?: string;
  /** Host directories the agent may read during this run (a goal channel). */
  readable?: string[];
  /** Values this run must never write (a tool token). */
  secrets?: string[];
}

/** The runner's side of the contract, one per trial. */
export interface TrialHandle {
  readonly task: KindTask;
  readonly trial: number;
  readonly seed: number;
  readonly trialDir: string;
  readonly sandbox: Sandbox;
  /** Where acceptance gets each variant's service: the run's pool, for this trial's concurrency slot. */
  readonly services: ServiceLender;
  readonly scrubber: Scrubber;
  /** Run the agent once, sandboxed, under the trial's budget; integrity is checked around it. */
  runAgent(request?: AgentRequest): Promise<AgentRun>;
  /** The candidate (or one subdirectory of it), read once and safely: acceptance reads only this. */
  readCandidate(subdir?: string): Promise<CandidateSnapshot>;
  /** Write one evidence file below evidence/ (scrubbed, never through a planted link). */
  writeEvidence(relPath: string, data: string | Buffer): Promise<string>;
  /** The fixture's acceptance copy is unchanged since the run started, or a run-level integrity error is thrown. */
  verifyAcceptanceCopy(): Promise<void>;
}

/** The judged boundaries of a tool-using task. */
export interface ToolContractFacts {
  /** Failures of the task itself: the run without injected faults. */
  finalState: string[];
  /** What went wrong at each boundary, prefixed with its id. */
  toolContract: string[];
  constraints: { 'claims-backed': string[]; scope: string[] };
  /** Boundary → handled safely: the check `tool:<boundary>`. */
  boundaries: Record<string, boolean>;
  /** Tool calls over every boundary run, and one line per run. */
  steps?: number;
  notes?: string[];
}

/** What a kind found; the runner adds integrity, budget and the agent's exit, and writes the verdict. */
export interface KindResult {
  /** Every agent run of the trial (one, or one per boundary). */
  agentRuns: AgentRun[];
  /** The candidate was malformed (format layer): one line per problem, naming the file and field. */
  formatProblems: string[];
  /** Links, special files, shared inodes in the candidate (constraint layer). */
  unsafeCandidate: string[];
  /** One per variant run through acceptance; empty when nothing could run. */
  variants: VariantOutcome[];
  unreachedTargets: string[];
  candidateSha256?: string;
  tools?: ToolContractFacts;
  /** Whether "all tests passed" in the agent's output counts as an (unbacked) claim. */
  judgeClaimsInLog: boolean;
  /** The environment failed (a service or proxy): the trial says nothing about the agent. */
  envError?: { message: string; rule: string };
}

export interface BoundaryValidationRow {
  /** `full skill` or `without ## <heading>`. */
  skill: string;
  variant: string;
  expected: 'accepted' | 'rejected';
  actual: 'accepted' | 'rejected' | 'env error';
  failed: string[];
  findings: string[];
  evidence: string;
}

export type Validation =
  | { shape: 'variants'; fixture: Fixture; candidateDir: string; rows: VariantValidationRow[]; problems: string[]; formatOnly: boolean; resetProof?: ResetProof }
  | { shape: 'boundaries'; fixture: Fixture; skillPath: string; rows: BoundaryValidationRow[]; problems: string[] };

export interface ValidateOptions {
  fixture: Fixture;
  acceptance: AcceptanceSpec;
  sandbox: Sandbox;
  outDir: string;
  /** A candidate to validate instead of the fixture's reference answers. */
  candidateDir?: string;
  scrubber: Scrubber;
  /** Where acceptance gets each variant's service (default: a fresh one per use). */
  services?: ServiceLender;
}

export interface TaskKind {
  readonly name: AcceptanceSpec['kind'];
  /** What defines the measurement besides the fixture: a change makes base and head incomparable. */
  acceptorVersion(acceptance: AcceptanceSpec): string;
  /** The faults whose detection a task's summary counts (a tools task's boundaries are checks instead). */
  countsDetections: boolean;
  /** Checks of the fixture for this kind when the trial set is read; throws a UserInputError naming the field. */
  checkFixture(fixture: Fixture, acceptance: AcceptanceSpec): void;
  run(trial: TrialHandle): Promise<KindResult>;
  validate(options: ValidateOptions): Promise<Validation>;
  /**
   * The acceptance of the candidate in `candidateDir` (default: the reference answers) as one use of a
   * variant's service that the runner can replay exactly, to prove the service's reset
   * (service/reset-proof.ts); or why it cannot (the candidate fails its checks). Absent for a kind whose
   * acceptor makes requests the runner does not see: its services always start fresh.
   */
  replayableUse?(fixture: Fixture, acceptance: AcceptanceSpec, candidateDir?: string): Promise<ReplayableUse | string>;
}
