// The judgement of one report (docs/report-format.md).
import { z } from 'zod';

export const Verdict = z.enum([
  'unverified',
  'incomplete',
  'execution_error_or_skip',
  'baseline_pass',
  'baseline_fail',
  'defect_detected',
  'defect_detected_unattributed',
  'defect_missed',
  'unknown_fault',
]);

export const Judgement = z.object({
  fault: z.string(),
  verdict: Verdict,
  /** Why, in one line a reader can check against the report. */
  reason: z.string(),
  /** For a detection: the failed records attributable to the fault (by branch or named assertion). */
  detected_by: z.array(z.string()).default([]),
  /** false for a detection on a service without coverage: counted, but no failure is tied to the fault's branches. */
  attributed: z.boolean().optional(),
  /** The first record that did not pass, by name: what a failure archive keys on. */
  first_failed: z.object({ test: z.string(), status: z.string(), assertion: z.string().optional() }).optional(),
});

export type Verdict = z.infer<typeof Verdict>;
export type Judgement = z.infer<typeof Judgement>;

/** The verdicts a trusted acceptor may end in; anything else means it could not tell right from wrong. */
export const TRUSTED_VERDICTS: readonly Verdict[] = ['baseline_pass', 'defect_detected'];
