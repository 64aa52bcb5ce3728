import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  described,
  external_exports
} from "./chunk-AJNZHUO4.js";

// src/schemas/report.ts
var RecordStatus = external_exports.enum(["passed", "failed", "error", "skipped"]).register(
  ...described`
    \`failed\`: an assertion failed, the only status that can count as a detection. \`error\`: anything else went
    wrong (a refused connection, a crash, a timeout, a file that does not load).
  `
);
var ReportRecord = external_exports.object({
  test: external_exports.string().register(...described("A unique test id.")),
  status: RecordStatus,
  assertion: external_exports.string().optional().register(...described("The expectation that failed, named as `step 2: $.available == 10`.")),
  traceback: external_exports.string().optional().register(...described("Expected/actual of a failure, or the error of an execution error.")),
  error_in: external_exports.enum(["test", "harness"]).optional().register(
    ...described`
        Where an \`error\` was raised. \`test\`: in the test's own body or the code it calls (an \`AttributeError\`, a
        \`TypeError\`), which fails that test when the tests are a code task's hidden tests, proved on its reference.
        \`harness\`: by the test harness (collection, importing the test file, fixture set-up or tear-down, an
        unreachable service, the runner's own timeout). Absent: not known, read as \`harness\`.
      `
  ),
  exception: external_exports.string().optional().register(...described("The type of what was raised (`AttributeError`, `TypeError`, `java.lang.NullPointerException`).")),
  branches: external_exports.array(external_exports.string()).default([]).register(...described("Business branches the service reached during this record (from its coverage).")),
  duration_ms: external_exports.number().nonnegative().optional().register(...described("How long the test took."))
});
var Planned = external_exports.number().int().register(...described("Tests the acceptor meant to run."));
var Executed = external_exports.number().int().register(...described("Tests it ran."));
var Complete = external_exports.boolean().register(...described("false when the run stopped early."));
var Blocked = external_exports.boolean().register(...described("true when something outside the tests stopped it."));
var Records = external_exports.array(ReportRecord).register(...described("One record per test, with its outcome."));
var Report = external_exports.object({
  fault: external_exports.string().min(1).register(...described("The variant the candidate was accepted against: `none` (the correct service) or a fault id.")),
  planned: Planned,
  executed: Executed,
  complete: Complete,
  blocked: Blocked,
  records: Records,
  candidate_sha256: external_exports.string().register(...described("The candidate accepted.")),
  variant_sha256: external_exports.string().register(...described("The variant's service: the hash of its files with the fault id.")),
  fixture_sha256: external_exports.string().register(...described("The fixture version.")),
  started_at: external_exports.string().register(...described("When the acceptance run started (ISO 8601).")),
  error: external_exports.string().optional().register(...described("Set when the whole run could not happen (service did not start, acceptor crashed)."))
});
var MAX_RECORDS = 1e4;
var AcceptorReport = external_exports.object({
  planned: Planned,
  executed: Executed,
  complete: Complete,
  blocked: Blocked.default(false),
  records: Records.max(MAX_RECORDS, `at most ${MAX_RECORDS} records`)
}).register(
  ...described`
      What a \`command\` acceptor writes to $TRIALGATE_REPORT: its tests and their outcomes. trialgate adds the fault,
      the hashes and the time; \`branches\` in a record are ignored (coverage comes from the service).
    `
);

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
]).register(
  ...described`
      The verdict on a report, by the rules of docs/report-format.md, in order: \`unverified\` (a hash does not match
      the trial), \`incomplete\`, \`execution_error_or_skip\`, then on the correct service \`baseline_pass\` or
      \`baseline_fail\`, on a defect \`defect_detected\`, \`defect_detected_unattributed\` or \`defect_missed\`, and
      \`unknown_fault\` for a fault the fixture does not declare.
    `
);
var Judgement = external_exports.object({
  fault: external_exports.string().register(...described("The variant the report is of: `none` or a fault id.")),
  verdict: Verdict,
  reason: external_exports.string().register(...described("Why, in one line a reader can check against the report.")),
  detected_by: external_exports.array(external_exports.string()).default([]).register(...described("For a detection: the failed records attributable to the fault (by branch or named assertion).")),
  attributed: external_exports.boolean().optional().register(...described("false for a detection on a service without coverage: counted, but no failure is tied to the fault's branches.")),
  first_failed: external_exports.object({
    test: external_exports.string().register(...described("Its test id.")),
    status: external_exports.string().register(...described("Its status.")),
    assertion: external_exports.string().optional().register(...described("The expectation that failed, when one did."))
  }).optional().register(...described("The first record that did not pass, by name: what a failure archive keys on."))
});
var TRUSTED_VERDICTS = ["baseline_pass", "defect_detected"];

export {
  Report,
  MAX_RECORDS,
  AcceptorReport,
  Judgement,
  TRUSTED_VERDICTS
};
