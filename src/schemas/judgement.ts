// The judgement of one report (docs/report-format.md).
import { z } from 'zod';
import { described } from './doc.ts';

export const Verdict = z
  .enum([
    'unverified',
    'incomplete',
    'execution_error_or_skip',
    'baseline_pass',
    'baseline_fail',
    'defect_detected',
    'defect_detected_unattributed',
    'defect_missed',
    'unknown_fault',
  ])
  .register(
    ...described`
      The verdict on a report, by the rules of docs/report-format.md, in order: \`unverified\` (a hash does not match
      the trial), \`incomplete\`, \`execution_error_or_skip\`, then on the correct service \`baseline_pass\` or
      \`baseline_fail\`, on a defect \`defect_detected\`, \`defect_detected_unattributed\` or \`defect_missed\`, and
      \`unknown_fault\` for a fault the fixture does not declare.
    `,
  );

export const Judgement = z.object({
  fault: z.string().register(...described('The variant the report is of: `none` or a fault id.')),
  verdict: Verdict,
  reason: z.string().register(...described('Why, in one line a reader can check against the report.')),
  detected_by: z
    .array(z.string())
    .default([])
    .register(...described('For a detection: the failed records attributable to the fault (by branch or named assertion).')),
  attributed: z
    .boolean()
    .optional()
    .register(...described("false for a detection on a service without coverage: counted, but no failure is tied to the fault's branches.")),
  first_failed: z
    .object({
      test: z.string().register(...described('Its test id.')),
      status: z.string().register(...described('Its status.')),
      assertion: z
        .string()
        .optional()
        .register(...described('The expectation that failed, when one did.')),
    })
    .optional()
    .register(...described('The first record that did not pass, by name: what a failure archive keys on.')),
});

export type Verdict = z.infer<typeof Verdict>;
export type Judgement = z.infer<typeof Judgement>;

/** The verdicts a trusted acceptor may end in; anything else means it could not tell right from wrong. */
export const TRUSTED_VERDICTS: readonly Verdict[] = ['baseline_pass', 'defect_detected'];
