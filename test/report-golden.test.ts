// The markdown of each kind of comparison, against golden files read by eye (UPDATE_GOLDEN=1 rewrites).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { renderComparisonMarkdown, renderRunMarkdown } from '../src/report/markdown.ts';
import { assertGolden } from './support/golden.ts';
import * as scenarios from './support/scenarios.ts';

const EVIDENCE = 'https://github.com/acme/shop/actions/runs/7/artifacts/9';
const render = ({ bases, head }: { bases: Parameters<typeof compareResults>[0]; head: Parameters<typeof compareResults>[1] }) =>
  renderComparisonMarkdown(compareResults(bases, head), { evidenceUrl: EVIDENCE });

test('golden: no baseline', async () => {
  const md = renderRunMarkdown(scenarios.noBaseline(), { noBaseline: true, notes: ['No results artefact found on main; this run becomes the baseline once merged.'] });
  await assertGolden('no-baseline.md', md);
});

test('golden: no change', async () => {
  await assertGolden('no-change.md', render(scenarios.noChange()));
});

test('golden: the idempotency regression', async () => {
  const md = render(scenarios.idempotencyRegression());
  assert.match(md, /\| inventory-reserve \| lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 5\/5 \| 0\/5 \|/);
  await assertGolden('idempotency-regression.md', md);
});

test('golden: an improvement', async () => {
  await assertGolden('improvement.md', render(scenarios.improvement()));
});

test('golden: a flaky check', async () => {
  await assertGolden('flaky.md', render(scenarios.flaky()));
});

test('golden: holdout redaction', async () => {
  const md = render(scenarios.holdout());
  for (const secret of [...scenarios.HOLDOUT_IDS, 'silent-audit-gap', 'secret-holdout-constraint']) assert.ok(!md.includes(secret), `${secret} leaked`);
  await assertGolden('holdout.md', md);
});

test('golden: a changed task (with an incomparable, a new and a removed one)', async () => {
  await assertGolden('changed-task.md', render(scenarios.changedTask()));
});

test('golden: several base runs pooled', async () => {
  await assertGolden('pooled-bases.md', render(scenarios.pooledBases()));
});

test('golden: 2,000 tasks cut under the limit, every regression kept', async () => {
  const { bases, head, regressedTasks } = scenarios.largeRun(2000);
  // Forty total losses against one base run of 5 dilute each other under familywise (40 × 1/252 > 5 %);
  // this golden is about cutting, so it gates strictly.
  const comparison = compareResults(bases, head, { policy: 'strict' });
  const md = renderComparisonMarkdown(comparison, { evidenceUrl: EVIDENCE, fullReportUrl: 'https://github.com/acme/shop/actions/runs/7' });
  assert.ok(md.length < 65_536, `length ${md.length}`);
  assert.equal(comparison.regressions, regressedTasks.length * 2);
  for (const id of regressedTasks) {
    assert.ok(md.includes(`| ${id} | lost detection: double-reserve — duplicate request reserves twice (idempotency) | 5/5 | 0/5 |`), `${id} detection row missing`);
    assert.ok(md.includes(`| ${id} | lost trial pass | 5/5 | 0/5 |`), `${id} pass row missing`);
  }
  assert.match(md, /✂️ Cut to stay under GitHub's comment limit — per-task details: [\d,]+ of 2,000 cut/);
  assert.match(md, /Every regression is listed\. See the full report: https:\/\/github\.com\/acme\/shop\/actions\/runs\/7\./);
  await assertGolden('large-truncated.md', md);
});
