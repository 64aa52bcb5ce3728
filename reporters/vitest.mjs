// A Vitest (3 or later) reporter that writes trialgate's acceptor report (docs/report-format.md) to
// $TRIALGATE_REPORT:
//   vitest run --root "$TRIALGATE_CANDIDATE" --reporter="$TRIALGATE_REPORTERS/vitest.mjs"
// Only an assertion failure is `failed` (the one status that can count as a detection): an error whose
// type is an AssertionError (Vitest's expect, node:assert, chai). Anything else (a refused connection, a
// TypeError, a file that does not load, a timeout) is `error`, which never counts as one. An `error` says
// where it was raised (`error_in`): `test` when the test's own code threw, `harness` for a hook (its stack
// passes through Vitest's runHook), a timeout, a file that does not load, an error outside every test, or
// a request that never reached the service (`fetch failed`, a network error code).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const TRACEBACK_CHARS = 2000;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET']);

export default class TrialgateReporter {
  constructor(options = {}) {
    this.path = options.outputFile ?? process.env.TRIALGATE_REPORT;
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors, reason) {
    if (!this.path) return;
    const records = [];
    for (const module of testModules) {
      const where = relative(this.root ?? process.cwd(), module.moduleId);
      const moduleErrors = module.errors();
      if (moduleErrors.length) {
        // The file did not load or failed outside any test: one execution error for the file.
        records.push({ test: where, status: 'error', error_in: 'harness', traceback: cut(moduleErrors.map(describe).join('\n')) });
      }
      for (const testCase of module.children.allTests()) records.push(record(`${where} › ${testCase.fullName}`, testCase));
    }
    // An error outside every test (an unhandled rejection) makes every result of the run suspect.
    for (const error of unhandledErrors)
      records.push({ test: `unhandled error ${records.length + 1}`, status: 'error', error_in: 'harness', traceback: cut(describe(error)) });
    const report = { planned: records.length, executed: records.length, complete: reason !== 'interrupted', blocked: false, records };
    writeFileSync(this.path, `${JSON.stringify(report, null, 2)}\n`);
  }
}

function record(test, testCase) {
  const result = testCase.result();
  const duration = testCase.diagnostic()?.duration;
  const timing = typeof duration === 'number' ? { duration_ms: duration } : {};
  if (result.state === 'passed') return { test, status: 'passed', ...timing };
  if (result.state !== 'failed') return { test, status: 'skipped', ...timing };
  const errors = result.errors ?? [];
  const traceback = cut(errors.map(describe).join('\n'));
  const assertion = errors.length > 0 && errors.every((e) => /AssertionError$/.test(e.name ?? '') || e.code === 'ERR_ASSERTION');
  if (!assertion) {
    const inTest = errors.length > 0 && errors.every(raisedInTest);
    const thrown = errors[0]?.name;
    return { test, status: 'error', error_in: inTest ? 'test' : 'harness', ...(thrown ? { exception: thrown } : {}), traceback, ...timing };
  }
  return { test, status: 'failed', assertion: oneLine(errors[0].message), traceback, ...timing };
}

/** Thrown by the test's own code: not by a hook, not Vitest's timeout, not a request that never reached the service. */
function raisedInTest(error) {
  const stack = String(error.stack ?? '');
  if (/\brunHook\b/.test(stack) || /^Test timed out in /.test(error.message ?? '')) return false;
  if (NETWORK_CODES.has(error.code) || NETWORK_CODES.has(error.cause?.code)) return false;
  return !(error.name === 'TypeError' && error.message === 'fetch failed');
}

const describe = (error) => `${error.name ?? 'Error'}: ${error.message ?? ''}${error.diff ? `\n${error.diff}` : ''}`;
/** A message on one line (node:assert puts the values on the lines after its first). */
const oneLine = (text) =>
  String(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ')
    .slice(0, 300);
const cut = (text) => String(text).slice(0, TRACEBACK_CHARS);
