// The shipped reporters and JUnit XML, each on a real suite of its framework against a real service:
// the correct service passes, the rule-breaking defect is detected by an assertion (named in "detected
// by"), and the defect that hangs up on writes makes the tests crash, which is an execution error and
// never a detection. The fixture picks the report format with one field, `acceptance.report`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import type { Validation } from '../src/kinds/contract.ts';
import { validateFixture } from '../src/kinds/validate.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import {
  JEST_SUITE,
  JUNIT5_SUITE,
  NODE_MODULES,
  NODE_TEST_SUITE,
  PYTEST_SUITE,
  suiteFixture,
  TALLY_FAULTS,
  VITEST_SUITE,
  type SuiteFixture,
  NO_PYTEST,
} from './support/suites.ts';
import { timeLimit } from './support/time-limit.ts';

type Variants = Extract<Validation, { shape: 'variants' }>;

async function validate(spec: SuiteFixture): Promise<Variants> {
  const { validation } = await validateFixture({ fixtureDir: await suiteFixture(spec), outDir: await tempDir() });
  assert.equal(validation.shape, 'variants');
  return validation as Variants;
}

const byFault = (v: Variants) => Object.fromEntries(v.rows.map((r) => [r.fault, r]));

/** The property every reporter must have, on the tally suite: right, wrong by an assertion, and a crash. */
function assertTellsApart(v: Variants, assertion: RegExp) {
  const rows = byFault(v);
  assert.equal(rows.none!.verdict, 'baseline_pass', JSON.stringify(v.problems));
  assert.equal(rows['accepts-zero']!.verdict, 'defect_detected', JSON.stringify(v.problems));
  assert.equal(rows['accepts-zero']!.executionErrors, 0);
  assert.equal(rows['accepts-zero']!.detectedBy.length, 1);
  assert.match(rows['accepts-zero']!.detectedBy[0]!, assertion, '"detected by" names the test and the assertion that failed');
  // Hanging up is not a detection, however many tests it fails.
  assert.equal(rows['drops-writes']!.verdict, 'execution_error_or_skip');
  assert.equal(rows['drops-writes']!.assertionFailures, 0);
  assert.equal(rows['drops-writes']!.executionErrors, 2);
  assert.deepEqual(
    v.problems.map((p) => p.split(':')[0]),
    ['drops-writes'],
  );
}

const PYTEST = 'PYTHONPATH="$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest -p no:cacheprovider "$TRIALGATE_CANDIDATE"';
const JEST = `node ${NODE_MODULES}/jest/bin/jest.js --config '{}' --rootDir "$TRIALGATE_CANDIDATE"`;
const VITEST = `node ${NODE_MODULES}/vitest/vitest.mjs run --root "$TRIALGATE_CANDIDATE"`;
const JUNIT5_JAR = '/usr/share/java/junit-platform-console-standalone.jar';
const noJunit5 =
  existsSync(JUNIT5_JAR) && spawnSync('javac', ['-version']).status === 0
    ? undefined
    : `JUnit 5 is not installed (apt-get install junit5; ${JUNIT5_JAR}) or no javac`;

// Each test validates a fixture of its own in directories of its own: the frameworks run side by side.
describe('shipped reporters, each on a real suite', { timeout: timeLimit(300_000), concurrency: true }, () => {
  it(
    'pytest: the plugin loads by name from $TRIALGATE_REPORTERS; an assert is an assertion failure, a dropped connection an error',
    { skip: NO_PYTEST },
    async () => {
      const v = await validate({ service: 'python', reference: { 'test_tally.py': PYTEST_SUITE }, acceptance: { command: PYTEST } });
      assertTellsApart(v, /^test_tally\.py::test_zero_is_refused: assert 200 == 400$/);
      const report = JSON.parse(await readFile(byFault(v)['drops-writes']!.reportPath, 'utf8'));
      assert.match(report.records[0].traceback, /RemoteDisconnected|ConnectionResetError|ConnectionAbortedError/);
    },
  );

  it("pytest: an assert with a message of the test's own keeps the comparison, which says what came back", { skip: NO_PYTEST }, async () => {
    const suite = PYTEST_SUITE.replace('assert add("pears", 0) == 400\n', 'assert add("pears", 0) == 400, "add 0"\n');
    assert.notEqual(suite, PYTEST_SUITE);
    const v = await validate({ service: 'python', reference: { 'test_tally.py': suite }, acceptance: { command: PYTEST } });
    assert.deepEqual(byFault(v)['accepts-zero']!.detectedBy, ['test_tally.py::test_zero_is_refused: add 0: assert 200 == 400']);
  });

  it('Jest: an expect() failure is an assertion failure; a failed fetch is an error', async () => {
    const v = await validate({
      service: 'node',
      reference: { 'tally.test.js': JEST_SUITE },
      readable: [NODE_MODULES],
      acceptance: { command: `${JEST} --reporters="$TRIALGATE_REPORTERS/jest.cjs"` },
    });
    assertTellsApart(v, /^tally\.test\.js › zero is refused: expect\(received\)\.toBe\(expected\).*: expected 400, received 200$/);
  });

  it('Vitest: an AssertionError is an assertion failure; a failed fetch is an error', async () => {
    const v = await validate({
      service: 'node',
      reference: { 'tally.test.mjs': VITEST_SUITE },
      readable: [NODE_MODULES],
      acceptance: { command: `${VITEST} --reporter="$TRIALGATE_REPORTERS/vitest.mjs"` },
    });
    assertTellsApart(v, /^tally\.test\.mjs › zero is refused: expected 200 to be 400/);
  });

  it('node:test: the reporter in $TRIALGATE_REPORTERS, with no acceptor script of the fixture’s own', async () => {
    const v = await validate({
      service: 'node',
      reference: { 'tally.test.mjs': NODE_TEST_SUITE },
      acceptance: {
        command:
          'node --test --test-reporter="$TRIALGATE_REPORTERS/node-test.mjs" --test-reporter-destination="$TRIALGATE_REPORT" "$TRIALGATE_CANDIDATE"/*.test.mjs',
      },
    });
    assertTellsApart(v, /^zero is refused: Expected values to be strictly equal/);
  });
});

