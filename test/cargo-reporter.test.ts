// The shipped `cargo test` reader (reporters/cargo-test.mjs): libtest's plain output, recorded from a real
// `cargo test --no-fail-fast` (test/golden/cargo-test-output.txt, a crate written for it: every way a Rust
// test ends), and, where cargo is installed, a real run: an assertion's panic (assert!, assert_eq!) and a
// #[should_panic] that did not panic are `failed`, any other panic `error` (in the test, or the harness's when
// the network failed), an ignored test `skipped`, and a crate that does not build, or a test binary that
// ends early, one `error` that leaves the run incomplete.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from './support/fixtures.ts';
import { timeLimit } from './support/time-limit.ts';

const REPORTER = join(ROOT, 'reporters', 'cargo-test.mjs');
const NO_CARGO = spawnSync('cargo', ['--version']).status === 0 ? undefined : 'cargo is not on PATH (rustup, or apt-get install cargo)';

type Report = { complete: boolean; records: { test: string; status: string; assertion?: string; traceback?: string; error_in?: string }[] };

/** The report the reader writes of `output`, run where cargo ran (`crate`: the panics' locations are read there). */
async function read(output: string, crate?: string): Promise<Report> {
  const report = join(await tempDir('trialgate-cargo-reporter-'), 'report.json');
  const run = spawnSync('node', [REPORTER], {
    input: output,
    env: { ...process.env, TRIALGATE_REPORT: report },
    encoding: 'utf8',
    ...(crate ? { cwd: crate } : {}),
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(await readFile(report, 'utf8')) as Report;
}

const byTest = (report: Report) => Object.fromEntries(report.records.map((r) => [r.test, r]));

/** What every test of the recorded crate ends as, by its id: `<target> › <test>`. */
const EXPECTED: Record<string, { status: string; error_in?: string; assertion?: string }> = {
  'src/lib.rs › tests::unit_passes': { status: 'passed' },
  'tests/suite.rs › adds': { status: 'passed' },
  'tests/suite.rs › ignored_one': { status: 'skipped' },
  'tests/suite.rs › plain_assert': { status: 'failed', assertion: 'assertion failed: parse("x").is_some()' },
  'tests/suite.rs › refuses_zero': { status: 'failed', assertion: 'assertion `left == right` failed: zero is refused, left: Some(0), right: None' },
  'tests/suite.rs › should_have_panicked': { status: 'failed', assertion: 'the test did not panic as #[should_panic] expects' },
  'tests/suite.rs › index_in_code': { status: 'error', error_in: 'test' },
  'tests/suite.rs › unwraps_in_test': { status: 'error', error_in: 'test' },
  'tests/suite.rs › refused_connection': { status: 'error', error_in: 'harness' },
};

function assertEnds(report: Report): void {
  const records = byTest(report);
  for (const [test, expected] of Object.entries(EXPECTED)) {
    const record = records[test];
    assert.ok(record, `${test} is reported: ${Object.keys(records).join(', ')}`);
    assert.equal(record.status, expected.status, test);
    if (expected.error_in) assert.equal(record.error_in, expected.error_in, test);
    if (expected.assertion) assert.equal(record.assertion, expected.assertion, test);
  }
}

it('recorded libtest output: each way a test ends, by its target and name', async () => {
  const report = await read(await readFile(join(ROOT, 'test', 'golden', 'cargo-test-output.txt'), 'utf8'));
  assert.equal(report.complete, true);
  assert.equal(report.records.length, Object.keys(EXPECTED).length);
  assertEnds(report);
  assert.match(byTest(report)['tests/suite.rs › index_in_code']!.traceback!, /index out of bounds: the len is 1 but the index is 3/);
});

it('a crate that does not build is one error, leading with the compiler’s words', async () => {
  const output = [
    '   Compiling tally v0.1.0 (/work/tally)',
    'error[E0425]: cannot find function `undefined_fn` in this scope',
    ' --> tests/suite.rs:5:13',
    '  |',
    '5 | fn adds() { undefined_fn(); }',
    '  |             ^^^^^^^^^^^^ not found in this scope',
    '',
    'For more information about this error, try `rustc --explain E0425`.',
    'error: could not compile `tally` (test "suite") due to 1 previous error',
  ].join('\n');
  const report = await read(output);
  assert.equal(report.complete, false);
  assert.equal(report.records.length, 1);
  assert.equal(report.records[0]!.status, 'error');
  assert.match(
    report.records[0]!.traceback!,
    /^the tests did not build: error\[E0425\]: cannot find function `undefined_fn` in this scope\n --> tests\/suite\.rs:5:13/,
  );
});

/**
 * A regressed candidate's code, run inside the test binary, writes to the stdout libtest writes to
 * (`std::io::stdout().write_all` is not captured): one test at a time, libtest has written
 * `test refuses_zero ... ` when the test starts, and the code ends the line as a pass, then returns its
 * wrong value (libtest's `FAILED` lands on a line of its own) or exits before libtest's summary.
 */
const WRITES_OK = `use std::io::Write;
pub fn parse(s: &str) -> Option<u32> {
    if s == "0" {
        let mut out = std::io::stdout();
        let _ = out.write_all(b"ok\\n");
        let _ = out.flush();
        if std::env::var("EXIT").is_ok() { std::process::exit(0); }
    }
    s.parse().ok()
}
`;
const FORGED_BINARY = /^the test binary's output is not libtest's alone .*, so none of its tests is read as passed: /;

/** What real cargo 1.95 wrote for WRITES_OK's suite binary, `-- --test-threads=1`. */
const ENDS_THE_LINE = `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)

running 2 tests
test adds ... ok
test refuses_zero ... ok
FAILED

failures:

---- refuses_zero stdout ----

thread 'refuses_zero' (28003) panicked at tests/suite.rs:5:21:
assertion \`left == right\` failed: zero is refused
  left: Some(0)
 right: None


failures:
    refuses_zero

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.06s

error: test failed, to rerun pass \`--test suite\`
`;
const EXITS_BEFORE_SUMMARY = `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)

running 2 tests
test adds ... ok
test refuses_zero ... ok
   Doc-tests tally

running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
`;

function assertRefused(report: Report): void {
  assert.equal(report.complete, false, JSON.stringify(report.records));
  assert.ok(!report.records.some((r) => r.test === 'tests/suite.rs › refuses_zero' && r.status === 'passed'), JSON.stringify(report.records));
  const binary = byTest(report)['tests/suite.rs (test binary)'];
  assert.equal(binary?.status, 'error', JSON.stringify(report.records));
  assert.match(binary!.traceback!, FORGED_BINARY);
}

describe('the code under test writing test lines to libtest’s stdout', () => {
  it('ending libtest’s `test … ... ` line with `ok`: the summary’s failed test is not in the lines, refused', async () => {
    const report = await read(ENDS_THE_LINE);
    assertRefused(report);
    assert.match(byTest(report)['tests/suite.rs (test binary)']!.traceback!, /summary counts 1 passed, 1 failed, its test lines 2 passed, 0 failed/);
  });

  it('and exiting before libtest’s summary: no `test result:` line, refused', async () => {
    const report = await read(EXITS_BEFORE_SUMMARY);
    assertRefused(report);
    assert.match(byTest(report)['tests/suite.rs (test binary)']!.traceback!, /no `test result:` line/);
  });

  it('a test line written twice, or outside its binary’s run: refused', async () => {
    const twice = ENDS_THE_LINE.replace('test refuses_zero ... ok\nFAILED', 'test refuses_zero ... ok\ntest refuses_zero ... FAILED');
    assert.match(byTest(await read(twice))['tests/suite.rs (test binary)']!.traceback!, /`test refuses_zero \.\.\. FAILED` after the test had already ended/);
    const after =
      ENDS_THE_LINE.replace('test result: FAILED. 1 passed; 1 failed;', 'test result: ok. 2 passed; 0 failed;').replace('FAILED\n', '') +
      'test refuses_zero ... ok\n';
    assert.match(byTest(await read(after))['tests/suite.rs (test binary)']!.traceback!, /`test refuses_zero \.\.\. ok` outside the run of its tests/);
  });
});

/**
 * Panics raised in the code under test that read as something else by their words: its own `assert!`, a
 * panic that says the network failed, and one after the code printed a panic shaped like an assertion at
 * the test's line (captured with the panic). Each is the code crashing, never the hidden test's assertion
 * (a detection) or the harness's network (an environment error).
 */
const CODE_PANICS_LIB = `pub fn checked(n: u32) -> u32 { assert!(n < 10); n }
pub fn dial() -> u32 { panic!("called \`Result::unwrap()\` on an \`Err\` value: Os {{ code: 111, kind: ConnectionRefused, message: \\"Connection refused\\" }}") }
pub fn shaped(v: &[u32]) -> u32 { println!("thread 'prints_assertion' panicked at tests/suite.rs:1:1:\\nassertion failed: forged"); v[3] }
`;
const CODE_PANICS_SUITE = `use tally::*;
#[test]
fn code_asserts() { assert_eq!(checked(20), 20); }
#[test]
fn code_dials() { assert_eq!(dial(), 1); }
#[test]
fn prints_assertion() { assert_eq!(shaped(&[1]), 1); }
`;
/** What real cargo 1.95 wrote for them. */
const CODE_PANICS = `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)

running 3 tests
test code_asserts ... FAILED
test code_dials ... FAILED
test prints_assertion ... FAILED

failures:

---- code_asserts stdout ----

thread 'code_asserts' (2296) panicked at src/lib.rs:1:33:
assertion failed: n < 10
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace

---- code_dials stdout ----

thread 'code_dials' (2297) panicked at src/lib.rs:2:24:
called \`Result::unwrap()\` on an \`Err\` value: Os { code: 111, kind: ConnectionRefused, message: "Connection refused" }

---- prints_assertion stdout ----
thread 'prints_assertion' panicked at tests/suite.rs:1:1:
assertion failed: forged

thread 'prints_assertion' (2298) panicked at src/lib.rs:3:132:
index out of bounds: the len is 1 but the index is 3


failures:
    code_asserts
    code_dials
    prints_assertion

test result: FAILED. 0 passed; 3 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

error: test failed, to rerun pass \`--test suite\`
`;

function assertCodeCrashes(report: Report): void {
  const records = byTest(report);
  for (const test of ['code_asserts', 'code_dials', 'prints_assertion']) {
    const record = records[`tests/suite.rs › ${test}`];
    assert.equal(record?.status, 'error', `${test}: ${JSON.stringify(record)}`);
    assert.equal(record.error_in, 'test', test);
    assert.match(record.traceback!, /^the test panicked in the code under test \(src\/lib\.rs\): /, test);
  }
}

it('a panic raised in the code under test is its crash, whatever it says: not an assertion, not the network', async () => {
  assertCodeCrashes(await read(CODE_PANICS));
});

/**
 * The code under test ending its test binary from a static constructor, before libtest starts: the
 * binary prints nothing of libtest's, and its tests are nowhere in the output. Leaving with 0, cargo
 * says nothing of it either.
 */
const LEAVES_LIB = `pub fn parse(s: &str) -> Option<u32> { s.parse().ok() }
extern "C" fn leave() {
    let exe = std::fs::read_link("/proc/self/exe").map(|p| p.display().to_string()).unwrap_or_default();
    if exe.contains("/suite-") { std::process::exit(std::env::var("CODE").ok().and_then(|c| c.parse().ok()).unwrap_or(0)); }
}
#[used]
#[link_section = ".init_array"]
static LEAVE: extern "C" fn() = leave;
`;
/** What real cargo 1.95 wrote for it, exiting with 0 and with 3. */
const LEFT_BEFORE_LIBTEST = {
  0: `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)
   Doc-tests tally

running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
`,
  3: `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)
error: test failed, to rerun pass \`--test suite\`

Caused by:
  process didn't exit successfully: \`/tmp/h17/e/target/debug/deps/suite-335037585bb598f3\` (exit status: 3)
note: test exited abnormally; to see the full output pass --no-capture to the harness.
   Doc-tests tally

running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

error: 1 target failed:
    \`--test suite\`
`,
};

function assertLeftBeforeLibtest(report: Report, code: number): void {
  assert.equal(report.complete, false, JSON.stringify(report.records));
  const binary = byTest(report)['tests/suite.rs (test binary)'];
  assert.equal(binary?.status, 'error', JSON.stringify(report.records));
  assert.match(binary!.traceback!, /^the test binary ran no test libtest reported: it ended before libtest started \(/);
  if (code) assert.match(binary!.traceback!, /\(exit status: 3\)/);
}

it('a test binary that ended before libtest started (a static constructor’s exit, with 0 or not): refused', async () => {
  for (const code of [0, 3] as const) assertLeftBeforeLibtest(await read(LEFT_BEFORE_LIBTEST[code]), code);
});

/**
 * `assert!(ok, "why")` panics with its message alone, as `panic!("why")` would: the test's source at the
 * panic's location tells them apart (an index inside an `assert_eq!` is located at the index).
 */
const SAYS_WHY_SUITE = `use tally::*;

#[test]
fn says_why() { assert!(parse("0").is_none(), "zero is refused, got {:?}", parse("0")); }

#[test]
fn crashes() { let v: Vec<u32> = vec![]; assert_eq!(v[parse("0").unwrap() as usize], 1); }

#[test]
fn multi_line() {
    assert!(
        parse("7").is_none(),
        "seven is refused"
    );
}
`;
/** What real cargo 1.95 wrote for it. */
const SAYS_WHY = `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)

running 3 tests
test multi_line ... FAILED
test crashes ... FAILED
test says_why ... FAILED

failures:

---- multi_line stdout ----

thread 'multi_line' (19136) panicked at tests/suite.rs:11:5:
seven is refused
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace

---- crashes stdout ----

thread 'crashes' (19135) panicked at tests/suite.rs:7:54:
index out of bounds: the len is 0 but the index is 0

---- says_why stdout ----

thread 'says_why' (19137) panicked at tests/suite.rs:4:17:
zero is refused, got Some(0)


failures:
    crashes
    multi_line
    says_why

test result: FAILED. 0 passed; 3 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

error: test failed, to rerun pass \`--test suite\`
`;

function assertSaysWhy(report: Report): void {
  const records = byTest(report);
  assert.deepEqual(
    ['says_why', 'multi_line', 'crashes'].map((t) => [t, records[`tests/suite.rs › ${t}`]?.status, records[`tests/suite.rs › ${t}`]?.assertion]),
    [
      ['says_why', 'failed', 'zero is refused, got Some(0)'],
      ['multi_line', 'failed', 'seven is refused'],
      ['crashes', 'error', undefined],
    ],
  );
}

it('an assert! with a message of its own is an assertion, read at its location in the test’s source', async () => {
  const crate = await tempDir('trialgate-cargo-says-why-');
  await mkdir(join(crate, 'tests'));
  await writeFile(join(crate, 'tests', 'suite.rs'), SAYS_WHY_SUITE);
  assertSaysWhy(await read(SAYS_WHY, crate));
});

/** Code that logs to stdout directly, as a logger does: one test at a time, the log lands inside libtest's line. */
const LOGS_LIB = `use std::io::Write;
pub fn parse(s: &str) -> Option<u32> { let _ = std::io::stdout().write_all(b"parsing\\n"); s.parse().ok() }
`;
/** What real cargo 1.95 wrote for it, \`-- --test-threads=1\`. */
const LOGS = `     Running tests/suite.rs (target/debug/deps/suite-335037585bb598f3)

running 1 test
test adds ... parsing
ok

test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
`;

it('a log the code wrote inside libtest’s line: the test’s end on the next line is its end', async () => {
  const report = await read(LOGS);
  assert.equal(report.complete, true, JSON.stringify(report.records));
  assert.deepEqual(report.records, [{ test: 'tests/suite.rs › adds', status: 'passed' }]);
});

const LIB =
  'pub fn parse(s: &str) -> Option<u32> { s.parse().ok() }\npub fn nth(v: &[u32], i: usize) -> u32 { v[i] }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn unit_passes() { assert_eq!(super::parse("3"), Some(3)); }\n}\n';
const SUITE = `use std::net::TcpStream;
use tally::*;

#[test]
fn adds() { assert_eq!(parse("3"), Some(3)); }

#[test]
fn refuses_zero() { assert_eq!(parse("0"), None, "zero is refused"); }

#[test]
fn plain_assert() { assert!(parse("x").is_some()); }

#[test]
fn index_in_code() { assert_eq!(nth(&[1], 3), 1); }

#[test]
fn unwraps_in_test() { let n: u32 = parse("x").unwrap(); assert_eq!(n, 1); }

#[test]
fn refused_connection() { TcpStream::connect("127.0.0.1:1").unwrap(); }

#[test]
#[should_panic]
fn should_have_panicked() { }

#[test]
#[ignore]
fn ignored_one() { }
`;

describe('a real cargo test', { skip: NO_CARGO, timeout: timeLimit(300_000) }, () => {
  it('reads as the recorded output does; a test binary that aborts leaves the run incomplete', async () => {
    const crate = await tempDir('trialgate-cargo-crate-');
    await mkdir(join(crate, 'src'));
    await mkdir(join(crate, 'tests'));
    await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "tally"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(join(crate, 'src', 'lib.rs'), LIB);
    await writeFile(join(crate, 'tests', 'suite.rs'), SUITE);
    const cargo = (dir: string) => {
      const run = spawnSync('sh', ['-c', 'cargo test --offline --no-fail-fast 2>&1'], {
        cwd: dir,
        env: { ...process.env, RUST_BACKTRACE: '0' },
        encoding: 'utf8',
      });
      return run.stdout;
    };
    assertEnds(await read(cargo(crate)));

    await writeFile(join(crate, 'tests', 'aborts.rs'), '#[test]\nfn aborts() { std::process::abort(); }\n');
    const aborted = await read(cargo(crate));
    assert.equal(aborted.complete, false);
    assert.ok(
      aborted.records.some((r) => r.test === 'tests/aborts.rs (test binary)' && r.status === 'error'),
      JSON.stringify(aborted.records),
    );
  });

  it('panics in the code under test, shaped like an assertion or a refused connection: its crashes', async () => {
    const crate = await tempDir('trialgate-cargo-code-panics-');
    await mkdir(join(crate, 'src'));
    await mkdir(join(crate, 'tests'));
    await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "tally"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(join(crate, 'src', 'lib.rs'), CODE_PANICS_LIB);
    await writeFile(join(crate, 'tests', 'suite.rs'), CODE_PANICS_SUITE);
    const run = spawnSync('sh', ['-c', 'cargo test --offline --no-fail-fast 2>&1'], {
      cwd: crate,
      env: { ...process.env, RUST_BACKTRACE: '0' },
      encoding: 'utf8',
    });
    assertCodeCrashes(await read(run.stdout));
  });

  it('assert! with a message of its own, real: an assertion', async () => {
    const crate = await tempDir('trialgate-cargo-says-why-');
    await mkdir(join(crate, 'src'));
    await mkdir(join(crate, 'tests'));
    await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "tally"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(join(crate, 'src', 'lib.rs'), 'pub fn parse(s: &str) -> Option<u32> { s.parse().ok() }\n');
    await writeFile(join(crate, 'tests', 'suite.rs'), SAYS_WHY_SUITE);
    const run = spawnSync('sh', ['-c', 'cargo test --offline --no-fail-fast 2>&1'], {
      cwd: crate,
      env: { ...process.env, RUST_BACKTRACE: '0' },
      encoding: 'utf8',
    });
    assertSaysWhy(await read(run.stdout, crate));
  });

  it('code that logs to stdout, one test at a time: its tests read as they ended', async () => {
    const crate = await tempDir('trialgate-cargo-logs-');
    await mkdir(join(crate, 'src'));
    await mkdir(join(crate, 'tests'));
    await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "tally"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(join(crate, 'src', 'lib.rs'), LOGS_LIB);
    await writeFile(
      join(crate, 'tests', 'suite.rs'),
      'use tally::*;\n#[test]\nfn adds() { assert_eq!(parse("3"), Some(3)); }\n#[test]\nfn refuses_zero() { assert_eq!(parse("0"), None); }\n',
    );
    const run = spawnSync('sh', ['-c', 'cargo test --offline --no-fail-fast -- --test-threads=1 2>&1'], { cwd: crate, encoding: 'utf8' });
    const report = await read(run.stdout);
    assert.equal(report.complete, true, JSON.stringify(report.records));
    assert.equal(byTest(report)['tests/suite.rs › adds']?.status, 'passed', run.stdout);
    assert.equal(byTest(report)['tests/suite.rs › refuses_zero']?.status, 'failed', run.stdout);
  });

  it('code that ends its test binary before libtest starts, with 0 or not: refused', async () => {
    const crate = await tempDir('trialgate-cargo-leaves-');
    await mkdir(join(crate, 'src'));
    await mkdir(join(crate, 'tests'));
    await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "tally"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(join(crate, 'src', 'lib.rs'), LEAVES_LIB);
    await writeFile(join(crate, 'tests', 'suite.rs'), 'use tally::*;\n#[test]\nfn refuses_zero() { assert_eq!(parse("0"), None); }\n');
    for (const code of [0, 3]) {
      const run = spawnSync('sh', ['-c', 'cargo test --offline --no-fail-fast 2>&1'], {
        cwd: crate,
        env: { ...process.env, CODE: String(code) },
        encoding: 'utf8',
      });
      assertLeftBeforeLibtest(await read(run.stdout), code);
    }
  });

  it('a regressed candidate that writes `ok` into libtest’s line, and one that then exits: refused, never passed', async () => {
    const crate = await tempDir('trialgate-cargo-forger-');
    await mkdir(join(crate, 'src'));
    await mkdir(join(crate, 'tests'));
    await writeFile(join(crate, 'Cargo.toml'), '[package]\nname = "tally"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(join(crate, 'src', 'lib.rs'), WRITES_OK);
    await writeFile(
      join(crate, 'tests', 'suite.rs'),
      'use tally::*;\n#[test]\nfn adds() { assert_eq!(parse("3"), Some(3)); }\n#[test]\nfn refuses_zero() { assert_eq!(parse("0"), None); }\n',
    );
    for (const exit of [false, true]) {
      const run = spawnSync('sh', ['-c', 'cargo test --offline --no-fail-fast -- --test-threads=1 2>&1'], {
        cwd: crate,
        env: { ...process.env, RUST_BACKTRACE: '0', ...(exit ? { EXIT: '1' } : {}) },
        encoding: 'utf8',
      });
      assertRefused(await read(run.stdout));
    }
  });
});
