// Calibration: the judge against the shipped human labels, what it takes for an item to gate, and the
// reasons an item is shown but not gated; compare honours them. The flawed judges here answer over
// loopback HTTP; the one that prefers long answers passes the swap but not calibration.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { main } from '../src/cli/main.ts';
import { compareResults } from '../src/compare/compare.ts';
import { nextConfirmation } from '../src/compare/confirm.ts';
import type { TaskJudge } from '../src/schemas/judge.ts';
import { defineJudgedTasks } from '../src/semantic/define.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { ROOT } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { flawedJudges } from './support/judges.ts';
import { buildResults } from './support/results-builder.ts';
import { writeTrialSet } from './support/trialset.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

const TASK = 'inventory-reservations';
const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8')) as { tasks: { judge: TaskJudge }[] };
const items = repo.tasks[0]!.judge.items;
const task = (judge: Partial<TaskJudge> = {}) => [
  { id: TASK, set: 'dev', fixture: 'fixture', acceptance: 'http-cases', judge: { labels: 'fixture/judge/labels', items, ...judge } },
];

const flawed = flawedJudges();

describe('trialgate calibrate', () => {
  it("the repository's own calibration record is current: the example's idempotency and ledger items gate, rejected writes does not", async () => {
    const set = await loadTrialSet(join(ROOT, 'trialgate.yml'));
    const defined = await defineJudgedTasks(
      set.config.judge!,
      set.dir,
      set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind })),
    );
    const gating = defined.get(TASK)!.items.map((i) => [i.item.id, i.gating.gated]);
    assert.deepEqual(
      gating,
      [
        ['covers-idempotency', true],
        ['covers-rejected-writes', false],
        ['covers-ledger', true],
      ],
      'run trialgate calibrate and commit fixtures/inventory/judge/calibration.json',
    );
  });

  for (const [flaw, model] of [
    ['longer', 'prefers-long'],
    ['first-position', 'always-yes'],
  ] as const) {
    it(`a judge that ${flaw === 'longer' ? 'says yes to long answers' : 'always says yes'} does not meet κ ≥ 0.6 on the labels: no item gates, each says why`, async () => {
      const j = await flawed(flaw);
      const config = await writeTrialSet({ extra: { judge: { model, base_url: j.url, calibration: 'calibration.json' }, tasks: task() } });
      const io = captureIo();
      assert.equal(await main(['calibrate', '--config', config], io), 1, io.err);
      assert.equal(j.requests.length, 81, '27 samples × 3 items');
      const record = JSON.parse(await readFile(join(dirname(config), 'calibration.json'), 'utf8'));
      assert.equal(record.items.length, 3);
      for (const item of record.items) {
        assert.equal(item.n, 27);
        assert.ok(item.kappa === null || item.kappa < 0.6, `${item.item}: κ ${item.kappa}`);
      }
      if (flaw === 'first-position')
        assert.deepEqual(
          record.items.map((i: { kappa: number }) => i.kappa),
          [0, 0, 0],
        );
      assert.equal((io.out.match(/not gated, because its agreement with people, κ = /g) ?? []).length, 3);
    });
  }

  it('a calibration made for another model or an older prompt does not gate, and the run says why', async () => {
    const config = await writeTrialSet({
      extra: {
        judge: { model: 'scripted-judge-1', command: 'node fixture/judge/scripted-judge.mjs', calibration: 'fixture/judge/calibration.json' },
        tasks: task(),
      },
    });
    const project = dirname(config);
    const define = async () => {
      const set = await loadTrialSet(config);
      const defined = await defineJudgedTasks(
        set.config.judge!,
        set.dir,
        set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind })),
      );
      return defined.get(TASK)!.items.map((i) => (i.gating.gated ? 'gated' : i.gating.why));
    };
    assert.equal((await define())[0], 'gated');
    const yml = parse(await readFile(config, 'utf8'));
    yml.judge.model = 'gpt-x';
    await writeFile(config, stringify(yml));
    assert.match((await define())[0]!, /calibrated with model scripted-judge-1 but is judged by gpt-x/);
    yml.judge.model = 'scripted-judge-1';
    yml.tasks[0].judge.items[0].question = `${items[0]!.question} Answer strictly.`;
    await writeFile(config, stringify(yml));
    assert.match((await define())[0]!, /its prompt \(question, files shown or goal\) changed since it was calibrated/);
    await writeFile(join(project, 'fixture/judge/labels/samples/s01/candidate/test-plan.md'), '# relabelled\n');
    assert.match((await define())[1]!, /its labelled set changed since it was calibrated/);
  });

  it('a label for an item the task does not declare is named, with the file and the field', async () => {
    const config = await writeTrialSet({
      extra: { judge: { model: 'scripted-judge-1', command: 'node fixture/judge/scripted-judge.mjs' }, tasks: task({ items: items.slice(0, 2) }) },
    });
    const io = captureIo();
    assert.equal(await main(['calibrate', '--config', config], io), 2);
    assert.match(io.err, /labels\.json: samples\[0\]\.labels\.covers-ledger: task inventory-reservations has no judge item covers-ledger/);
  });

  it('judge items without a judge, and labels shown to the agent, are refused when the trial set is read', async () => {
    const io = captureIo();
    const bare = await writeTrialSet({ extra: { tasks: task() } });
    assert.equal(await main(['calibrate', '--config', bare], io), 2);
    assert.match(io.err, /tasks\[0\]\.judge: judge items need the top-level judge/);
    const shown = await writeTrialSet({
      agent: { files: ['fixture/agent', 'fixture/judge'] },
      extra: { judge: { model: 'm', base_url: 'http://127.0.0.1:9/v1' }, tasks: task() },
    });
    const io2 = captureIo();
    assert.equal(await main(['calibrate', '--config', shown], io2), 2);
    assert.match(io2.err, /tasks\[0\]\.judge\.labels: fixture\/judge\/labels would be shown to the agent through fixture\/judge/);
  });
});