describe(
  'a test file that does not load: its record says why first, under an id every trial shares',
  { timeout: timeLimit(300_000), concurrency: true },
  () => {
    /** The record of the file that does not load, on the correct service. */
    async function brokenRecord(spec: SuiteFixture, file: string) {
      const v = await validate(spec);
      const report = JSON.parse(await readFile(byFault(v).none!.reportPath, 'utf8'));
      const broken = report.records.filter((r: { test: string }) => r.test.includes(file));
      assert.equal(broken.length, 1, JSON.stringify(report.records));
      return broken[0];
    }

    it('node:test: the SyntaxError, not "test failed", and the file relative to the candidate, not a temporary path', async () => {
      const record = await brokenRecord(
        {
          service: 'node',
          reference: { 'tally.test.mjs': NODE_TEST_SUITE, 'broken.test.mjs': "import { test } from 'node:test';\nthis is not javascript {{{\n" },
          acceptance: {
            command:
              'node --test --test-reporter="$TRIALGATE_REPORTERS/node-test.mjs" --test-reporter-destination="$TRIALGATE_REPORT" "$TRIALGATE_CANDIDATE"/*.test.mjs',
          },
        },
        'broken.test.mjs',
      );
      assert.equal(record.test, 'broken.test.mjs');
      assert.equal(record.status, 'error');
      assert.match(record.traceback.split('\n')[0], /^SyntaxError: Unexpected identifier/);
    });

    it('pytest: the exception of a module that does not import leads, not where pytest was', { skip: NO_PYTEST }, async () => {
      const record = await brokenRecord(
        { service: 'python', reference: { 'test_tally.py': PYTEST_SUITE, 'test_broken.py': 'def broken(:\n    pass\n' }, acceptance: { command: PYTEST } },
        'test_broken.py',
      );
      assert.equal(record.status, 'error');
      assert.match(record.traceback.split('\n')[0], /^SyntaxError: invalid syntax \(test_broken\.py, line 1\)/);
    });

    it('pytest: a module the tests import that does not parse is named with its line, not only the test file', { skip: NO_PYTEST }, async () => {
      const record = await brokenRecord(
        {
          service: 'python',
          reference: {
            'test_tally.py': PYTEST_SUITE,
            'test_uses.py': 'from helper import twice\n\ndef test_twice():\n    assert twice(2) == 4\n',
            'helper.py': 'def twice(n):\n    return 2 * n\ndef broken(:\n',
          },
          acceptance: { command: PYTEST },
        },
        'test_uses.py',
      );
      assert.equal(record.status, 'error');
      assert.match(record.traceback.split('\n')[0], /^SyntaxError: invalid syntax \(helper\.py, line 3\)/);
    });
  },
);

