// Human repair, reported apart, end to end on a real run of the built-in task: the raw pass rate never
// includes repaired work; the delivered candidate and its evidence never change; a committed repair is
// re-applied by the next run to the identical candidate.
import assert from 'node:assert/strict';
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { Results } from '../src/schemas/results.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { sha256 } from '../src/util/hash.ts';
import { INVENTORY, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { recordedRun } from './support/recorded-runs.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

const readResults = async (runDir: string) => Results.parse(JSON.parse(await readFile(join(runDir, 'results.json'), 'utf8')));

describe('trialgate repair', () => {
  it('start → edit → done: the repaired candidate is accepted apart, the raw figures stay, and the next run re-applies a saved repair', async () => {
    const skill = (await readFile(BUILTIN_SKILL, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## |(?![\s\S]))/m, '');
    const { config, project, runDir, results } = await recordedRun({ skill });
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'fail', 'double-reserve is missed without the idempotency section');
    const trialDir = join(runDir, trial.evidence);
    const verdictBefore = await readFile(join(trialDir, 'evidence', 'verdict.json'), 'utf8');

    const nothing = captureIo(project);
    assert.equal(await main(['repair', trialDir, '--done'], nothing), 2, 'nothing started yet');
    assert.match(nothing.err, /no repair was started here/);

    const start = captureIo(project);
    assert.equal(await main(['repair', trialDir], start), 0, start.err);
    assert.match(start.out, /edit the copy in .*repair\/candidate/);
    const unchanged = captureIo(project);
    assert.equal(await main(['repair', trialDir, '--done'], unchanged), 2);
    assert.match(unchanged.err, /nothing was changed/);

    // The human fix: the reference playbook, which covers idempotency.
    await cp(join(INVENTORY, 'reference', 'spec.json'), join(trialDir, 'repair', 'candidate', 'spec.json'));
    await cp(join(INVENTORY, 'reference', 'cases.json'), join(trialDir, 'repair', 'candidate', 'cases.json'));
    const done = captureIo(project);
    assert.equal(
      await main(['repair', trialDir, '--done', '--minutes', '12', '--confirming-minutes', '3', '--note', 'added the idempotency cases', '--save'], done),
      0,
      done.out + done.err,
    );
    assert.match(done.out, /pass after repair \(raw: fail\); 12 min, \d+ patch lines in 2 files/);
    assert.match(done.out, /saved as repairs\/inventory\/[0-9a-f]{64}\.diff/);

    const recorded = await readResults(runDir);
    const repaired = recorded.tasks[0]!.trials[0]!;
    assert.equal(repaired.outcome, 'fail', 'the raw outcome never includes the repair');
    assert.deepEqual(
      [repaired.repair!.outcome, repaired.repair!.source, repaired.repair!.minutes, repaired.repair!.confirming_minutes, repaired.repair!.note],
      ['pass', 'manual', 12, 3, 'added the idempotency cases'],
    );
    const summary = recorded.tasks[0]!.summary;
    assert.deepEqual([summary.passes, summary.n], [0, 1]);
    assert.deepEqual([summary.repaired!.passes, summary.repaired!.n, summary.repaired!.minutes], [1, 1, 12]);
    assert.match(await readFile(join(runDir, repaired.repair!.patch), 'utf8'), /^\+\+\+ b\/cases\.json/m);
    assert.equal(await readFile(join(trialDir, 'evidence', 'verdict.json'), 'utf8'), verdictBefore, 'the evidence is never changed');
    const report = await readFile(join(runDir, 'report.md'), 'utf8');
    assert.match(report, /\| pass after human repair \| human minutes \| patch lines \|/);
    assert.match(report, /\| inventory \| 0\/1 \|.*\| 1\/1 \| 12 \| \d+ \|/, 'raw 0/1 and 1/1 after repair, side by side');

    // Compared with a base that passed, the raw figures regress; the repair is shown, never gated.
    const base = await recordedRun();
    const compare = captureIo(project);
    assert.equal(
      await main(['compare', '--base', join(base.runDir, 'results.json'), '--head', join(runDir, 'results.json'), '--policy', 'strict'], compare),
      1,
    );
    assert.match(compare.out, /\| inventory \| regressed[^|]*\| 1\/1 → 0\/1 \|.*\| 1\/1 → 1\/1 \| 12 \| \d+ \|/);
    const delivered = JSON.parse(await readFile(join(trialDir, 'candidate', 'cases.json'), 'utf8'));
    assert.ok(!JSON.stringify(delivered).includes('repeated-request-reserves-once'), 'the delivered candidate is never changed');

    // The same skill delivers the same candidate: the next run re-applies the committed repair.
    const again = await runTrialSet({ configPath: config, outDir: await tempDir() });
    const next = again.results.tasks[0]!.trials[0]!;
    assert.equal(next.candidate_sha256, trial.candidate_sha256);
    assert.equal(next.outcome, 'fail');
    assert.deepEqual([next.repair?.source, next.repair?.outcome, next.repair?.minutes], ['committed', 'pass', 12]);
    assert.equal(again.results.tasks[0]!.summary.repaired?.passes, 1);
    assert.ok(await stat(join(again.runDir, next.evidence, 'repair', 'patch.diff')));
    assert.equal(sha256(await readFile(join(project, 'repairs', 'inventory', `${trial.candidate_sha256}.diff`))).length, 64);
  });

  it('a repair is accepted against the faults the task selected, not every fault of its fixture', async () => {
    // The task runs two of the fixture's three defects; the skill lost its idempotency section, so the trial misses double-reserve.
    const skill = (await readFile(BUILTIN_SKILL, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## |(?![\s\S]))/m, '');
    const faults = { 'double-reserve': 'duplicate request reserves twice', 'missing-record': 'reservation writes no record' };
    const config = await writeTrialSet({ skill, extra: { tasks: [{ id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases', faults }] } });
    const project = dirname(config);
    const { runDir, results } = await runTrialSet({ configPath: config, outDir: await tempDir() });
    const trial = results.tasks[0]!.trials[0]!;
    assert.deepEqual(
      results.tasks[0]!.faults.map((f) => f.id),
      Object.keys(faults),
    );
    assert.equal(trial.outcome, 'fail');
    const trialDir = join(runDir, trial.evidence);
    assert.equal(await main(['repair', trialDir], captureIo(project)), 0);
    // The human fix catches both selected defects; it would miss reject-writes, which this task does not run.
    const cases = JSON.parse(await readFile(join(INVENTORY, 'reference', 'cases.json'), 'utf8'));
    const refusal = cases.cases.find((c: { id: string }) => c.id === 'insufficient-stock-changes-nothing');
    refusal.steps[1].expect.values = [];
    await cp(join(INVENTORY, 'reference', 'spec.json'), join(trialDir, 'repair', 'candidate', 'spec.json'));
    await writeFile(join(trialDir, 'repair', 'candidate', 'cases.json'), JSON.stringify(cases, null, 2));
    const done = captureIo(project);
    assert.equal(await main(['repair', trialDir, '--done', '--minutes', '5'], done), 0, done.out + done.err);
    assert.match(done.out, /pass after repair \(raw: fail\)/, done.out + done.err);
    const repaired = (await readResults(runDir)).tasks[0]!.trials[0]!.repair!;
    assert.deepEqual([repaired.outcome, repaired.failures], ['pass', []]);
    assert.ok(!(await readdir(join(trialDir, 'repair', 'acceptance', 'reports'))).includes('reject-writes.json'), 'the unselected fault is not run');
  });

  it('--abort discards a repair under way; a tools task has nothing to repair', async () => {
    const { project, runDir, results } = await recordedRun({ env: { SCRIPTED_AGENT_MODE: 'claim-only' } });
    const trialDir = join(runDir, results.tasks[0]!.trials[0]!.evidence);
    assert.equal(await main(['repair', trialDir], captureIo(project)), 0);
    assert.ok(await stat(join(trialDir, 'repair')));
    assert.equal(await main(['repair', trialDir, '--abort'], captureIo(project)), 0);
    assert.equal(await stat(join(trialDir, 'repair')).catch(() => null), null);
  });
});
