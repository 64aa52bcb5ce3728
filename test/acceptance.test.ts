import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NO_LIMITS, readCandidate } from '../src/acceptance/snapshot.ts';
import { main } from '../src/cli/main.ts';
import { loadFixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import type { Validation } from '../src/kinds/contract.ts';
import { checkCandidate as checkSnapshot } from '../src/kinds/http-cases/checks.ts';
import { runCases } from '../src/kinds/http-cases/runner.ts';
import { validateFixture } from '../src/kinds/validate.ts';
import { judge } from '../src/judge/judge.ts';
import { CasesFile } from '../src/schemas/cases.ts';
import { startService } from '../src/service/launch.ts';
import { captureIo } from './support/io.ts';
import { INVENTORY, inventoryCopy, referenceCopy, tempDir } from './support/fixtures.ts';
import { variantReport } from './support/report-builder.ts';
import { readFile } from 'node:fs/promises';

const referenceCases = async () => CasesFile.parse(JSON.parse(await readFile(join(INVENTORY, 'reference', 'cases.json'), 'utf8'))).cases;

type Variants = Extract<Validation, { shape: 'variants' }>;
async function validateAcceptor(options: { fixtureDir: string; outDir: string; candidateDir?: string }): Promise<Variants> {
  const { validation } = await validateFixture(options);
  assert.equal(validation.shape, 'variants');
  return validation as Variants;
}

const checkCandidate = async (dir: string, inputs: string) => checkSnapshot(await readCandidate(dir, NO_LIMITS, ''), inputs);

describe('the reference answers on the four variants (the published table)', () => {
  it('baseline passes; each defect is detected by exactly the published number of assertion failures, no errors', async () => {
    const v = await validateAcceptor({ fixtureDir: INVENTORY, outDir: await tempDir() });
    assert.deepEqual(v.problems, []);
    const table = Object.fromEntries(v.rows.map((r) => [r.fault, [r.assertionFailures, r.executionErrors, r.verdict]]));
    assert.deepEqual(table, {
      none: [0, 0, 'baseline_pass'],
      'reject-writes': [1, 0, 'defect_detected'],
      'double-reserve': [1, 0, 'defect_detected'],
      'missing-record': [4, 0, 'defect_detected'],
    });
  });

  it('names each failed expectation with expected/actual in the report', async () => {
    const v = await validateAcceptor({ fixtureDir: INVENTORY, outDir: await tempDir() });
    const report = JSON.parse(await readFile(v.rows.find((r) => r.fault === 'reject-writes')!.reportPath, 'utf8'));
    const failed = report.records.filter((r: any) => r.status === 'failed');
    assert.equal(failed.length, 1);
    assert.match(failed[0].assertion, /^step \d+: \$\.\w+ == \d+$/);
    assert.match(failed[0].traceback, /^expected \d+, got \d+$/);
    assert.ok(failed[0].branches.includes('reserve.insufficient'));
    for (const field of ['candidate_sha256', 'variant_sha256', 'fixture_sha256']) assert.match(report[field], /^[0-9a-f]{64}$/);
  });
});

describe('negative controls', () => {
  it('a service that is not running gives execution errors: execution_error_or_skip, never a detection', async () => {
    const fixture = await loadFixture(INVENTORY);
    const sandbox = await openSandbox('auto');
    const service = await startService(sandbox, fixture, 'double-reserve');
    await service.stop();
    const records = await runCases({ get: async () => service, fresh: async () => service }, await referenceCases());
    await sandbox.dispose();
    assert.ok(
      records.every((r) => r.status === 'error'),
      'every case is an execution error',
    );
    const report = variantReport('double-reserve', records);
    assert.equal(judge(report, { faults: fixture.manifest.faults, coverage: true }).verdict, 'execution_error_or_skip');
  });

  it('a service that cannot start: every variant is an environment error, and the demo-style validation fails', async () => {
    const dir = await inventoryCopy((m) => (m.service.command = ['node', 'service/no-such-server.mjs']));
    const v = await validateAcceptor({ fixtureDir: dir, outDir: await tempDir() });
    for (const row of v.rows) {
      assert.equal(row.verdict, 'execution_error_or_skip', row.fault);
      assert.equal(row.assertionFailures, 0);
      const report = JSON.parse(await readFile(row.reportPath, 'utf8'));
      assert.match(report.error, /service under test did not start|did not start|exited|could not start/, `${row.fault} is an environment error`);
    }
    const io = captureIo();
    assert.equal(await main(['validate', dir, '--out', await tempDir()], io), 1);
    assert.match(io.out, /NOT trusted/);
    assert.match(io.out, /execution_error_or_skip/);
  });

  it('a case set that passes the baseline but lacks the idempotency scenario misses double-reserve', async () => {
    const candidate = await referenceCopy((spec, cases) => {
      const idempotent = (id: string) => /repeat/i.test(id);
      cases.cases = cases.cases.filter((c: any) => !idempotent(c.id));
      spec.scenarios = spec.scenarios.filter((s: any) => !idempotent(s.case));
    });
    const v = await validateAcceptor({ fixtureDir: INVENTORY, outDir: await tempDir(), candidateDir: candidate });
    const verdicts = Object.fromEntries(v.rows.map((r) => [r.fault, r.verdict]));
    assert.equal(verdicts.none, 'baseline_pass');
    assert.equal(verdicts['double-reserve'], 'defect_missed');
    assert.ok(v.problems.some((p) => p.startsWith('double-reserve: defect_missed')));
    const io = captureIo();
    assert.equal(await main(['validate', INVENTORY, '--candidate', candidate, '--out', await tempDir()], io), 1);
    assert.match(io.out, /double-reserve: defect_missed/);
  });

  it('a spec whose quote is not in the inputs is rejected, naming the rule', async () => {
    let ruleId = '';
    const candidate = await referenceCopy((spec) => {
      ruleId = spec.rules[0].id;
      spec.rules[0].source.quote = 'Reservations are free of charge on Sundays.';
    });
    const checked = await checkCandidate(candidate, join(INVENTORY, 'inputs'));
    assert.equal(checked.ok, false);
    assert.match(checked.problems.join('\n'), new RegExp(`rules\\[0\\] \\(${ruleId}\\): source.quote does not occur in inputs/`));
  });

  it('invalid cases.json gives the path of the first problem; unknown rules and unsaved names are named', async () => {
    const bad = await referenceCopy((_, cases) => (cases.cases[1].steps[0].request.path = 'items/SKU-A'));
    const parsed = await checkCandidate(bad, join(INVENTORY, 'inputs'));
    assert.deepEqual(parsed.ok ? [] : parsed.problems, ['cases.json: cases[1].steps[0].request.path: a path starting with /']);
    const several = await referenceCopy((spec, cases) => {
      cases.cases[0].steps[0].request.headers = { 'bad header': 'x', host: 'evil' };
      spec.rules[0].source = { file: 'requirements.md' };
    });
    const all = await checkCandidate(several, join(INVENTORY, 'inputs'));
    assert.equal(all.ok, false);
    assert.match(all.problems.join('\n'), /spec\.json: rules\[0\]\.source\.quote/, 'spec.json and cases.json problems in one pass');
    assert.match(all.problems.join('\n'), /cases\.json: cases\[0\]\.steps\[0\]\.request\.headers\.bad header: a header name/);
    assert.match(all.problems.join('\n'), /headers\.host: a header the runner sets itself/);
    const refs = await referenceCopy((_, cases) => {
      cases.cases[0].rules = ['R-nope'];
      cases.cases[0].steps[0].request.path = '/items/{{sku}}';
    });
    const checked = await checkCandidate(refs, join(INVENTORY, 'inputs'));
    assert.equal(checked.ok, false);
    assert.match(checked.problems.join('\n'), /unknown rule R-nope/);
    assert.match(checked.problems.join('\n'), /uses sku before a step saves it/);
  });

  it('judge CLI prints `fault verdict` and fails on an incomplete report (executed != planned)', async () => {
    const v = await validateAcceptor({ fixtureDir: INVENTORY, outDir: await tempDir() });
    const io = captureIo();
    assert.equal(await main(['judge', ...v.rows.map((r) => r.reportPath)], io), 0);
    assert.equal(io.out, 'none baseline_pass\nreject-writes defect_detected\ndouble-reserve defect_detected\nmissing-record defect_detected\n');

    const report = JSON.parse(await readFile(v.rows[0]!.reportPath, 'utf8'));
    report.planned = report.executed + 1;
    const path = join(await tempDir(), 'incomplete.json');
    await (await import('node:fs/promises')).writeFile(path, JSON.stringify(report));
    const io2 = captureIo();
    assert.equal(await main(['judge', path], io2), 1);
    assert.equal(io2.out, 'none incomplete\n');
    assert.match(io2.err, /executed 10 of 11 planned/);
  });
});

describe('trialgate demo', () => {
  it('prints the table and exits 0 on the built-in fixture', async () => {
    const io = captureIo();
    assert.equal(await main(['demo', '--out', await tempDir()], io), 0);
    assert.match(io.out, /\| missing-record +\| reservation writes no record \(ledger\) +\| 4 +\| 0 +\| defect_detected \|/);
    assert.match(io.out, /acceptor trusted/);
  });
});