describe('JUnit XML read directly (acceptance.report: junit-xml)', { timeout: timeLimit(300_000), concurrency: true }, () => {
  it('Vitest’s junit reporter says what was thrown (type="AssertionError" vs "TypeError"): trusted', async () => {
    const v = await validate({
      service: 'node',
      reference: { 'tally.test.mjs': VITEST_SUITE },
      readable: [NODE_MODULES],
      acceptance: { command: `${VITEST} --reporter=junit --outputFile="$TRIALGATE_REPORT"`, report: 'junit-xml' },
    });
    assertTellsApart(v, /^tally\.test\.mjs › zero is refused: expected 200 to be 400/);
  });

  it(
    'JUnit 5’s console launcher writes <failure> for an assertion and <error> for a crash; a reports directory is read whole',
    { skip: noJunit5 },
    async () => {
      const v = await validate({
        service: 'node',
        reference: { 'TallyTest.java': JUNIT5_SUITE },
        acceptance: {
          command: `out=$(mktemp -d) && javac -d "$out" -cp ${JUNIT5_JAR} "$TRIALGATE_CANDIDATE"/*.java && java -jar ${JUNIT5_JAR} -cp "$out" --scan-classpath --disable-banner --reports-dir="$TRIALGATE_REPORT"`,
          report: 'junit-xml',
        },
      });
      assertTellsApart(v, /^TallyTest › zeroIsRefused\(\): expected: <400> but was: <200>$/);
    },
  );

  for (const [framework, spec] of [
    [
      'pytest --junitxml',
      {
        service: 'python',
        reference: { 'test_tally.py': PYTEST_SUITE },
        acceptance: { command: `${PYTEST.replace(' -p trialgate_pytest', '')} --junitxml="$TRIALGATE_REPORT"` },
      },
    ],
    [
      'jest-junit',
      {
        service: 'node',
        reference: { 'tally.test.js': JEST_SUITE },
        readable: [NODE_MODULES],
        acceptance: { command: `JEST_JUNIT_OUTPUT_FILE="$TRIALGATE_REPORT" ${JEST} --reporters=${NODE_MODULES}/jest-junit` },
      },
    ],
  ] as const) {
    it(
      `${framework} writes no type on <failure>: no failure counts as a detection, and the reason says to use trialgate's reporter`,
      { skip: framework.startsWith('pytest') ? NO_PYTEST : false },
      async () => {
        const v = await validate({ ...(spec as SuiteFixture), acceptance: { ...spec.acceptance, report: 'junit-xml' } });
        const rows = byFault(v);
        assert.equal(rows.none!.verdict, 'baseline_pass', JSON.stringify(v.problems));
        assert.equal(rows['accepts-zero']!.verdict, 'execution_error_or_skip');
        assert.equal(rows['accepts-zero']!.assertionFailures, 0);
        const report = JSON.parse(await readFile(rows['accepts-zero']!.reportPath, 'utf8'));
        assert.match(report.records.find((r: { status: string }) => r.status === 'error').traceback, /no `type` on <failure>.*use trialgate’s reporter/s);
      },
    );
  }
});

describe('what an acceptor writes, when it is wrong', { timeout: timeLimit(120_000) }, () => {
  const writing = (text: string, report?: 'junit-xml') =>
    validate({
      service: 'node',
      reference: { 'report.txt': text },
      faults: { 'accepts-zero': TALLY_FAULTS['accepts-zero'] },
      acceptance: { command: 'cat "$TRIALGATE_CANDIDATE/report.txt" > "$TRIALGATE_REPORT"', ...(report ? { report } : {}) },
    });

  it('a trialgate report with several mistakes names every one, each with its line', async () => {
    const text = '{\n  "planned": 1,\n  "executed": "1",\n  "complete": true,\n  "records": [\n    { "test": "a", "status": "broken" }\n  ]\n}\n';
    const v = await writing(text);
    const report = JSON.parse(await readFile(byFault(v).none!.reportPath, 'utf8'));
    assert.match(report.error, /\$TRIALGATE_REPORT:3: executed: .*number/);
    assert.match(report.error, /\$TRIALGATE_REPORT:6: records\[0\]\.status: .*passed/);
  });

  it('JSON that does not parse names its line', async () => {
    const v = await writing('{\n  "planned": 1,\n  "executed": 1,\n}\n');
    const report = JSON.parse(await readFile(byFault(v).none!.reportPath, 'utf8'));
    assert.match(report.error, /^\$TRIALGATE_REPORT:4: \(top level\): not valid JSON/);
  });

  it('JUnit XML that does not parse names its line; JSON is not JUnit XML', async () => {
    const broken = await writing('<testsuite>\n  <testcase name="a">\n</testsuite>\n', 'junit-xml');
    assert.match(JSON.parse(await readFile(byFault(broken).none!.reportPath, 'utf8')).error, /^\$TRIALGATE_REPORT:3: not valid XML/);
    const json = await writing('<other/>', 'junit-xml');
    assert.match(JSON.parse(await readFile(byFault(json).none!.reportPath, 'utf8')).error, /not JUnit XML/);
  });

  it('validate prints each problem on a line, not a whole traceback', { skip: NO_PYTEST }, async () => {
    const dir = await suiteFixture({ service: 'python', reference: { 'test_tally.py': PYTEST_SUITE }, acceptance: { command: PYTEST } });
    const io = captureIo();
    assert.equal(await main(['validate', dir, '--out', await tempDir()], io), 1);
    const problem = io.out.split('\n').find((l) => l.startsWith('  - drops-writes:'))!;
    const fixAt = problem.lastIndexOf('; fix: ');
    assert.ok(fixAt > 0 && fixAt < 700, `what went wrong, briefly, then the fix: ${problem}`);
    assert.match(problem, /2 of 2 records error/);
    assert.match(problem.slice(fixAt), /TALLY_FAULT=drops-writes answer wrongly .*fixture\.json: faults\.drops-writes\)$/);
  });
});
