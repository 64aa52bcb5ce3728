// The report of one acceptance run of one candidate against one variant (docs/report-format.md).
import { z } from 'zod';
import { described } from './doc.ts';

export const RecordStatus = z.enum(['passed', 'failed', 'error', 'skipped']).register(
  ...described`
    \`failed\`: an assertion failed, the only status that can count as a detection. \`error\`: anything else went
    wrong (a refused connection, a crash, a timeout, a file that does not load).
  `,
);

export const ReportRecord = z.object({
  test: z.string().register(...described('A unique test id.')),
  status: RecordStatus,
  assertion: z
    .string()
    .optional()
    .register(...described('The expectation that failed, named as `step 2: $.available == 10`.')),
  traceback: z
    .string()
    .optional()
    .register(...described('Expected/actual of a failure, or the error of an execution error.')),
  error_in: z
    .enum(['test', 'harness'])
    .optional()
    .register(
      ...described`
        Where an \`error\` was raised. \`test\`: in the test's own body or the code it calls (an \`AttributeError\`, a
        \`TypeError\`), which fails that test when the tests are a code task's hidden tests, proved on its reference.
        \`harness\`: by the test harness (collection, importing the test file, fixture set-up or tear-down, an
        unreachable service, the runner's own timeout). Absent: not known, read as \`harness\`.
      `,
    ),
  exception: z
    .string()
    .optional()
    .register(...described('The type of what was raised (`AttributeError`, `TypeError`, `java.lang.NullPointerException`).')),
  branches: z
    .array(z.string())
    .default([])
    .register(...described('Business branches the service reached during this record (from its coverage).')),
  duration_ms: z
    .number()
    .nonnegative()
    .optional()
    .register(...described('How long the test took.')),
});

const Planned = z
  .number()
  .int()
  .register(...described('Tests the acceptor meant to run.'));
const Executed = z
  .number()
  .int()
  .register(...described('Tests it ran.'));
const Complete = z.boolean().register(...described('false when the run stopped early.'));
const Blocked = z.boolean().register(...described('true when something outside the tests stopped it.'));
const Records = z.array(ReportRecord).register(...described('One record per test, with its outcome.'));

export const Report = z.object({
  fault: z
    .string()
    .min(1)
    .register(...described('The variant the candidate was accepted against: `none` (the correct service) or a fault id.')),
  planned: Planned,
  executed: Executed,
  complete: Complete,
  blocked: Blocked,
  records: Records,
  candidate_sha256: z.string().register(...described('The candidate accepted.')),
  variant_sha256: z.string().register(...described("The variant's service: the hash of its files with the fault id.")),
  fixture_sha256: z.string().register(...described('The fixture version.')),
  started_at: z.string().register(...described('When the acceptance run started (ISO 8601).')),
  error: z
    .string()
    .optional()
    .register(...described('Set when the whole run could not happen (service did not start, acceptor crashed).')),
});

/** More tests than any acceptor runs against one variant; past it the report is refused as unreadable. */
export const MAX_RECORDS = 10_000;

export const AcceptorReport = z
  .object({
    planned: Planned,
    executed: Executed,
    complete: Complete,
    blocked: Blocked.default(false),
    records: Records.max(MAX_RECORDS, `at most ${MAX_RECORDS} records`),
  })
  .register(
    ...described`
      What a \`command\` acceptor writes to $TRIALGATE_REPORT: its tests and their outcomes. trialgate adds the fault,
      the hashes and the time; \`branches\` in a record are ignored (coverage comes from the service).
    `,
  );

export type AcceptorReport = z.infer<typeof AcceptorReport>;
export type RecordStatus = z.infer<typeof RecordStatus>;
export type ReportRecord = z.infer<typeof ReportRecord>;
export type Report = z.infer<typeof Report>;
