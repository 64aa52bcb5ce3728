// A `go test -json` reader that writes trialgate's acceptor report (docs/report-format.md):
//   go test -json ./... 2>&1 | node "$TRIALGATE_REPORTERS/go-test.mjs"
// It reads Go's own event stream (cmd/test2json) on stdin, the compiler's messages mixed in, and writes
// $TRIALGATE_REPORT. Go's testing package has one way to fail a test, so an assertion is told from a crash
// by how the test ended, not by a type: a test failed through t.Error/t.Fatal is `failed` (it can count as
// a detection; `assertion` is the first message it logged); a test that panicked (a nil map, a helper's
// panic on a transport error, `go test -timeout`) or never finished is `error` (`error_in: test` where the
// panic was raised in the code under test, not a test file: a code task's hidden tests count it as the
// test failing, docs/code-tasks.md), and so is a package that
// did not build, whose record leads with the compiler's first lines. A test that panicked ends its test
// binary: the run is then incomplete, never a pass or a detection.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const OUTPUT_KEPT = 4000;
const report = process.env.TRIALGATE_REPORT;
if (!report) {
  process.stderr.write('go-test.mjs: TRIALGATE_REPORT is not set: run it as the acceptor trialgate starts, reading `go test -json` on stdin\n');
  process.exit(2);
}

/** Per package and test: its output so far and how it ended (undefined while running). */
const tests = new Map();
const packages = new Map();
const compiler = [];
const key = (event) => `${event.Package}\0${event.Test}`;

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let event;
  try {
    event = line.startsWith('{') ? JSON.parse(line) : undefined;
  } catch {
    event = undefined;
  }
  // Not an event: what the go command itself said on stderr (a compile error, a missing module).
  if (!event || typeof event.Action !== 'string') {
    if (line.trim()) compiler.push(line);
    continue;
  }
  // Go 1.24 and later report a build's output as events of its own.
  if (event.Action === 'build-output') {
    if (event.Output?.trim()) compiler.push(event.Output.replace(/\n$/, ''));
    continue;
  }
  if (!event.Package) continue;
  if (!event.Test) {
    const pkg = packages.get(event.Package) ?? { output: '', end: undefined };
    if (event.Action === 'output') pkg.output = (pkg.output + event.Output).slice(-OUTPUT_KEPT);
    if (['pass', 'fail', 'skip'].includes(event.Action)) pkg.end = event.Action;
    if (event.FailedBuild) pkg.failedBuild = true;
    packages.set(event.Package, pkg);
    continue;
  }
  const test = tests.get(key(event)) ?? { pkg: event.Package, name: event.Test, output: '', end: undefined, elapsed: undefined, running: false };
  if (event.Action === 'output') test.output = (test.output + event.Output).slice(0, OUTPUT_KEPT);
  // The code under test writes to the stdout the test binary's own lines go to, and test2json reads any line
  // as one of them: a test started while it runs, or ended when it is not running (a `--- PASS` written after
  // its real `--- FAIL`), was written by someone else. An honest -count=N runs and ends a test N times in turn.
  if (event.Action === 'run') {
    if (test.running) test.forged ??= `it was started again while it ran (=== RUN ${test.name} written by the code under test)`;
    test.running = true;
  }
  if (['pass', 'fail', 'skip'].includes(event.Action)) {
    if (!test.running)
      test.forged ??= `it ended again when it was not running (--- ${event.Action.toUpperCase()}: ${test.name} written by the code under test)`;
    test.running = false;
    // Of several runs (-count), one that failed is the test failing.
    if (test.end !== 'fail') test.end = event.Action;
    test.elapsed = event.Elapsed;
  }
  tests.set(key(event), test);
}

const many = new Set([...tests.values()].map((t) => t.pkg)).size > 1;
const idOf = (t) => (many ? `${t.pkg}.${t.name}` : t.name);
const panicked = (t) => /^panic: |\[recovered\]/m.test(t.output);
/**
 * Where a panic was raised, from its goroutine trace: `test` when the first frame below the runtime's
 * `panic(` outside Go's own sources is a file of the package under test (the code a code task's hidden
 * tests call: an index out of range, a nil map), `harness` when it is a _test.go file (a helper that panics
 * on a refused request) or none is (`go test -timeout`).
 */
