// A `cargo test` reader that writes trialgate's acceptor report (docs/report-format.md):
//   cargo test --no-fail-fast 2>&1 | node "$TRIALGATE_REPORTERS/cargo-test.mjs"
// It reads libtest's plain output on stdin (stable Rust has no machine-readable one), cargo's and the
// compiler's messages mixed in, and writes $TRIALGATE_REPORT. A Rust test fails by panicking, so an assertion
// is told from a crash by what the panic said: `assertion failed: …` and `assertion `left == right` failed`
// (assert!, assert_eq!, assert_ne!) and a #[should_panic] test that did not panic are `failed` (they can count
// as a detection; `assertion` is the message with its values); any other panic (an index out of range, an
// unwrap of None) is `error`, `error_in: test` (a code task's hidden tests count it as the test failing,
// docs/code-tasks.md), except one that says the network failed (a refused or reset connection, a timeout),
// `error_in: harness`. A test binary that did not build, or ended before every test it ran reported, makes
// the run incomplete, never a pass or a detection.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const OUTPUT_KEPT = 4000;
const report = process.env.TRIALGATE_REPORT;
if (!report) {
  process.stderr.write('cargo-test.mjs: TRIALGATE_REPORT is not set: run it as the acceptor trialgate starts, reading `cargo test 2>&1` on stdin\n');
  process.exit(2);
}

const lines = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) lines.push(line);

/** Each test binary cargo ran: its target (`tests/suite.rs`, `src/lib.rs`, `doc-tests`), tests planned and ended. */
const targets = [];
let target;
/** A failed test's captured output, by `target › name`. */
const said = new Map();
let capturing;
const compiler = [];
for (const line of lines) {
  const running = /^\s+Running (?:unittests )?(\S+)/.exec(line) ?? /^\s+Doc-tests (\S+)/.exec(line);
  if (running) {
    target = { name: line.trim().startsWith('Doc-tests') ? `doc-tests ${running[1]}` : running[1], planned: 0, tests: [] };
    targets.push(target);
    capturing = undefined;
    continue;
  }
  const planned = /^running (\d+) tests?$/.exec(line);
  if (planned && target) {
    target.planned = Number(planned[1]);
    continue;
  }
  const ended = /^test (.+?)(?: - should panic)? \.\.\. (ok|FAILED|ignored)(?:, .*)?$/.exec(line);
  if (ended && target) {
    target.tests.push({ name: ended[1], end: ended[2] });
    continue;
  }
  const section = /^---- (.+?) stdout ----$/.exec(line);
  if (section && target) {
    capturing = `${target.name} › ${section[1]}`;
    said.set(capturing, []);
    continue;
  }
  if (/^failures:$|^test result: /.test(line)) {
    capturing = undefined;
    continue;
  }
  if (capturing) said.get(capturing).push(line);
  else if (/^error(\[E\d+\])?: |^warning: unused/.test(line) || (compiler.length && /^\s+(-->|\||=)|^\s*\d+ \|/.test(line))) compiler.push(line);
}

const NETWORK = /ConnectionRefused|ConnectionReset|ConnectionAborted|TimedOut|Connection refused|Connection reset|os error 11[01]\b|os error 104\b/;

/** A failed test's record, from its captured output: an assertion's panic, a #[should_panic] that did not, or another panic. */
function failure(id, output) {
  const text = output.join('\n').trim();
  const traceback = text.slice(0, OUTPUT_KEPT);
  if (/^note: test did not panic as expected/m.test(text))
    return { test: id, status: 'failed', assertion: 'the test did not panic as #[should_panic] expects', traceback };
  const panic = /panicked at [^\n]*:\n([\s\S]*?)(?=\nstack backtrace:|\nnote: |$)/.exec(text);
  const message = panic?.[1]?.trim() ?? '';
  if (/^assertion (failed|`left [=!]= right` failed)/.test(message)) {
    // assert_eq!'s values are on the lines below its message: one line, as a reader quotes it.
    const [first, ...values] = message.split('\n').map((l) => l.trim());
    return { test: id, status: 'failed', assertion: [first, ...values.filter((v) => /^(left|right):/.test(v))].join(', '), traceback };
  }
  return {
    test: id,
    status: 'error',
    error_in: NETWORK.test(message) ? 'harness' : 'test',
    traceback: `${panic ? 'the test panicked' : 'the test failed'}: ${traceback}`.slice(0, OUTPUT_KEPT),
  };
}

const records = [];
let complete = true;
for (const t of targets) {
  for (const { name, end } of t.tests) {
    const id = `${t.name} › ${name}`;
    if (end === 'ok') records.push({ test: id, status: 'passed' });
    else if (end === 'ignored') records.push({ test: id, status: 'skipped' });
    else records.push(failure(id, said.get(id) ?? []));
  }
  // Its binary ended before every test it started reported (an abort, a stack overflow, process::exit).
  if (t.tests.length < t.planned) {
    complete = false;
    records.push({
      test: `${t.name} (test binary)`,
      status: 'error',
      traceback: `the test binary ended after ${t.tests.length} of ${t.planned} tests reported: ${lines.filter((l) => /process didn't exit successfully|signal: /.test(l)).join(' ') || 'it crashed'}`,
    });
  }
}
// Cargo stopped before a test binary ran (a compile error, a dependency it cannot fetch offline), or after one did not build.
const failedBuild = lines.some((l) => /^error: could not compile|^error: failed to|^error: no matching package|^error: failed to select/.test(l));
if (failedBuild || (targets.length === 0 && compiler.length)) {
  complete = false;
  const cause = (compiler.length ? compiler : lines.filter((l) => /^error/.test(l))).slice(0, 12).join('\n');
  records.unshift({ test: 'cargo test (build)', status: 'error', traceback: `the tests did not build: ${cause}`.slice(0, OUTPUT_KEPT) });
}

writeFileSync(report, `${JSON.stringify({ planned: records.length, executed: records.length, complete, blocked: false, records }, null, 2)}\n`);
