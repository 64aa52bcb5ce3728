// A `cargo test` reader that writes trialgate's acceptor report (docs/report-format.md):
//   cargo test --no-fail-fast 2>&1 | node "$TRIALGATE_REPORTERS/cargo-test.mjs"
// It reads libtest's plain output on stdin (stable Rust has no machine-readable one), cargo's and the
// compiler's messages mixed in, and writes $TRIALGATE_REPORT. A Rust test fails by panicking, so an assertion
// is told from a crash by what the panic said (`assertion failed: …`, `assertion `left == right` failed`) or
// where (an assertion macro in the test's source at its location), and a #[should_panic] test that did not
// panic is an assertion too: `failed` (it can count as a detection; `assertion` is the message with its
// values). Any other panic (an index out of range, an unwrap of None), and any panic an integration test
// raised in the code under test, is `error`, `error_in: test` (a code task's hidden tests count it as the
// test failing, docs/code-tasks.md), except one in the test that says the network failed (a refused or reset
// connection, a timeout), `error_in: harness`. A test binary that did not build, or ended before libtest
// started or before every test it ran reported, makes the run incomplete, never a pass or a detection. The
// code under test shares libtest's stdout (direct writes are not captured), so a binary's test lines must
// agree with libtest's summary of it, each test ending once, inside its run: otherwise none of them is read
// as passed and the run is incomplete.
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const OUTPUT_KEPT = 4000;
const report = process.env.TRIALGATE_REPORT;
if (!report) {
  process.stderr.write('cargo-test.mjs: TRIALGATE_REPORT is not set: run it as the acceptor trialgate starts, reading `cargo test 2>&1` on stdin\n');
  process.exit(2);
}

const lines = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) lines.push(line);

/**
 * Each test binary cargo ran: its target (`tests/suite.rs`, `src/lib.rs`, `doc-tests`), tests planned and
 * ended, libtest's summary, and what in its output libtest would not have written (`forged`).
 */
const targets = [];
let target;
/** A failed test's captured output, by `target › name`. */
const said = new Map();
let capturing;
const compiler = [];
for (const [at, line] of lines.entries()) {
  const running = /^\s+Running (?:unittests )?(\S+)/.exec(line) ?? /^\s+Doc-tests (\S+)/.exec(line);
  if (running) {
    target = {
      name: line.trim().startsWith('Doc-tests') ? `doc-tests ${running[1]}` : running[1],
      planned: undefined,
      tests: [],
      summary: undefined,
      forged: [],
      /** Where its lines start in the output: cargo's word on how it exited follows them. */
      at,
    };
    targets.push(target);
    capturing = undefined;
    continue;
  }
  const planned = /^running (\d+) tests?$/.exec(line);
  if (planned && target) {
    if (target.planned !== undefined) target.forged.push(`a second \`${line}\``);
    else target.planned = Number(planned[1]);
    continue;
  }
  // One test at a time, libtest writes `test a ... ` as the test starts and its end as it ends: what the
  // code under test wrote to stdout or stderr meanwhile (a log line) lands between, and the end follows on
  // a line of its own. A `test a ... ` line with something else after it waits for that end.
  const alone = target?.started ? /^(ok|FAILED|ignored)(?:, .*)?$/.exec(line) : null;
  const ended = /^test (.+?)(?: - should panic)? \.\.\. (ok|FAILED|ignored)(?:, .*)?$/.exec(line) ?? (alone ? [line, target.started, alone[1]] : null);
  const started = !ended && /^test (\S+)(?: - should panic)? \.\.\. /.exec(line);
  if (started && target && target.planned !== undefined && !target.summary) {
    target.started = started[1];
    continue;
  }
  if (ended && target) {
    const [, name, end] = ended;
    target.started = undefined;
    if (target.planned === undefined || target.summary) target.forged.push(`\`${line}\` outside the run of its tests`);
    // The candidate's code wrote into libtest's own line (one test at a time, libtest writes a test's
    // name when it starts and its end when it ends): `test a ... test a ... ok`.
    else if (name.includes(' ... ')) target.forged.push(`\`${line}\`, a test's own output inside libtest's line`);
    else if (target.tests.some((t) => t.name === name)) target.forged.push(`\`${line}\` after the test had already ended`);
    else target.tests.push({ name, end });
    continue;
  }
  const summary = /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored;/.exec(line);
  if (summary && target) {
    if (target.summary) target.forged.push(`a second \`test result:\``);
    else target.summary = { passed: Number(summary[1]), failed: Number(summary[2]), ignored: Number(summary[3]) };
    capturing = undefined;
    continue;
  }
  const section = /^---- (.+?) stdout ----$/.exec(line);
  if (section && target) {
    capturing = `${target.name} › ${section[1]}`;
    said.set(capturing, []);
    continue;
  }
  if (/^failures:$/.test(line)) {
    capturing = undefined;
    continue;
  }
  if (capturing) said.get(capturing).push(line);
  else if (/^error(\[E\d+\])?: |^warning: unused/.test(line) || (compiler.length && /^\s+(-->|\||=)|^\s*\d+ \|/.test(line))) compiler.push(line);
}

