// The files of a trial directory that are neither its verdict (results.ts TrialResult, evidence/verdict.json)
// nor a kind's evidence (docs/trial-layout.md): what the trial ran with, and where its time went.
import { z } from 'zod';
import { described } from './doc.ts';
import { Isolation, Watched } from './results.ts';
import { Budget } from './trialset.ts';

export const TrialConfig = z
  .object({
    agent_command: z.string().register(...described('The agent command as trialgate.yml gives it, run through `sh -c` in the trial directory.')),
    watched: Watched,
    k: z
      .number()
      .int()
      .positive()
      .register(...described('Trials per task in the run.')),
    budget: Budget,
    tool_versions: z
      .object({
        trialgate: z.string().register(...described('The trialgate that ran the trial.')),
        node: z.string().register(...described('The Node.js it ran on.')),
      })
      .register(...described('What ran the trial.')),
    git_sha: z
      .string()
      .nullable()
      .register(...described('The commit of the project the run was made from; null outside a git checkout.')),
    run_seed: z
      .number()
      .int()
      .register(...described('The run seed; each trial has its own seed drawn from it (`seed`).')),
    isolation: Isolation,
    task: z.string().register(...described('The task id.')),
    trial: z
      .number()
      .int()
      .positive()
      .register(...described('The trial number within the task.')),
    seed: z
      .number()
      .int()
      .register(...described("The trial's seed, given to the agent as $TRIALGATE_SEED.")),
  })
  .register(...described('<run>/<task>/trial-NNN/config.json, written by trialgate before the agent starts: what the trial runs with.'));

export const Timings = z
  .object({
    agent_ms: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Milliseconds the agent ran (every run of it, for a kind that runs it more than once).')),
    acceptance_ms: z
      .number()
      .int()
      .nonnegative()
      .register(...described("Milliseconds of the trial besides the agent's and the judge's: setting up, accepting, cleaning up.")),
    judge_ms: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .register(...described('Milliseconds the model judge took over the task’s items; absent without judge items.')),
    wall_ms: z
      .number()
      .nonnegative()
      .register(...described("The trial's wall time, as its verdict records it.")),
  })
  .register(...described('<run>/<task>/trial-NNN/evidence/timings.json, written by trialgate when the trial ends: where its time went.'));

export type TrialConfig = z.infer<typeof TrialConfig>;
export type Timings = z.infer<typeof Timings>;
