// trialgate.yml: the trial set (docs/trial-set.md). Relative paths resolve against the file's directory.
import { z } from 'zod';
import { described } from './doc.ts';
import { Acceptance, PassEnv } from './acceptance.ts';
import { HoldoutConfig } from './holdout.ts';
import { JudgeConfig, TaskJudge } from './judge.ts';

export const TRIALSET_VERSION = 1;

export const Budget = z
  .strictObject({
    wall_seconds: z
      .number()
      .positive()
      .max(24 * 3600)
      .register(
        ...described(
          "Wall time of one trial's agent; past it the process tree is ended and the trial is budget_exhausted. The time a busy machine kept the agent waiting for a CPU core is given back first, up to three budgets more; kept waiting past that, the trial is an env_error.",
        ),
      ),
    max_tokens: z
      .number()
      .int()
      .positive()
      .optional()
      .register(...described('Enforced only when the agent reports usage in evidence/usage.json; never estimated.')),
    max_cost_usd: z
      .number()
      .positive()
      .optional()
      .register(...described('In US dollars; enforced, like max_tokens, only on the usage the agent reports.')),
  })
  .register(...described("What one trial may spend: its agent's wall time, and the tokens and cost the agent reports."));

export const TaskAgent = z
  .strictObject({
    command: z
      .string()
      .min(1)
      .optional()
      .register(...described("Run through `sh -c` in the trial directory instead of the trial set's `agent.command`.")),
    env: z
      .record(z.string(), z.string())
      .default({})
      .register(...described("Literal variables besides (and over) the trial set's `agent.env`; ${TRIALGATE_PROJECT} is expanded.")),
    pass_env: PassEnv.describe("Variables passed on from the runner's environment besides the trial set's `agent.pass_env`. Scrubbed from all output."),
    files: z
      .array(z.string().min(1))
      .default([])
      .register(...described("Project paths this task's agent may read besides the trial set's `agent.files` and the watched files.")),
  })
  .register(
    ...described`
      A task's own agent settings, over the trial set's \`agent\`: \`command\` replaces its command; \`env\`,
      \`pass_env\` and \`files\` add to its own. Its agent sees the trial set's files and its own, no other task's.
    `,
  );

export const Concurrency = z
  .union([
    z.number().int().min(1).max(256),
    z.strictObject({
      agents: z
        .number()
        .int()
        .min(1)
        .max(256)
        .optional()
        .register(...described("Agent runs at once (default 4 × the machine's cores).")),
      acceptance: z
        .number()
        .int()
        .min(1)
        .max(256)
        .optional()
        .register(...described("Trials being prepared, accepted or judged at once (default the machine's cores; never more than `agents`).")),
    }),
  ])
  .register(
    ...described`
      How many trials run at once. A number: agent runs at once. Agents mostly wait on a model while the runner's own
      work (preparing a trial, accepting it) uses the CPU, so the two are bounded apart.
    `,
  );

export const TaskSpec = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a directory)')
    .register(...described("The task's name: it names its directory in a run and its rows in reports; keep it stable, as comparisons match on it.")),
  set: z
    .enum(['dev', 'holdout'])
    .default('dev')
    .register(...described('`dev`: shown task by task; `holdout`: gated like any task, but only its aggregates are ever shown (docs/holdout.md).')),
  fixture: z
    .string()
    .min(1)
    .register(...described('Directory with fixture.json, inputs/ and task.txt.')),
  acceptance: Acceptance.optional().register(...described('Default: the acceptor the fixture declares, else http-cases.')),
  faults: z
    .record(z.string(), z.string().min(1, 'a human label, e.g. "duplicate request reserves twice (idempotency)"'))
    .optional()
    .register(...described('Defect variants to run, each with the label a PR comment shows; default: every fault of the fixture.')),
  judge: TaskJudge.optional().register(...described('Model-judged items, each a `judge:<id>` check (docs/model-judge.md); needs the top-level `judge`.')),
  watch: z
    .array(z.string().min(1))
    .default([])
    .register(
      ...described`
        Globs of this task's own prompt/skill files: with the trial set's \`watch\`, its version. A pull request that
        changes none of the files a task depends on is not rerun for it (docs/trial-set.md).
      `,
    ),
  agent: TaskAgent.optional().register(...described("This task's own agent settings, over the trial set's `agent`.")),
});

