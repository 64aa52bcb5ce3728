// The report of one acceptance run of one candidate against one variant (shared/DESIGN.md §5).
import { z } from 'zod';

export const RecordStatus = z.enum(['passed', 'failed', 'error', 'skipped']);

export const ReportRecord = z.object({
  test: z.string(),
  status: RecordStatus,
  /** The expectation that failed, named as `step 2: $.available == 10`. */
  assertion: z.string().optional(),
  /** Expected/actual of a failure, or the error of an execution error. */
  traceback: z.string().optional(),
  /** Business branches the service reached during this record (from its coverage). */
  branches: z.array(z.string()).default([]),
  duration_ms: z.number().nonnegative().optional(),
});

export const Report = z.object({
  fault: z.string().min(1),
  planned: z.number().int(),
  executed: z.number().int(),
  complete: z.boolean(),
  blocked: z.boolean(),
  records: z.array(ReportRecord),
  candidate_sha256: z.string(),
  variant_sha256: z.string(),
  fixture_sha256: z.string(),
  started_at: z.string(),
  /** Set when the whole run could not happen (service did not start, acceptor crashed). */
  error: z.string().optional(),
});

export type RecordStatus = z.infer<typeof RecordStatus>;
export type ReportRecord = z.infer<typeof ReportRecord>;
export type Report = z.infer<typeof Report>;
