// fixture.json: what a task's fixture holds and how the trusted runner drives it. Lives in the
// fixture directory; every file it names as protected is hashed before and after the agent.
import { z } from 'zod';
import { Acceptance } from './acceptance.ts';

export const ServiceSpec = z.strictObject({
  /** argv of the service process, run from the fixture directory; PORT is set to a free port. */
  command: z.array(z.string()).min(1),
  /** The environment variable that selects the variant; it reaches the service process only. */
  faultEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/),
  /** Readiness probe path, answered 200 once the service accepts requests. */
  health: z.string().startsWith('/').default('/health'),
  startTimeoutMs: z.number().int().positive().default(10_000),
  /**
   * The service speaks trialgate's control channel (reset, branch coverage; see docs/fixture.md). Without
   * it, a variant is started fresh for each acceptance run and a detection is any assertion failure on it,
   * shown as not attributed; fault branches and targets need it.
   */
  coverage: z.boolean().default(false),
  /**
   * GET paths whose answers together show the service's whole observable state. With coverage they let
   * trialgate prove that a reset equals a fresh start, and then keep one service per variant for a whole
   * run, reset between uses (docs/fixture.md); without them every use starts the service afresh.
   */
  stateProbe: z.array(z.string().startsWith('/')).default([]),
  /** Service files whose hash, with the fault id, is the variant's hash. */
  files: z.array(z.string()).min(1),
});

export const FaultSpec = z.strictObject({
  label: z.string().min(1),
  /** Business branches where the defect lives (needs coverage): a failed case that reached one is attributed to it. */
  branches: z.array(z.string()).default([]),
});

/** A fixture whose agent acts through tools (acceptance `tools`): its faults are the boundary variants. */
export const ToolsSpec = z.strictObject({
  /** The first goal (schemas/tools.ts Goal), relative to the fixture; the runner moves it on mid-trial. */
  goal: z.string().min(1),
  /** The deterministic reference agent, run through `sh -c` in a trial directory; $TRIALGATE_FIXTURE is the fixture. */
  agent: z.string().min(1),
  /** The skill file the reference agent follows (relative to the fixture), and the variable that points it to one. */
  skill: z.string().min(1),
  skillEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/),
  /** Boundary (a fault id) → the `## ` heading of the skill section whose practice handles it. */
  practices: z.record(z.string(), z.string().min(1)),
});

export const FixtureManifest = z.strictObject({
  version: z.literal(1),
  id: z.string().min(1),
  title: z.string().min(1),
  service: ServiceSpec,
  faults: z.record(z.string(), FaultSpec),
  /** Branches the candidate's cases must reach on the correct service (format layer). */
  targets: z.array(z.string()).default([]),
  /**
   * Directories outside the fixture that it uses (e.g. `../inventory/service`, a service another fixture
   * ships): protected and hashed with the fixture, and copied beside it wherever the fixture is copied.
   */
  include: z.array(z.string().regex(/^(\.\.\/)+[^.]/, 'a relative path that starts with ../')).default([]),
  /** Globs (relative to the fixture) the agent may not change; their hash is the fixture hash. */
  protected: z.array(z.string()).min(1),
  /** Directory of the reference answers (the candidate `trialgate validate` runs), never under inputs/. */
  reference: z.string().default('reference'),
  /** The fixture's own acceptor; a task in trialgate.yml uses it unless it names another. Default http-cases. */
  acceptance: Acceptance.optional(),
  tools: ToolsSpec.optional(),
});

export type ServiceSpec = z.infer<typeof ServiceSpec>;
export type FaultSpec = z.infer<typeof FaultSpec>;
export type ToolsSpec = z.infer<typeof ToolsSpec>;
export type FixtureManifest = z.infer<typeof FixtureManifest>;
