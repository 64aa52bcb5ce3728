// A node:test reporter that writes trialgate's acceptor report (docs/report-format.md):
//   node --test --test-reporter=./trialgate-reporter.mjs --test-reporter-destination="$TRIALGATE_REPORT" …
// Only an assertion failure is `failed` (it can count as a detection); any other error (a connection
// refused, a crash, a file that does not load, a timeout) is `error`, which never counts as one. An
// `error` says where it was raised (`error_in`): `test` when the test's own code threw (node:test's
// failureType testCodeFailure: its body or the code it calls), `harness` for a hook, a timeout, a
// cancellation, a file that does not load, or a request that never reached the service.
// A test file that does not load fails as one test named by its absolute path, with "test failed" for a
// reason; what went wrong is on its stderr. Its record is named relative to the candidate (or the working
// directory), which every trial shares, and leads with the error line its stderr ends with.
import { isAbsolute, relative } from 'node:path';

const STDERR_KEPT = 8000;
/** The codes of a request that never reached the service, or lost it: the harness's, never the test's. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

// Loaded in the runner's own process before any test file runs: its command line names the test files,
// which no process of a code task's hidden tests shows (the candidate's code runs in the files' processes).
if (process.env.TRIALGATE_TRIPWIRE) process.title = 'node';

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
    const thrown = typeof cause === 'object' && cause !== null ? String(cause.name ?? '') : '';
    records.push({
      test,
      status: assertion ? 'failed' : 'error',
      ...(assertion ? { assertion: String(cause.message).split('\n')[0] } : {}),
      ...(assertion ? {} : { error_in: !wholeFile && raisedInTest(error, cause) ? 'test' : 'harness' }),
      ...(!assertion && thrown ? { exception: thrown } : {}),
      traceback: (said ? `${said}\n${stderr.get(data.file)}` : message).slice(0, 2000),
      duration_ms,
    });
  }
  yield `${JSON.stringify({ planned: records.length, executed: records.length, complete: true, blocked: false, records }, null, 2)}\n`;
}

/**
 * Whether the test's own code threw (its body or what it calls), not its hooks, its timeout or its parent,
 * and not a request that never reached the service: fetch's `TypeError: fetch failed` (the network error
 * it wraps does not survive the test file's process) or an error with a network code.
 */
function raisedInTest(error, cause) {
  if (error?.failureType !== 'testCodeFailure' || typeof cause !== 'object' || cause === null) return false;
  if (NETWORK_CODES.has(cause.code) || NETWORK_CODES.has(cause.cause?.code)) return false;
  return !(cause.name === 'TypeError' && cause.message === 'fetch failed');
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
