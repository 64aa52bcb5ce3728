// trialgate.yml: the trial set (shared/DESIGN.md §2). Relative paths resolve against the file's directory.
import { z } from 'zod';

export const TRIALSET_VERSION = 1;

export const Budget = z.strictObject({
  /** Wall time of one trial's agent; past it the process tree is ended and the trial is budget_exhausted. */
  wall_seconds: z.number().positive().max(24 * 3600),
  /** Enforced only when the agent reports usage in evidence/usage.json; never estimated. */
  max_tokens: z.number().int().positive().optional(),
  max_cost_usd: z.number().positive().optional(),
});

export const HttpCasesAcceptance = z.strictObject({ kind: z.literal('http-cases') });

export const CommandAcceptance = z.strictObject({
  kind: z.literal('command'),
  /** Run through `sh -c` from the fixture's pristine directory, once per variant; writes $TRIALGATE_REPORT. */
  command: z.string().min(1),
  timeout_seconds: z.number().positive().default(300),
  /**
   * Opt-in: also pass TRIALGATE_FAULT to the acceptance command, for acceptors that must start the service
   * themselves. Candidate code the command runs must then never see it (it could fail on purpose).
   */
  expose_fault: z.boolean().default(false),
});

/**
 * The agent acts through tools on the live service (fixtures with a `tools` section): it runs once per
 * boundary variant behind trialgate's fault-injecting proxy and is judged by final state and trajectory.
 */
export const ToolsAcceptance = z.strictObject({
  kind: z.literal('tools'),
  /**
   * A fixed port for the proxy, for sandboxes that allow only known ports; default a free port per run.
   * Boundaries run one at a time, but trials of the task run concurrently: use it with concurrency 1.
   */
  proxy_port: z.number().int().min(1).max(65535).optional(),
});

export const Acceptance = z.preprocess(
  (value) => (typeof value === 'string' ? { kind: value } : value),
  z.discriminatedUnion('kind', [HttpCasesAcceptance, CommandAcceptance, ToolsAcceptance], {
    error: 'http-cases, tools, or { kind: command, command: "…" }',
  }),
);

export const TaskSpec = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a directory)'),
  set: z.enum(['dev', 'holdout']).default('dev'),
  /** Directory with fixture.json, inputs/ and task.txt. */
  fixture: z.string().min(1),
  acceptance: Acceptance.default({ kind: 'http-cases' }),
  /** Defect variants to run, each with the label a PR comment shows; default: every fault of the fixture. */
  faults: z.record(z.string(), z.string().min(1, 'a human label, e.g. "duplicate request reserves twice (idempotency)"')).optional(),
});

export const TrialSetFile = z.strictObject({
  version: z.literal(TRIALSET_VERSION, `version: ${TRIALSET_VERSION}`),
  /** Names the PR comment and the results artefact; keep it stable. */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" or "-"'),
  trials: z.number().int().min(1).max(1000).default(3),
  concurrency: z.number().int().min(1).max(64).default(2),
  seed: z.number().int().min(0).default(1),
  budget: Budget.default({ wall_seconds: 300 }),
  agent: z.strictObject({
    /** Run through `sh -c` in the trial directory; $TRIALGATE_PROJECT is the directory of this file. */
    command: z.string().min(1),
    env: z.record(z.string(), z.string()).default({}),
    /** Bytes of agent output kept in evidence/agent.log. */
    log_cap_bytes: z.number().int().positive().default(1024 * 1024),
  }),
  /** Globs of the prompt and skill files under test: their hash is the version; a change triggers the gate. */
  watch: z.array(z.string().min(1)).min(1, 'at least one glob of the prompt/skill files under test'),
  tasks: z.array(TaskSpec).min(1, 'at least one task'),
});

export type Budget = z.infer<typeof Budget>;
export type CommandAcceptance = z.infer<typeof CommandAcceptance>;
export type ToolsAcceptance = z.infer<typeof ToolsAcceptance>;
export type AcceptanceSpec = z.infer<typeof Acceptance>;
export type TaskSpec = z.infer<typeof TaskSpec>;
export type TrialSetFile = z.infer<typeof TrialSetFile>;
