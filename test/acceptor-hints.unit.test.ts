// The fix an acceptor that could not report is told, for the first mistakes with each shipped reporter: the
// reporter not named (the runner passes, and no report appears), or named where the runner cannot find it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptorFix } from '../src/kinds/command/hints.ts';

test('a runner without trialgate’s reporter is told which flag writes the report', () => {
  const fix = (command: string) => acceptorFix('', 0, undefined, command);
  assert.match(
    fix('python3 -m pytest "$TRIALGATE_CANDIDATE"'),
    /pytest writes a report only through trialgate's plugin: PYTHONPATH="\$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest/,
  );
  assert.match(fix('node ../../node_modules/jest/bin/jest.js --rootDir "$TRIALGATE_CANDIDATE"'), /--reporters="\$TRIALGATE_REPORTERS\/jest\.cjs"/);
  assert.match(fix('npx vitest run "$TRIALGATE_CANDIDATE"'), /--reporter="\$TRIALGATE_REPORTERS\/vitest\.mjs"/);
  assert.match(fix('node --test "$TRIALGATE_CANDIDATE"'), /--test-reporter-destination="\$TRIALGATE_REPORT"/);
  assert.doesNotMatch(fix('python3 check.py'), /trialgate validate/, 'never "run validate" to someone who may be running it');
});

test('the pytest plugin or a reporter the runner cannot find: put $TRIALGATE_REPORTERS where it looks, no package to install', () => {
  const pytest = acceptorFix(`ImportError: Error importing plugin "trialgate_pytest": No module named 'trialgate_pytest'`, 1);
  assert.match(pytest, /trialgate's pytest reporter, shipped in \$TRIALGATE_REPORTERS: put that directory on python's path/);
  assert.doesNotMatch(pytest, /apt-get/);
  assert.match(acceptorFix(`Error: Cannot find module '/x/reporters/jest.cjs'`, 1), /name them through the variable/);
});