/**
 * What libtest's summary of a binary that reported every test it planned contradicts: its counts are of
 * the tests it ran, so a test line it did not write (the candidate's code writes to the same stdout) or one
 * it wrote that was lost shows as a count that does not match.
 */
function contradicted(t) {
  if (!t.summary)
    return [`no \`test result:\` line: the test binary ended before libtest's summary (process::exit in a test), or its test lines were not libtest's`];
  const count = (end) => t.tests.filter((x) => x.end === end).length;
  const lines = { passed: count('ok'), failed: count('FAILED'), ignored: count('ignored') };
  const off = Object.entries(lines).filter(([k, n]) => t.summary[k] !== n);
  return off.length
    ? [`libtest's summary counts ${off.map(([k]) => `${t.summary[k]} ${k}`).join(', ')}, its test lines ${off.map(([k, n]) => `${n} ${k}`).join(', ')}`]
    : [];
}

const NETWORK = /ConnectionRefused|ConnectionReset|ConnectionAborted|TimedOut|Connection refused|Connection reset|os error 11[01]\b|os error 104\b/;

/**
 * Whether a panic at `location` was raised in the code under test rather than the test's own: an
 * integration test's files are under `tests/`, so a panic at another path of the crate (`src/lib.rs:4:9`)
 * is the code's. A unit test's module shares its file with the code (and a doc-test is the code's
 * documentation): there a panic's location cannot tell, and it is read as the test's.
 */
const inCode = (target, location) => /^tests\//.test(target) && !!location && !location.startsWith('/') && !location.startsWith('tests/');

/**
 * Whether the test's source has an assertion macro where the panic was raised (`tests/suite.rs:4:17`):
 * `assert!(ok, "why")` panics with its message alone, which its words cannot tell from `panic!("why")`; its
 * location, the macro's first character, can. Read from the crate cargo ran in (the reader's working
 * directory, as `cd "$t" && cargo test … | node …` leaves it); a file not there tells nothing.
 */
function assertAt(location, line, column) {
  if (!location || !line || location.startsWith('/') || location.split('/').includes('..')) return false;
  let source;
  try {
    source = readFileSync(location, 'utf8');
  } catch {
    return false;
  }
  const text = source.split('\n')[Number(line) - 1];
  return text !== undefined && /^(debug_)?assert(_\w+)?!/.test([...text].slice(Number(column) - 1).join(''));
}

/**
 * A failed test's record, from its captured output: an assertion's panic in the test, a #[should_panic]
 * that did not panic, or another panic. The panic read is the last one the output holds (the one that ended
 * the test): what the test printed before it was captured too, and may be shaped like a panic.
 */
