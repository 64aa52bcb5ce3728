import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  external_exports
} from "./chunk-OVH43LBJ.js";

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
  Report,
  AcceptorReport
};
