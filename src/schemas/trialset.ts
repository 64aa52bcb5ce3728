// trialgate.yml: the trial set (docs/trial-set.md). Relative paths resolve against the file's directory.
import { z } from 'zod';
import { Acceptance, PassEnv } from './acceptance.ts';
import { JudgeConfig, TaskJudge } from './judge.ts';

export const TRIALSET_VERSION = 1;

export const Budget = z.strictObject({
  /** Wall time of one trial's agent; past it the process tree is ended and the trial is budget_exhausted. */
  wall_seconds: z.number().positive().max(24 * 3600),
  /** Enforced only when the agent reports usage in evidence/usage.json; never estimated. */
  max_tokens: z.number().int().positive().optional(),
  max_cost_usd: z.number().positive().optional(),
});

export const TaskSpec = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a directory)'),
  set: z.enum(['dev', 'holdout']).default('dev'),
  /** Directory with fixture.json, inputs/ and task.txt. */
  fixture: z.string().min(1),
  /** Default: the acceptor the fixture declares, else http-cases. */
  acceptance: Acceptance.optional(),
  /** Defect variants to run, each with the label a PR comment shows; default: every fault of the fixture. */
  faults: z.record(z.string(), z.string().min(1, 'a human label, e.g. "duplicate request reserves twice (idempotency)"')).optional(),
  /** Model-judged items, each a `judge:<id>` check (docs/model-judge.md); needs the top-level `judge`. */
  judge: TaskJudge.optional(),
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
    /** Literal variables; ${TRIALGATE_PROJECT} is expanded. */
    env: z.record(z.string(), z.string()).default({}),
    /** Variables passed on from the runner's environment (an API key); nothing else of it is. Scrubbed from all output. */
    pass_env: PassEnv,
    /** Project paths (files or directories) the agent may read besides the watched files, e.g. its own scripts. */
    files: z.array(z.string().min(1)).default([]),
    /** `auto`: isolated where the OS allows, else recorded as none; `required`: no isolation is an environment error. */
    isolation: z.enum(['auto', 'required', 'none']).default('auto'),
    /** `full`: the agent reaches the network (its model API); `none`: loopback only. */
    network: z.enum(['full', 'none']).default('full'),
    /** Bytes of agent output kept in evidence/agent.log. */
    log_cap_bytes: z.number().int().positive().default(1024 * 1024),
  }),
  /** Globs of the prompt and skill files under test: their hash is the version; a change triggers the gate. */
  watch: z.array(z.string().min(1)).min(1, 'at least one glob of the prompt/skill files under test'),
  tasks: z.array(TaskSpec).min(1, 'at least one task'),
  /** The model judge's endpoint and rules (docs/model-judge.md). */
  judge: JudgeConfig.optional(),
  /**
   * A directory of committed human repairs (`<task>/<candidate sha256>.diff`, written by
   * `trialgate repair --done --save`): a trial whose candidate is one of them is also accepted repaired.
   */
  repairs: z.string().min(1).default('repairs'),
  /** What a candidate may hold: past it the trial fails on format, naming the file. */
  limits: z
    .strictObject({
      candidate_mb: z.number().positive().max(4096).default(32),
      candidate_files: z.number().int().positive().max(100_000).default(10_000),
    })
    .default({ candidate_mb: 32, candidate_files: 10_000 }),
});

export type Budget = z.infer<typeof Budget>;
export type Limits = TrialSetFile['limits'];
export type TaskSpec = z.infer<typeof TaskSpec>;
export type TrialSetFile = z.infer<typeof TrialSetFile>;
