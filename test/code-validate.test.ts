// `trialgate validate` on a code fixture: its hidden tests are trusted only when they accept the
// reference fix and reject every known-wrong solution the way the fixture declares: by an assertion (a
// crash is no proof), by the scope constraint, or by not starting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { referenceStore, VOUCHERS, vouchersCopy } from './support/code.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

async function validate(fixture: string) {
  const io = captureIo();
  const code = await main(['validate', fixture, '--out', await tempDir('trialgate-code-validate-')], io);
  return { code, out: io.out + io.err };
}

describe('trialgate validate on a code fixture', () => {
  it('fixtures/vouchers: the reference is accepted; unchanged, partial, special-cased, test-editing and non-starting fixes are each rejected as declared', async () => {
    const { code, out } = await validate(VOUCHERS);
    assert.equal(code, 0, out);
    assert.match(out, /✅ acceptor trusted/);
    for (const [solution, failed] of [
      ['reference', ''],
      ['unchanged', 'reproduction, test:conflict'],
      ['by-amount', 'test:distinct, test:conflict'],
      ['special-case', 'reproduction, test:conflict'],
      ['edits-tests', 'reproduction, test:conflict, constraint:scope'],
      ['does-not-start', 'starts, reproduction, test:balance, test:distinct, test:conflict'],
    ]) {
      const expected = solution === 'reference' ? 'accepted' : 'rejected';
      assert.match(out, new RegExp(`\\| ${solution} +\\| [^|]+\\| ${expected} +\\| ${expected} +\\| ${failed} +\\|`), solution);
    }
    assert.match(out, /changed test\/redemptions\.test\.mjs, outside the allowed scope \(src\/\*\*\)/);
    assert.match(out, /the changed code did not start: .*SyntaxError: missing \) after argument list/);
  });

  it('a wrong fix that only crashes the service proves nothing about the tests: not trusted', async () => {
    const fixture = await vouchersCopy((m) => {
      m.code.solutions.wrong.crashes = { dir: 'solutions/crashes', label: 'exits on the first redemption' };
    });
    const crashing = (await referenceStore()).replace(
      '    redeem({ request_id, code, amount }) {\n',
      '    redeem({ request_id, code, amount }) {\n      process.exit(3);\n',
    );
    await mkdir(join(fixture, 'solutions', 'crashes', 'src'), { recursive: true });
    await writeFile(join(fixture, 'solutions', 'crashes', 'src', 'store.mjs'), crashing);
    const { code, out } = await validate(fixture);
    assert.equal(code, 1, out);
    assert.match(out, /❌ acceptor NOT trusted/);
    assert.match(out, /crashes: rejected only by .*not by a failing hidden test \(an assertion, or an exception raised in the test\): no proof/);
  });

  it('a reproduction that passes on the unchanged repository reproduces nothing: not trusted', async () => {
    const fixture = await vouchersCopy((m) => {
      m.code.reproduction.tests = ['balance: *'];
    });
    const { code, out } = await validate(fixture);
    assert.equal(code, 1, out);
    assert.match(out, /unchanged: the reproduction passes on the unchanged repository: it reproduces nothing/);
  });

  it('a reference fix outside the allowed scope, or a group no hidden test matches, is not trusted', async () => {
    const narrow = await validate(await vouchersCopy((m) => (m.code.scope = ['src/server.mjs'])));
    assert.equal(narrow.code, 1, narrow.out);
    assert.match(narrow.out, /reference: expected accepted, got rejected \(constraint:scope\)/);
    const unmatched = await validate(await vouchersCopy((m) => (m.code.groups.ghost = { label: 'a group of no test', tests: ['ghost: *'] })));
    assert.equal(unmatched.code, 1, unmatched.out);
    assert.match(unmatched.out, /reference: expected accepted, got rejected \(test:ghost\)/);
    assert.match(
      unmatched.out,
      /a group of no test: no hidden test matches ghost: \* \(fixture\.json: code\.groups\.ghost\.tests\); the hidden tests' ids closest to it: "[^"]+", "/,
    );
  });

  it('a wrong fix declared to fail `start` in a library with no build step is refused, naming the field and the fix: nothing there starts', async () => {
    const fixture = await vouchersCopy((m) => delete m.code.service);
    const { code, out } = await validate(fixture);
    assert.equal(code, 2, out);
    assert.match(
      out,
      /fixture\.json: code\.solutions\.wrong\.does-not-start\.rejected_by: "start" .*no code\.build and no code\.service.*add a code\.build step/,
    );
  });

  it('hidden tests that no protected glob covers are refused before anything runs, naming the file and the fix', async () => {
    const fixture = await vouchersCopy((m) => (m.protected = ['inputs/**', 'task.txt', 'fixture.json']));
    const { code, out } = await validate(fixture);
    assert.equal(code, 2, out);
    assert.match(out, /fixture\.json: protected: the hidden tests' command runs hidden\/trialgate-reporter\.mjs, which no protected glob covers/);
  });

  it('hidden tests the command names as a directory (pytest hidden/tests, conftest.py and all) are refused unprotected, naming a file in it', async () => {
    const fixture = await vouchersCopy((m) => {
      m.protected = ['inputs/**', 'task.txt', 'fixture.json', 'hidden/trialgate-reporter.mjs', 'hidden/redemptions.test.mjs'];
      m.acceptance.command = m.acceptance.command.replace('hidden/redemptions.test.mjs', 'hidden/redemptions.test.mjs hidden/more');
    });
    await mkdir(join(fixture, 'hidden', 'more'), { recursive: true });
    await writeFile(join(fixture, 'hidden', 'more', 'conftest.py'), '# the suite’s fixtures\n');
    const { code, out } = await validate(fixture);
    assert.equal(code, 2, out);
    assert.match(
      out,
      /fixture\.json: protected: the hidden tests' command runs the directory hidden\/more, whose hidden\/more\/conftest\.py no protected glob covers: protect the hidden tests \(e\.g\. "hidden\/\*\*"\)/,
    );
  });

  it('a misspelt hidden test file is named as missing, with the file it likely meant, not as unprotected', async () => {
    const fixture = await vouchersCopy(
      (m) => (m.acceptance.command = m.acceptance.command.replace('hidden/redemptions.test.mjs', 'hidden/redemption.test.mjs')),
    );
    const { code, out } = await validate(fixture);
    assert.equal(code, 2, out);
    assert.match(
      out,
      /fixture\.json: acceptance\.command: it runs hidden\/redemption\.test\.mjs, which is not a file of the fixture .*did you mean hidden\/redemptions\.test\.mjs\? fix the path/,
    );
    assert.doesNotMatch(out, /no protected glob covers/);
  });

  it('a library whose hidden tests name a missing file of the machine: the setup’s, never blamed on the candidate’s code', async () => {
    const fixture = await vouchersCopy((m) => {
      delete m.code.service;
      delete m.code.solutions.wrong['does-not-start'];
      m.acceptance.command = m.acceptance.command.replace('node --test', 'node --import /usr/share/trialgate-no-such-runner/hook.mjs --test');
    });
    const { code, out } = await validate(fixture);
    assert.notEqual(code, 0, out);
    assert.match(out, /names \/usr\/share\/trialgate-no-such-runner\/hook\.mjs, which does not exist where the acceptor runs/);
    assert.doesNotMatch(out, /as if their command were missing while they ran the candidate's code/);
  });
});

describe('trialgate validate --candidate on a code fixture', () => {
  it('puts the given repository on trial, not the acceptor: rejected or accepted, it says so', async () => {
    const wrong = join(await tempDir(), 'repo');
    await cp(join(VOUCHERS, 'repo'), wrong, { recursive: true });
    const rejected = captureIo();
    assert.equal(await main(['validate', VOUCHERS, '--candidate', wrong, '--out', await tempDir('trialgate-code-validate-')], rejected), 1);
    assert.match(rejected.out, /❌ the candidate is rejected/);
    assert.doesNotMatch(rejected.out, /acceptor NOT trusted/);

    await writeFile(join(wrong, 'src', 'store.mjs'), await referenceStore());
    const accepted = captureIo();
    assert.equal(await main(['validate', VOUCHERS, '--candidate', wrong, '--out', await tempDir('trialgate-code-validate-')], accepted), 0, accepted.out);
    assert.match(accepted.out, /✅ the candidate is accepted: the candidate builds, starts and passes every hidden test/);
  });
});

describe('a candidate whose service fails while the hidden tests run', () => {
  it("names what the service wrote beside the tests that could not reach it: the request's own error says only that the connection went", async () => {
    const crashing = join(await tempDir(), 'repo');
    await cp(join(VOUCHERS, 'repo'), crashing, { recursive: true });
    const store = await referenceStore();
    const redeem = 'redeem({ request_id, code, amount }) {';
    assert.ok(store.includes(redeem));
    await writeFile(join(crashing, 'src', 'store.mjs'), store.replace(redeem, `${redeem}\n      throw new Error('the ledger is offline');`));
    const io = captureIo();
    assert.equal(await main(['validate', VOUCHERS, '--candidate', crashing, '--out', await tempDir('trialgate-code-validate-')], io), 1, io.out);
    assert.match(io.out, /: error \(.*\); the changed code's service wrote: Error: the ledger is offline \(evidence\/service\.log\)/);
  });
});

describe('the vouchers fixture', () => {
  it('its hidden tests report through the shipped node:test reporter, byte for byte', async () => {
    assert.equal(await readFile(join(VOUCHERS, 'hidden', 'trialgate-reporter.mjs'), 'utf8'), await readFile(join(ROOT, 'reporters', 'node-test.mjs'), 'utf8'));
  });
});
