import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  external_exports
} from "./chunk-OVH43LBJ.js";

// src/schemas/judgement.ts
var Verdict = external_exports.enum([
  "unverified",
  "incomplete",
  "execution_error_or_skip",
  "baseline_pass",
  "baseline_fail",
  "defect_detected",
  "defect_detected_unattributed",
  "defect_missed",
  "unknown_fault"
]);
var Judgement = external_exports.object({
  fault: external_exports.string(),
  verdict: Verdict,
  /** Why, in one line a reader can check against the report. */
  reason: external_exports.string(),
  /** For a detection: the failed records attributable to the fault (by branch or named assertion). */
  detected_by: external_exports.array(external_exports.string()).default([]),
  /** false for a detection on a service without coverage: counted, but no failure is tied to the fault's branches. */
  attributed: external_exports.boolean().optional(),
  /** The first record that did not pass, by name: what a failure archive keys on. */
  first_failed: external_exports.object({ test: external_exports.string(), status: external_exports.string(), assertion: external_exports.string().optional() }).optional()
});
var TRUSTED_VERDICTS = ["baseline_pass", "defect_detected"];

// src/schemas/report.ts
var RecordStatus = external_exports.enum(["passed", "failed", "error", "skipped"]);
var ReportRecord = external_exports.object({
  test: external_exports.string(),
  status: RecordStatus,
  /** The expectation that failed, named as `step 2: $.available == 10`. */
  assertion: external_exports.string().optional(),
  /** Expected/actual of a failure, or the error of an execution error. */
  traceback: external_exports.string().optional(),
  /** Business branches the service reached during this record (from its coverage). */
  branches: external_exports.array(external_exports.string()).default([]),
  duration_ms: external_exports.number().nonnegative().optional()
});
var Report = external_exports.object({
  fault: external_exports.string().min(1),
  planned: external_exports.number().int(),
  executed: external_exports.number().int(),
  complete: external_exports.boolean(),
  blocked: external_exports.boolean(),
  records: external_exports.array(ReportRecord),
  candidate_sha256: external_exports.string(),
  variant_sha256: external_exports.string(),
  fixture_sha256: external_exports.string(),
  started_at: external_exports.string(),
  /** Set when the whole run could not happen (service did not start, acceptor crashed). */
  error: external_exports.string().optional()
});
var MAX_RECORDS = 1e4;
var AcceptorReport = external_exports.object({
  planned: external_exports.number().int(),
  executed: external_exports.number().int(),
  complete: external_exports.boolean(),
  blocked: external_exports.boolean().default(false),
  records: external_exports.array(ReportRecord).max(MAX_RECORDS, `at most ${MAX_RECORDS} records`)
});

export {
  Judgement,
  TRUSTED_VERDICTS,
  Report,
  AcceptorReport
};
