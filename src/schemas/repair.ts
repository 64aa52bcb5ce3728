// The files of a human repair (docs/repair-and-failures.md) besides the repair results.json records
// (results.ts Repair, also written as <trial>/repair/result.json): when it started, and the figures of a
// repair committed to the repository beside its patch.
import { z } from 'zod';
import { described } from './doc.ts';
import { MAX_MINUTES } from '../util/plausible.ts';

export const RepairStarted = z
  .object({
    started_at: z.iso.datetime().register(...described('When `trialgate repair` made the editable copy: the clock of a repair given no --minutes.')),
    candidate_sha256: z.string().register(...described('The delivered candidate the copy was made from.')),
  })
  .register(
    ...described`
      <trial>/repair/started.json, written by \`trialgate repair\`: the repair under way is trialgate’s (anything else
      there is refused).
    `,
  );

/** The figures of a repair, the same whether it is recorded in a run (results.ts Repair) or committed beside its patch. */
export const repairFigures = {
  minutes: z
    .number()
    .nonnegative()
    .max(MAX_MINUTES)
    .register(...described('Minutes people spent on the repair.')),
  confirming_minutes: z
    .number()
    .nonnegative()
    .max(MAX_MINUTES)
    .optional()
    .register(...described('Of them, minutes spent confirming business rules.')),
  patch_lines: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Lines the patch adds or removes.')),
  patch_files: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Files the patch changes.')),
  note: z
    .string()
    .optional()
    .register(...described('What was fixed and why.')),
};

export const CommittedRepairMeta = z.object(repairFigures).register(
  ...described`
      <repairs>/<task>/<candidate sha256>.json, written by \`trialgate repair --done --save\` beside the .diff: the
      figures a run re-applying the patch records.
    `,
);

export type RepairStarted = z.infer<typeof RepairStarted>;
export type CommittedRepairMeta = z.infer<typeof CommittedRepairMeta>;
