// A project's own test suite as a code task's hidden tests, with no edits (issue 32): a test the reference
// skips or xfails counts against no one and is shown as such, and a regression test that fails on the
// unfixed code by an exception other than an assertion (an AttributeError: the unfixed library returned
// None) fails that test, so the unchanged repository is rejected by the reproduction. The rule per
// framework is told from each framework's own run: an exception raised in the test's body or the code it
// calls is `error_in: test`, an error of the harness (set-up, a hook, a refused connection, a timeout) is
// `error_in: harness`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { junitRecords } from '../src/kinds/command/junit.ts';
import { reportersDir } from '../src/kinds/command/reporters.ts';
import { candidateOf, nodeTestFixture, PY_FIXED, pytestFixture } from './support/code-suites.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_PYTEST, NODE_MODULES } from './support/suites.ts';
import { timeLimit } from './support/time-limit.ts';

type Row = { test: string; status: string; error_in?: string; exception?: string };

async function validate(fixture: string, ...more: string[]) {
  const io = captureIo();
  const code = await main(['validate', fixture, '--out', await tempDir('trialgate-code-suites-'), ...more], io);
  return { code, out: io.out + io.err };
}

describe('a project’s pytest suite used as is', { skip: NO_PYTEST, timeout: timeLimit(300_000) }, () => {
  it('skipped and xfailed tests are not counted; an AttributeError of the unfixed code is the reproduction failing', async () => {
    const fixture = await pytestFixture();
    const { code, out } = await validate(fixture);
    assert.equal(code, 0, out);
    assert.match(out, /✅ acceptor trusted/);
    assert.match(out, /\| unchanged +\| the repository as given +\| rejected +\| rejected +\| reproduction +\|/);
    assert.match(out, /hidden\/test_split\.py::test_remainder_is_given_out: raised AttributeError in the test \(.*'NoneType' object has no attribute 'shares'/);
    assert.match(
      out,
      /⚠ not counted: 2 hidden tests the reference did not pass \(skipped or xfailed there\): .*test_remainder_of_huge_bills \(Skipped: needs Python 3\.99/,
    );
    assert.match(out, /test_remainder_in_cents \(xfailed: rounding to cents/);
    assert.match(out, /⚠ in-process: the candidate's code ran inside the hidden tests' own process/);
  });

  it('a candidate whose fixture set-up fails is rejected by an error of the harness, which is no detection', async () => {
    const fixture = await pytestFixture();
    const broken = PY_FIXED.replace(
      'def split(total, people):',
      'def split(total, people):\n    if total == 1000:\n        raise ConnectionRefusedError("no ledger")',
    );
    const { code, out } = await validate(fixture, '--candidate', await candidateOf(fixture, { 'bill/__init__.py': broken }));
    assert.equal(code, 1, out);
    assert.match(out, /test_remainder_is_given_out: error \(\(not an assertion\) ConnectionRefusedError/);
  });
});

describe('a candidate whose code ends pytest at import (os._exit(0)), given to validate', { skip: NO_PYTEST, timeout: timeLimit(300_000) }, () => {
  it('is the candidate’s own error, not a setup to fix by hand, and the tripwires it cut off are not blamed on the runner', async () => {
    const fixture = await pytestFixture();
    const exits = `import os\nos._exit(0)\n${PY_FIXED}`;
    const { code, out } = await validate(fixture, '--candidate', await candidateOf(fixture, { 'bill/__init__.py': exits }));
    assert.equal(code, 1, out);
    assert.match(
      out,
      /the hidden tests wrote no report, so no check could pass: .*\(it exited 0\); fix: none in the setup: the acceptor ran on the reference answers earlier in this run, so this is the candidate's own error/,
    );
    assert.doesNotMatch(out, /run the acceptance command by hand/);
    assert.match(out, /this run's report carried none of the 3 tripwires the reference's run planted \(the run ended before them/);
    assert.doesNotMatch(out, /runner carries none/);
  });
});

describe('a project’s node:test suite used as is', { timeout: timeLimit(300_000) }, () => {
  it('the reference passes; a TypeError of the candidate’s code fails the test that called it', async () => {
    const fixture = await nodeTestFixture();
    const crashes = 'export function split(total, people) {\n  return total % people ? undefined.shares : Array(people).fill(total / people);\n}\n';
    const { code, out } = await validate(fixture, '--candidate', await candidateOf(fixture, { 'src/split.mjs': crashes }));
    assert.equal(code, 1, out);
    assert.match(out, /remainder: 1000 among 3 adds up: raised TypeError in the test \(Cannot read properties of undefined/);
  });
});

describe('code.solutions.correct: several correct fixes', { timeout: timeLimit(300_000) }, () => {
  it('each is accepted as the reference is, and one the hidden tests reject makes them untrusted', async () => {
    const twoPass =
      'export function split(total, people) {\n  const shares = Array(people).fill(Math.floor(total / people));\n  for (let i = 0; i < total % people; i++) shares[i] += 1;\n  return shares;\n}\n';
    const lastGetsMore =
      'export function split(total, people) {\n  const shares = Array(people).fill(Math.floor(total / people));\n  shares[people - 1] += total % people;\n  return shares;\n}\n';
    const { code, out } = await validate(await nodeTestFixture({ 'two-pass': twoPass, 'last-gets-more': lastGetsMore }));
    assert.equal(code, 1, out);
    assert.match(out, /\| two-pass +\| another fix \(two-pass\) +\| accepted +\| accepted +\|/);
    assert.match(out, /- last-gets-more: expected accepted, got rejected \(reproduction\)/);
  });
});

/** Run a framework's suite with trialgate's reporter as a fixture's command would, and read its records. */
async function records(command: string[], cwd: string, env: Record<string, string> = {}): Promise<Row[]> {
  const report = join(cwd, 'report.json');
  // Not this test runner's own variables: a node --test started with NODE_TEST_CONTEXT reports to its parent.
  const { NODE_TEST_CONTEXT: _child, ...ours } = process.env;
  const run = spawnSync(command[0]!, command.slice(1), { cwd, encoding: 'utf8', env: { ...ours, ...env, TRIALGATE_REPORT: report } });
  const text = await readFile(report, 'utf8').catch(() => '');
  assert.ok(text, `${command.join(' ')} wrote no report: ${run.stderr}`);
  return JSON.parse(text).records;
}

const byTest = (rows: readonly Row[], name: string) => rows.find((r) => r.test.endsWith(name));

/** What every framework must say: an exception in the test is the test's, a hook's or a refused request the harness's. */
function assertRule(rows: readonly Row[]) {
  assert.deepEqual(
    ['raises', 'asserts', 'hook', 'refused'].map((name) => {
      const r = byTest(rows, name);
      return r ? [name, r.status, r.error_in ?? '', r.status === 'error' && r.error_in === 'test' ? r.exception : ''] : [name, 'missing'];
    }),
    [
      ['raises', 'error', 'test', 'TypeError'],
      ['asserts', 'failed', '', ''],
      ['hook', 'error', 'harness', ''],
      ['refused', 'error', 'harness', ''],
    ],
    JSON.stringify(rows, null, 1),
  );
}

// The suites below are written as each project writes its tests: one test that raises in the library it
// calls, one that fails by the framework's assertion, one whose set-up hook fails, one whose request is refused.
describe('the rule, from each framework’s own run', { timeout: timeLimit(300_000) }, () => {
  it('node:test', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'rule.test.mjs'),
      `import assert from 'node:assert/strict';
import { describe, beforeEach, test } from 'node:test';
const lib = { parse: (s) => (s ? s.split(',') : null) };
test('raises', () => { lib.parse('').length; });
test('asserts', () => { assert.deepEqual(lib.parse('a,b'), ['a']); });
describe('with a db', () => { beforeEach(() => { throw new Error('no db'); }); test('hook', () => {}); });
test('refused', async () => { await fetch('http://127.0.0.1:9/'); });
`,
    );
    assertRule(
      await records(
        [process.execPath, '--test', `--test-reporter=${reportersDir()}/node-test.mjs`, '--test-reporter-destination=report.json', 'rule.test.mjs'],
        dir,
      ),
    );
  });

  it('Jest', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'rule.test.js'),
      `const lib = { parse: (s) => (s ? s.split(',') : null) };
test('raises', () => { lib.parse('').length; });
test('asserts', () => { expect(lib.parse('a,b')).toEqual(['a']); });
describe('with a db', () => { beforeEach(() => { throw new Error('no db'); }); test('hook', () => {}); });
test('refused', async () => { await fetch('http://127.0.0.1:9/'); });
`,
    );
    assertRule(
      await records([process.execPath, `${NODE_MODULES}/jest/bin/jest.js`, '--config', '{}', '--rootDir', dir, `--reporters=${reportersDir()}/jest.cjs`], dir),
    );
  });

  it('Vitest', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'rule.test.mjs'),
      `import { beforeEach, describe, expect, test } from 'vitest';
const lib = { parse: (s) => (s ? s.split(',') : null) };
test('raises', () => { lib.parse('').length; });
test('asserts', () => { expect(lib.parse('a,b')).toEqual(['a']); });
describe('with a db', () => { beforeEach(() => { throw new Error('no db'); }); test('hook', () => {}); });
test('refused', async () => { await fetch('http://127.0.0.1:9/'); });
`,
    );
    assertRule(await records([process.execPath, `${NODE_MODULES}/vitest/vitest.mjs`, 'run', '--root', dir, `--reporter=${reportersDir()}/vitest.mjs`], dir));
  });

  it('pytest', { skip: NO_PYTEST }, async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'test_rule.py'),
      `import urllib.request
import pytest

def parse(s):
    return s.split(",") if s else None

def test_raises():
    len(parse(""))

def test_asserts():
    assert parse("a,b") == ["a"]

@pytest.fixture
def db():
    raise RuntimeError("no db")

def test_hook(db):
    pass

def test_refused():
    urllib.request.urlopen("http://127.0.0.1:9/")
`,
    );
    const rows = await records(['python3', '-m', 'pytest', '-p', 'trialgate_pytest', '-p', 'no:cacheprovider', 'test_rule.py'], dir, {
      PYTHONPATH: reportersDir(),
    });
    // pytest's own name for None's len() is TypeError too.
    assertRule(rows);
  });

  const JUNIT5_JAR = '/usr/share/java/junit-platform-console-standalone.jar';
  const noJunit5 = existsSync(JUNIT5_JAR) && spawnSync('javac', ['-version']).status === 0 ? undefined : `JUnit 5 is not installed (${JUNIT5_JAR}) or no javac`;

  it('JUnit 5, its XML read directly', { skip: noJunit5 }, async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'RuleTest.java'),
      `import org.junit.jupiter.api.*;
import static org.junit.jupiter.api.Assertions.*;
class RuleTest {
  static String[] parse(String s) { return s.isEmpty() ? null : s.split(","); }
  @Test void raises() { int n = parse("").length; }
  @Test void asserts() { assertArrayEquals(new String[] {"a"}, parse("a,b")); }
  @Nested class WithADb { @BeforeEach void db() { throw new IllegalStateException("no db"); } @Test void hook() {} }
  @Test void refused() throws Exception { new java.net.Socket("127.0.0.1", 9).close(); }
}
`,
    );
    const out = join(dir, 'classes');
    await mkdir(out);
    assert.equal(spawnSync('javac', ['-d', out, '-cp', JUNIT5_JAR, 'RuleTest.java'], { cwd: dir }).status, 0);
    spawnSync('java', ['-jar', JUNIT5_JAR, '-cp', out, '--scan-classpath', '--disable-banner', `--reports-dir=${join(dir, 'xml')}`], { cwd: dir });
    const read = junitRecords([{ name: 'junit.xml', text: await readFile(join(dir, 'xml', 'TEST-junit-jupiter.xml'), 'utf8') }]);
    assert.ok(read.ok);
    const rows = read.records.map((r) => ({ ...r, test: r.test.replace(/\(\)$/, ''), exception: r.exception?.split('.').pop() }));
    assert.deepEqual(
      ['raises', 'asserts', 'hook', 'refused'].map((name) => {
        const r = byTest(rows, name)!;
        return [name, r.status, r.error_in ?? ''];
      }),
      [
        ['raises', 'error', 'test'],
        ['asserts', 'failed', ''],
        ['hook', 'error', 'harness'],
        ['refused', 'error', 'harness'],
      ],
    );
    assert.equal(byTest(rows, 'raises')!.exception, 'NullPointerException');
  });
});
