// The `command` acceptance kind: the user's own acceptor, run blind once per variant.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runTrialSet } from '../src/trial/run-set.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { writeTrialSet } from './support/trialset.ts';

/** A user's acceptor: one real check of the stock after a refused reservation, plus what it can see. */
const ACCEPTOR = `
import { writeFileSync } from 'node:fs';
const url = process.env.TRIALGATE_SERVICE_URL;
const post = await fetch(url + '/reservations', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ request_id: 'acc-1', sku: 'SKU-A', quantity: 11 }) });
const item = await (await fetch(url + '/items/SKU-A')).json();
const ok = post.status === 409 && item.available === 10;
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 2, executed: 2, complete: true, records: [
  { test: 'refusal-keeps-stock', status: ok ? 'passed' : 'failed', assertion: 'available == 10 after a 409', traceback: 'got ' + item.available },
  { test: 'what-i-see', status: 'passed', traceback: process.env.TRIALGATE_FAULT ?? 'blind' },
] }));
`;

async function commandSet(acceptance: Record<string, unknown>, acceptor = ACCEPTOR) {
  const fixture = await inventoryCopy();
  await writeFile(join(fixture, 'acceptor.mjs'), acceptor);
  return writeTrialSet({
    command: 'true',
    extra: {
      tasks: [
        { id: 'own-suite', fixture, acceptance: { kind: 'command', ...acceptance }, faults: { 'reject-writes': 'rejected reservation still changes stock' } },
      ],
    },
  });
}

const trialOf = async (configPath: string) => (await runTrialSet({ configPath, outDir: await tempDir() })).results.tasks[0]!.trials[0]!;

describe('acceptance: command', () => {
  it('runs blind per variant; trialgate fills in fault and hashes and attributes by the run’s coverage', async () => {
    const { results, runDir } = await runTrialSet({ configPath: await commandSet({ command: 'node acceptor.mjs' }), outDir: await tempDir() });
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
    const byFault = Object.fromEntries(trial.judgements.map((j) => [j.fault, j]));
    assert.equal(byFault.none!.verdict, 'baseline_pass');
    assert.equal(byFault['reject-writes']!.verdict, 'defect_detected');
    assert.deepEqual(byFault['reject-writes']!.detected_by, ['refusal-keeps-stock']);
    const report = JSON.parse(await readFile(join(runDir, trial.evidence, 'evidence', 'reports', 'reject-writes.json'), 'utf8'));
    assert.equal(report.fault, 'reject-writes');
    assert.match(report.variant_sha256, /^[0-9a-f]{64}$/);
    assert.equal(report.records.find((r: { test: string }) => r.test === 'what-i-see').traceback, 'blind', 'the command is not told the variant');
  });

  it('with expose_fault the command is told the variant', async () => {
    const configPath = await commandSet({ command: 'node acceptor.mjs', expose_fault: true });
    const { results, runDir } = await runTrialSet({ configPath, outDir: await tempDir() });
    const report = JSON.parse(await readFile(join(runDir, results.tasks[0]!.trials[0]!.evidence, 'evidence', 'reports', 'reject-writes.json'), 'utf8'));
    assert.equal(report.records.find((r: { test: string }) => r.test === 'what-i-see').traceback, 'reject-writes');
  });

  it('a missing acceptance command is an env_error, excluded and listed with its rule (found by the preflight)', async () => {
    const trial = await trialOf(await commandSet({ command: 'no-such-acceptor --run' }));
    assert.equal(trial.outcome, 'env_error');
    assert.match(trial.env_error!, /acceptor cannot run here/);
    assert.match(trial.layers.trajectory.notes.join('\n'), /acceptance command not found: no-such-acceptor --run[\s\S]*fix: no-such-acceptor is not on PATH/);
  });

  it('an acceptor that writes no report even for the reference answers: every trial is an env_error, never a fail', async () => {
    const trial = await trialOf(await commandSet({ command: 'node acceptor.mjs' }, 'process.exit(0);'));
    assert.equal(trial.outcome, 'env_error');
    assert.deepEqual(trial.checks, {});
    assert.match(trial.layers.trajectory.notes.join('\n'), /wrote no report to \$TRIALGATE_REPORT/);
  });
});