describe('compare honours what is not gated', () => {
  const spec = (head: boolean) => ({
    id: 't',
    checks: { pass: '111', 'judge:covers': head ? '000' : '111', 'judge:other': head ? '000' : '111' },
  });
  const run = (head: boolean, versions: Record<string, string>, ungated?: Record<string, string>) => {
    const results = buildResults({ startedAt: head ? '2025-01-02T00:00:00Z' : '2025-01-01T00:00:00Z', tasks: [spec(head)] });
    results.tasks[0]!.check_versions = versions;
    if (ungated) results.tasks[0]!.ungated = ungated;
    return results;
  };
  const same = { 'judge:covers': 'model m, prompt aaa', 'judge:other': 'model m, prompt bbb' };

  it('a check the head results mark ungated is shown with its reason, never gated, and out of the family', () => {
    const c = compareResults([run(false, same)], run(true, same, { 'judge:other': 'its agreement with people is below the threshold' }), { policy: 'strict' });
    const checks = Object.fromEntries(c.tasks[0]!.checks.map((ch) => [ch.check, ch]));
    assert.equal(checks['judge:covers']!.gated, true);
    assert.equal(checks['judge:covers']!.status, 'regressed');
    assert.equal(checks['judge:other']!.gated, false);
    assert.equal(checks['judge:other']!.ungated, 'its agreement with people is below the threshold');
    assert.equal(c.regressions, 1);
    assert.equal(checks['judge:covers']!.kind, 'judge');
  });

  it('a judge check the base measured with another model or prompt is not gated against it', () => {
    const c = compareResults([run(false, { ...same, 'judge:covers': 'model n, prompt aaa' })], run(true, same), { policy: 'strict' });
    const covers = c.tasks[0]!.checks.find((ch) => ch.check === 'judge:covers')!;
    assert.equal(covers.gated, false);
    assert.match(covers.ungated!, /the base measured it with model n, prompt aaa and the head with model m, prompt aaa/);
    assert.equal(c.regressions, 1, 'judge:other still regresses, gated');
  });

  it('under familywise, an ungated check neither joins the family nor sends a task to confirmation', () => {
    const c = compareResults([run(false, same)], run(true, same, { 'judge:covers': 'not calibrated', 'judge:other': 'not calibrated' }), FIXED_K);
    assert.equal(c.policy.family, c.tasks[0]!.checks.filter((ch) => ch.gated).length);
    assert.ok(c.tasks[0]!.checks.filter((ch) => ch.check.startsWith('judge:')).every((ch) => !ch.gated));
    // pass held 3/3 → 3/3; only the lost judge items could send the task on, and only while they gate (with
    // enough confirmation trials for a total loss of one to reach its part of the task's share of α).
    assert.equal(nextConfirmation([run(false, same)], run(true, same, { 'judge:covers': 'x', 'judge:other': 'x' }), { confirmTrials: 30 }), null);
    assert.deepEqual(nextConfirmation([run(false, same)], run(true, same), { confirmTrials: 30 })?.tasks, ['t']);
  });
});
