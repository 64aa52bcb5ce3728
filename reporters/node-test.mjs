// A node:test reporter that writes trialgate's acceptor report (docs/report-format.md):
//   node --test --test-reporter=./trialgate-reporter.mjs --test-reporter-destination="$TRIALGATE_REPORT" …
// Only an assertion failure is `failed` (it can count as a detection); any other error (a connection
// refused, a crash, a file that does not load, a timeout) is `error`, which never counts as one.
export default async function* trialgateReporter(source) {
  const records = [];
  const seen = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    if (data.details?.type === 'suite') continue;
    const base = data.name;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const test = n === 1 ? base : `${base} (${n})`;
    const duration_ms = data.details?.duration_ms;
    if (event.type === 'test:pass') {
      records.push({ test, status: data.skip || data.todo ? 'skipped' : 'passed', duration_ms });
      continue;
    }
    const error = data.details?.error;
    const cause = error?.cause ?? error;
    const assertion = cause?.code === 'ERR_ASSERTION' || cause?.name === 'AssertionError';
    records.push({
      test,
      status: assertion ? 'failed' : 'error',
      ...(assertion ? { assertion: String(cause.message).split('\n')[0] } : {}),
      traceback: String(cause?.message ?? error?.message ?? 'failed').slice(0, 2000),
      duration_ms,
    });
  }
  yield `${JSON.stringify({ planned: records.length, executed: records.length, complete: true, blocked: false, records }, null, 2)}\n`;
}
