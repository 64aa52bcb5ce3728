// A Jest reporter that writes trialgate's acceptor report (docs/report-format.md) to $TRIALGATE_REPORT:
//   jest --rootDir "$TRIALGATE_CANDIDATE" --reporters="$TRIALGATE_REPORTERS/jest.cjs"
// Only an expect() failure is `failed` (the one status that can count as a detection): Jest marks the
// error it throws (JestAssertionError) with the matcher's result, which every failure of the test must
// carry. Anything else (a refused connection, a TypeError, a file that does not load, a timeout, and
// node:assert, whose errors Jest rewrites into bare messages) is `error`, which never counts as one.
// An `error` says where it was raised (`error_in`): `test` when its stack passes through the test's own
// call (jest-circus's _callCircusTest), `harness` for a hook (_callCircusHook), a timeout, a file that does
// not run, or a request that never reached the service (`fetch failed`, a network error code).
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const { inspect } = require('node:util');

const TRACEBACK_CHARS = 2000;
const NETWORK = /\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET)\b|^TypeError: fetch failed/m;
const SKIPPED = new Set(['pending', 'skipped', 'todo', 'disabled', 'focused']);

class TrialgateReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.path = options.outputFile ?? process.env.TRIALGATE_REPORT;
  }

  onRunComplete(_contexts, results) {
    if (!this.path) return;
    const records = [];
    for (const file of results.testResults) {
      const where = relative(this.rootDir, file.testFilePath);
      if (file.testExecError) {
        // The file did not run: its tests are unknown, so the file is one execution error.
        records.push({ test: where, status: 'error', error_in: 'harness', traceback: cut(file.testExecError.stack ?? file.testExecError.message) });
        continue;
      }
      for (const t of file.testResults) records.push(record(`${where} › ${t.fullName}`, t));
    }
    const report = { planned: records.length, executed: records.length, complete: !results.wasInterrupted, blocked: false, records };
    writeFileSync(this.path, `${JSON.stringify(report, null, 2)}\n`);
  }
}

function record(test, t) {
  const timing = typeof t.duration === 'number' ? { duration_ms: t.duration } : {};
  if (t.status === 'passed') return { test, status: 'passed', ...timing };
  if (SKIPPED.has(t.status)) return { test, status: 'skipped', ...timing };
  const traceback = cut(t.failureMessages.join('\n'));
  const assertion = t.failureDetails.length > 0 && t.failureDetails.every((d) => d && typeof d === 'object' && d.matcherResult);
  if (!assertion) {
    const text = plain(t.failureMessages.join('\n'));
    const inTest =
      t.failureMessages.length > 0 && t.failureMessages.every((m) => /\b_callCircusTest\b/.test(m) && !/\b_callCircusHook\b/.test(m)) && !NETWORK.test(text);
    const thrown = /^(\w*(?:Error|Exception)\w*):/.exec(text.trimStart())?.[1];
    return {
      test,
      status: 'error',
      error_in: inTest ? 'test' : 'harness',
      ...(thrown ? { exception: thrown } : {}),
      traceback: `(not an expect() assertion) ${traceback}`,
      ...timing,
    };
  }
  return { test, status: 'failed', assertion: expectation(t.failureMessages[0] ?? '', t.failureDetails[0].matcherResult), traceback, ...timing };
}

/** The matcher (`expect(received).toBe(expected)`) and, when the matcher gave them, both values. */
function expectation(message, result) {
  const matcher = firstLine(message).replace(/^Error: /, '');
  if (!('expected' in result) || !('actual' in result)) return matcher;
  return `${matcher}: expected ${brief(result.expected)}, received ${brief(result.actual)}`;
}

function brief(value) {
  let text;
  try {
    text = faithfulJson(value) ?? inspect(value, { depth: 3, breakLength: Infinity });
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** The value as JSON, or undefined where JSON would show another value (NaN and Infinity as null, -0 as 0, undefined left out). */
function faithfulJson(value) {
  let lossy = false;
  const json = JSON.stringify(value, (_key, v) => {
    if (
      typeof v === 'number'
        ? !Number.isFinite(v) || Object.is(v, -0)
        : v === undefined || typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol'
    )
      lossy = true;
    return typeof v === 'bigint' ? null : v;
  });
  return lossy ? undefined : json;
}

const cut = (text) => String(text).slice(0, TRACEBACK_CHARS);

const plain = (text) => String(text).replace(/\u001b\[[0-9;]*m/g, '');

/** The matcher line of Jest's message (`expect(received).toBe(expected)`), without its colour codes. */
function firstLine(text) {
  return (
    plain(text)
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? ''
  );
}

module.exports = TrialgateReporter;
