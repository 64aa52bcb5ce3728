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

export {
  Judgement,
  TRUSTED_VERDICTS
};
