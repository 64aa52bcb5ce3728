// holdout.yml at a holdout source (docs/holdout.md): the holdout tasks, each as a task of trialgate.yml
// without `set` (every one is holdout) and without a `watch` or `agent` of its own (it runs the trial set's
// shared agent, the prompt and skills under test), fixture paths relative to this file.
import { z } from 'zod';
import { described } from './doc.ts';
import { TaskSpec } from './trialset.ts';

export const HoldoutFile = z.strictObject({
  version: z.literal(1, 'version: 1').register(...described('The version of this file format: 1.')),
  tasks: z
    .array(TaskSpec.omit({ set: true, watch: true, agent: true }))
    .min(1, 'at least one task')
    .register(...described('The holdout tasks, each as a task of trialgate.yml without `set`, `watch` or `agent`; fixture paths relative to this file.')),
});

export type HoldoutFile = z.infer<typeof HoldoutFile>;