function failure(id, target, output) {
  const text = output.join('\n').trim();
  const traceback = text.slice(0, OUTPUT_KEPT);
  if (/^note: test did not panic as expected/m.test(text))
    return { test: id, status: 'failed', assertion: 'the test did not panic as #[should_panic] expects', traceback };
  const panics = [
    ...text.matchAll(
      /^thread '[^'\n]*'(?: \(\d+\))? panicked at (.*?)(?::(\d+):(\d+))?:\n([\s\S]*?)(?=\nstack backtrace:|\nnote: |\nthread '[^'\n]*'(?: \(\d+\))? panicked at |(?![\s\S]))/gm,
    ),
  ];
  const panic = panics.at(-1);
  const location = panic?.[1];
  const message = panic?.[4]?.trim() ?? '';
  const raisedInCode = inCode(target, location);
  if ((/^assertion (failed|`left [=!]= right` failed)/.test(message) || assertAt(location, panic?.[2], panic?.[3])) && !raisedInCode) {
    // assert_eq!'s values are on the lines below its message: one line, as a reader quotes it.
    const [first, ...values] = message.split('\n').map((l) => l.trim());
    return { test: id, status: 'failed', assertion: [first, ...values.filter((v) => /^(left|right):/.test(v))].join(', '), traceback };
  }
  return {
    test: id,
    status: 'error',
    // The network failed under the test's own request; the code under test panicking with those words is a crash of the code.
    error_in: NETWORK.test(message) && !raisedInCode ? 'harness' : 'test',
    traceback: `${panic ? `the test panicked${raisedInCode ? ` in the code under test (${location})` : ''}` : 'the test failed'}: ${traceback}`.slice(
      0,
      OUTPUT_KEPT,
    ),
  };
}

/** What cargo said of how a test binary exited (`process didn't exit successfully: … (signal: 6, SIGABRT)`), from its own lines. */
function exited(t) {
  const next = targets[targets.indexOf(t) + 1]?.at ?? lines.length;
  return lines
    .slice(t.at, next)
    .filter((l) => /process didn't exit successfully|signal: /.test(l))
    .map((l) => l.trim())
    .join(' ');
}

const records = [];
let complete = true;
for (const t of targets) {
  // Its output holds what libtest does not write: none of its tests is read as passed.
  const ranAll = t.planned !== undefined && t.tests.length >= t.planned;
  const forged = [
    ...t.forged,
    ...(ranAll && t.tests.length > t.planned ? [`${t.tests.length} tests ended of ${t.planned} planned`] : []),
    ...(ranAll ? contradicted(t) : []),
  ];
  for (const { name, end } of t.tests) {
    const id = `${t.name} › ${name}`;
    if (end === 'ok' && !forged.length) records.push({ test: id, status: 'passed' });
    else if (end === 'ignored') records.push({ test: id, status: 'skipped' });
    else if (end === 'FAILED') records.push(failure(id, t.name, said.get(id) ?? []));
  }
  if (forged.length) {
    complete = false;
    records.push({
      test: `${t.name} (test binary)`,
      status: 'error',
      traceback:
        `the test binary's output is not libtest's alone (the code under test can write to the same stdout), so none of its tests is read as passed: ${forged.join('; ')}`.slice(
          0,
          OUTPUT_KEPT,
        ),
    });
  } else if (t.planned === undefined) {
    // It printed no `running N tests`: it ended before libtest started (process::exit or a crash in a
    // static constructor, a library it could not load), or it is not libtest's (`harness = false`).
    complete = false;
    records.push({
      test: `${t.name} (test binary)`,
      status: 'error',
      traceback: `the test binary ran no test libtest reported: it ended before libtest started (${exited(t) || 'it exited without a word'}), or it is a target of its own harness (\`harness = false\`), whose output this reader cannot read: leave it out with \`cargo test --test <name>\` for each libtest target`,
    });
  } else if (t.tests.length < t.planned) {
    // Its binary ended before every test it started reported (an abort, a stack overflow, process::exit).
    complete = false;
    records.push({
      test: `${t.name} (test binary)`,
      status: 'error',
      traceback: `the test binary ended after ${t.tests.length} of ${t.planned} tests reported: ${exited(t) || 'it crashed'}`,
    });
  }
}
// Cargo stopped before a test binary ran (a compile error, a dependency it cannot fetch offline), or after one did not build.
const failedBuild = lines.some((l) => /^error: (could not compile|failed to|no matching package)/.test(l));
if (failedBuild || (targets.length === 0 && compiler.length)) {
  complete = false;
  const cause = (compiler.length ? compiler : lines.filter((l) => /^error/.test(l))).slice(0, 12).join('\n');
  records.unshift({ test: 'cargo test (build)', status: 'error', traceback: `the tests did not build: ${cause}`.slice(0, OUTPUT_KEPT) });
}

writeFileSync(report, `${JSON.stringify({ planned: records.length, executed: records.length, complete, blocked: false, records }, null, 2)}\n`);