export const TrialSetFile = z.strictObject({
  version: z
    .literal(
      TRIALSET_VERSION,
      `this trialgate reads version ${TRIALSET_VERSION} of trialgate.yml: write version: ${TRIALSET_VERSION} (a newer version needs a newer trialgate)`,
    )
    .register(...described('The version of this file format: 1.')),
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" or "-"')
    .register(...described('Names the PR comment and the results artefact; keep it stable.')),
  trials: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .register(...described('k: trials per task, each from a clean copy of its fixture.')),
  concurrency: Concurrency.optional().register(...described("Default: agents 4 × the machine's cores, acceptance the cores.")),
  seed: z
    .number()
    .int()
    .min(0)
    .default(1)
    .register(...described("The run seed: with the task id and the trial number it makes each trial's TRIALGATE_SEED.")),
  budget: Budget.default({ wall_seconds: 300 }),
  agent: z
    .strictObject({
      command: z
        .string()
        .min(1)
        .register(...described('Run through `sh -c` in the trial directory; $TRIALGATE_PROJECT is the directory of this file.')),
      env: z
        .record(z.string(), z.string())
        .default({})
        .register(...described('Literal variables; ${TRIALGATE_PROJECT} is expanded.')),
      pass_env: PassEnv.describe("Variables passed on from the runner's environment (an API key); nothing else of it is. Scrubbed from all output."),
      files: z
        .array(z.string().min(1))
        .default([])
        .register(...described('Project paths (files or directories) the agent may read besides the watched files, e.g. its own scripts.')),
      isolation: z
        .enum(['auto', 'required', 'none'])
        .default('auto')
        .register(...described('`auto`: isolated where the OS allows, else recorded as none; `required`: no isolation is an environment error.')),
      network: z
        .enum(['full', 'none'])
        .default('full')
        .register(...described('`full`: the agent reaches the network (its model API); `none`: loopback only.')),
      log_cap_bytes: z
        .number()
        .int()
        .positive()
        .default(1024 * 1024)
        .register(...described('Bytes of agent output kept in evidence/agent.log.')),
    })
    .register(...described("The agent under test, every task's unless a task sets its own: how it is started, what it is given, how it is isolated.")),
  watch: z
    .array(z.string().min(1))
    .default([])
    .register(
      ...described`
        Globs of the prompt and skill files every task shares: their hash is the version; a change reruns every task.
        A task's own files go in its \`watch\`. At least one glob here or in a task.
      `,
    ),
  tasks: z
    .array(TaskSpec)
    .min(1, 'at least one task')
    .register(...described('The tasks, each a fixture its agent works on k times.')),
  judge: JudgeConfig.optional().register(...described("The model judge's endpoint and rules (docs/model-judge.md).")),
  holdout: HoldoutConfig.optional().register(
    ...described('How holdout tasks are named in what a run shows, who can read their detail, and where they live (docs/holdout.md).'),
  ),
  repairs: z
    .string()
    .min(1)
    .default('repairs')
    .register(
      ...described`
        A directory of committed human repairs (\`<task>/<candidate sha256>.diff\`, written by \`trialgate repair
        --done --save\`): a trial whose candidate is one of them is also accepted repaired.
      `,
    ),
  limits: z
    .strictObject({
      candidate_mb: z
        .number()
        .positive()
        .max(4096)
        .default(32)
        .register(...described('Megabytes of files a candidate may hold.')),
      candidate_files: z
        .number()
        .int()
        .positive()
        .max(100_000)
        .default(10_000)
        .register(...described('Files a candidate may hold.')),
    })
    .default({ candidate_mb: 32, candidate_files: 10_000 })
    .register(...described('What a candidate may hold: past it the trial fails on format, naming the file.'))
    .register(...described('What a candidate may hold: past it the trial fails on format, naming the file.')),
});

export type Budget = z.infer<typeof Budget>;
export type Concurrency = z.infer<typeof Concurrency>;
export type TaskAgent = z.infer<typeof TaskAgent>;
export type Limits = TrialSetFile['limits'];
export type TaskSpec = z.infer<typeof TaskSpec>;
export type TrialSetFile = z.infer<typeof TrialSetFile>;
