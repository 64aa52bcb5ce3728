import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  NO_FAULT
} from "./chunk-AJNZHUO4.js";

// src/judge/judge.ts
function failsTest(record, rule = "assertion") {
  return record.status === "failed" || rule === "exception" && record.status === "error" && record.error_in === "test";
}
function judge(report, context) {
  const rule = context.failing ?? "assertion";
  const counted = context.notCounted?.size ? report.records.filter((r) => !context.notCounted.has(r.test)) : report.records;
  const first = counted.find((r) => r.status !== "passed");
  const verdict = (v, reason, detected_by = []) => ({
    fault: report.fault,
    verdict: v,
    reason,
    detected_by,
    ...first ? { first_failed: { test: first.test, status: first.status, ...first.assertion ? { assertion: first.assertion } : {} } } : {}
  });
  const expected = context.expected;
  if (expected) {
    for (const field of ["candidate_sha256", "variant_sha256", "fixture_sha256"]) {
      if (report[field] !== expected[field]) return verdict("unverified", `${field} ${short(report[field])} is not this trial's ${short(expected[field])}`);
    }
  }
  const incomplete = incompleteReason(report);
  if (incomplete) return verdict("incomplete", incomplete);
  const notRun = counted.filter((r) => r.status !== "passed" && !failsTest(r, rule));
  if (notRun.length > 0) {
    const first2 = notRun[0];
    return verdict(
      "execution_error_or_skip",
      `${notRun.length} of ${report.executed} ${notRun.length === 1 ? "record" : "records"} ${first2.status}: ${first2.test}${first2.traceback ? `: ${first2.traceback}` : ""}`
    );
  }
  const failed = counted.filter((r) => failsTest(r, rule));
  if (report.fault === NO_FAULT) {
    return failed.length === 0 ? verdict("baseline_pass", `all ${counted.length} passed on the correct service${leftOut(report.records.length - counted.length)}`) : verdict("baseline_fail", `${failed.length} failed on the correct service: ${failed.map(describe).join("; ")}`);
  }
  const fault = context.faults[report.fault];
  if (!fault) return verdict("unknown_fault", `fault ${report.fault} is not one of ${Object.keys(context.faults).join(", ") || "(none)"}`);
  if (failed.length === 0) return verdict("defect_missed", `all ${report.executed} passed on ${report.fault}`);
  if (!context.coverage) {
    return {
      ...verdict(
        "defect_detected",
        `${failed.map(describe).join("; ")} (no coverage: not attributed)`,
        failed.map((r) => r.test)
      ),
      attributed: false
    };
  }
  const attributed = failed.filter((r) => r.branches.some((b) => fault.branches.includes(b)));
  if (attributed.length === 0) {
    return verdict("defect_detected_unattributed", `${failed.length} failed, none reached ${fault.branches.join(" / ")}: ${failed.map(describe).join("; ")}`);
  }
  return verdict(
    "defect_detected",
    attributed.map(describe).join("; "),
    attributed.map((r) => r.test)
  );
}
var leftOut = (n) => n > 0 ? ` (${n} not counted: the reference did not pass ${n === 1 ? "it" : "them"})` : "";
function incompleteReason(report) {
  if (report.planned <= 0) return `planned ${report.planned}: nothing to run`;
  if (!report.complete) return "the report says it is not complete";
  if (report.blocked) return "the report says it was blocked";
  if (report.executed !== report.planned) return `executed ${report.executed} of ${report.planned} planned`;
  if (report.records.length !== report.executed) return `${report.records.length} records for ${report.executed} executed`;
  const seen = /* @__PURE__ */ new Set();
  for (const r of report.records) {
    if (seen.has(r.test)) return `test id ${r.test} appears twice`;
    seen.add(r.test);
  }
  return void 0;
}
function describe(record) {
  const what = record.assertion ?? (record.status === "error" && record.error_in === "test" ? `raised ${record.exception ?? "an exception"}` : record.status);
  return `${record.test} (${what}${record.traceback ? `: ${record.traceback}` : ""})`;
}
var short = (hash) => hash ? hash.slice(0, 12) : "(none)";

export {
  failsTest,
  judge
};