const panicIn = (t) => {
  const lines = t.output.split('\n');
  const raised = lines.findIndex((l) => /^panic\(/.test(l));
  const goroot = raised >= 0 ? /^\s+(.*)\/src\/runtime\/panic\.go:\d+/.exec(lines[raised + 1] ?? '')?.[1] : undefined;
  if (!goroot) return 'harness';
  const frame = lines.slice(raised + 2).find((l) => /^\s+\S+\.go:\d+/.test(l) && !l.trim().startsWith(`${goroot}/src/`));
  return frame && !/_test\.go:\d+/.test(frame) ? 'test' : 'harness';
};
/** The first message the test logged (`    tally_test.go:31: got 200, want 400`), without its location. */
const logged = (t) => /^\s+[\w.-]+\.go:\d+: (.*)$/m.exec(t.output)?.[1];
// A parent's outcome repeats its subtests': only a parent that failed with no failing subtest is its own record.
const hasSubtests = (t) => [...tests.values()].some((s) => s.pkg === t.pkg && s.name.startsWith(`${t.name}/`));
const failingSubtest = (t) => [...tests.values()].some((s) => s.pkg === t.pkg && s.name.startsWith(`${t.name}/`) && s.end === 'fail');

const records = [];
let complete = true;
for (const t of tests.values()) {
  if (t.forged) {
    complete = false;
    records.push({ test: idOf(t), status: 'error', traceback: `the test's lines were forged: ${t.forged}\n${t.output.trim()}`.slice(0, OUTPUT_KEPT) });
    continue;
  }
  if (hasSubtests(t) && (t.end !== 'fail' || failingSubtest(t))) continue;
  const duration_ms = t.elapsed === undefined ? undefined : Math.round(t.elapsed * 1000);
  if (t.end === 'pass') records.push({ test: idOf(t), status: 'passed', duration_ms });
  else if (t.end === 'skip') records.push({ test: idOf(t), status: 'skipped', duration_ms });
  else if (t.end === 'fail' && !panicked(t)) {
    records.push({ test: idOf(t), status: 'failed', assertion: logged(t) ?? 'the test failed (t.Fail)', traceback: t.output.trim(), duration_ms });
  } else {
    complete = false;
    const why =
      t.end === undefined ? 'the test never finished: its test binary ended (os.Exit, a crash, or a panic in another goroutine)' : 'the test panicked';
    records.push({
      test: idOf(t),
      status: 'error',
      ...(t.end === 'fail' ? { error_in: panicIn(t) } : {}),
      traceback: `${why}\n${t.output.trim()}`.slice(0, OUTPUT_KEPT),
    });
  }
}

/** What the go command said, cause first: without its `# package` headers and `FAIL … [build failed]` lines. */
const said = (lines) => {
  const cause = lines.filter((l) => !/^# |^FAIL\s|^ok\s/.test(l));
  return (cause.length ? cause : lines).join('\n');
};
// A package that failed with no test of its own failing did not build, or its test binary could not start.
for (const [name, pkg] of packages) {
  const own = [...tests.values()].filter((t) => t.pkg === name);
  if (pkg.end !== 'fail' || own.some((t) => t.end === 'fail' || t.end === undefined)) continue;
  const why = said([...compiler, ...pkg.output.split('\n')].filter((l) => l.trim()));
  records.unshift({ test: `${name} (build)`, status: 'error', traceback: `the tests did not build or start: ${why}`.slice(0, OUTPUT_KEPT) });
}
// The go command stopped before any package ran (a compile error before Go 1.24, no go.mod, a module it cannot download).
if (packages.size === 0 && compiler.length) {
  records.push({ test: 'go test (build)', status: 'error', traceback: `the tests did not build or start: ${said(compiler)}`.slice(0, OUTPUT_KEPT) });
}

writeFileSync(report, `${JSON.stringify({ planned: records.length, executed: records.length, complete, blocked: false, records }, null, 2)}\n`);
