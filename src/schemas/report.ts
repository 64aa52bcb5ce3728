// The report of one acceptance run of one candidate against one variant (docs/report-format.md).
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

/** More tests than any acceptor runs against one variant; past it the report is refused as unreadable. */
export const MAX_RECORDS = 10_000;

/**
 * What a `command` acceptor writes to $TRIALGATE_REPORT: its tests and their outcomes. trialgate adds
 * the fault, the hashes and the time; `branches` in a record are ignored (coverage comes from the service).
 */
export const AcceptorReport = z.object({
  planned: z.number().int(),
  executed: z.number().int(),
  complete: z.boolean(),
  blocked: z.boolean().default(false),
  records: z.array(ReportRecord).max(MAX_RECORDS, `at most ${MAX_RECORDS} records`),
});

export type AcceptorReport = z.infer<typeof AcceptorReport>;
export type RecordStatus = z.infer<typeof RecordStatus>;
export type ReportRecord = z.infer<typeof ReportRecord>;
export type Report = z.infer<typeof Report>;
