// A node:test reporter that writes trialgate's acceptor report (docs/report-format.md):
//   node --test --test-reporter=./trialgate-reporter.mjs --test-reporter-destination="$TRIALGATE_REPORT" …
// Only an assertion failure is `failed` (it can count as a detection); any other error (a connection
// refused, a crash, a file that does not load, a timeout) is `error`, which never counts as one.
// A test file that does not load fails as one test named by its absolute path, with "test failed" for a
// reason; what went wrong is on its stderr. Its record is named relative to the candidate (or the working
// directory), which every trial shares, and leads with the error line its stderr ends with.
import { isAbsolute, relative } from 'node:path';

const STDERR_KEPT = 8000;

export default async function* trialgateReporter(source) {
  const records = [];
  const seen = new Map();
  const stderr = new Map();
  for await (const event of source) {
    const { data } = event;
    if (event.type === 'test:stderr' && data.file) stderr.set(data.file, ((stderr.get(data.file) ?? '') + data.message).slice(-STDERR_KEPT));
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (data.details?.type === 'suite') continue;
    const wholeFile = data.file !== undefined && data.name === data.file;
    const base = wholeFile ? shownPath(data.file) : data.name;
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
    const said = wholeFile && !assertion ? errorLine(stderr.get(data.file) ?? '') : '';
    const message = String(cause?.message ?? error?.message ?? 'failed');
    records.push({
      test,
      status: assertion ? 'failed' : 'error',
      ...(assertion ? { assertion: String(cause.message).split('\n')[0] } : {}),
      traceback: (said ? `${said}\n${stderr.get(data.file)}` : message).slice(0, 2000),
      duration_ms,
    });
  }
  yield `${JSON.stringify({ planned: records.length, executed: records.length, complete: true, blocked: false, records }, null, 2)}\n`;
}

function shownPath(file) {
  for (const dir of [process.env.TRIALGATE_CANDIDATE, process.cwd()]) {
    if (!dir) continue;
    const inside = relative(dir, file);
    if (inside && !inside.startsWith('..') && !isAbsolute(inside)) return inside;
  }
  return file;
}

/** The last line of a process's stderr that names an error (`SyntaxError: …`, `Error [ERR_MODULE_NOT_FOUND]: …`). */
function errorLine(text) {
  const lines = text.split('\n').map((l) => l.trim());
  return lines.reverse().find((l) => /^\w*(Error|Exception)\b.*:/.test(l)) ?? '';
}
