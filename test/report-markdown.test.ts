import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { fitDocument, NOTICE } from '../src/report/fit.ts';
import { commentMarker, renderComparisonMarkdown, renderRunMarkdown } from '../src/report/markdown.ts';
import { buildResults } from './support/results-builder.ts';
import * as scenarios from './support/scenarios.ts';

test('the marker comes first and names the trial set', () => {
  assert.equal(commentMarker('inventory-agent'), '<!-- trialgate:inventory-agent -->');
  assert.equal(commentMarker('a--b>'), '<!-- trialgate:a-b -->');
  const { bases, head } = scenarios.noChange();
  assert.ok(renderComparisonMarkdown(compareResults(bases, head)).startsWith('<!-- trialgate:inventory-agent -->\n\n✅ **no regressions**'));
});

test('the same input renders the same text', () => {
  const { bases, head } = scenarios.pooledBases();
  assert.equal(renderComparisonMarkdown(compareResults(bases, head)), renderComparisonMarkdown(compareResults(bases, head)));
});

test('notes follow the verdict line', () => {
  const { bases, head } = scenarios.noChange();
  const md = renderComparisonMarkdown(compareResults(bases, head), { notes: ['baseline 1111111 (2 days old)', 'confirmation round 2'] });
  assert.match(md, /✅ \*\*no regressions\*\*[^\n]*\n\n- baseline 1111111 \(2 days old\)\n- confirmation round 2\n/);
});

test('a tight limit cuts details, then per-task rows, and keeps the regressions', () => {
  const { bases, head, regressedTasks } = scenarios.largeRun(200, 20);
  const c = compareResults(bases, head);
  const full = renderComparisonMarkdown(c, { maxChars: 10_000_000 });
  assert.ok(!full.includes('✂️'));
  const cut = renderComparisonMarkdown(c, { maxChars: 12_000 });
  assert.ok(cut.length <= 12_000, String(cut.length));
  assert.match(cut, /per-task details: 200 of 200 cut; per-task result rows: \d+ of 200 cut/);
  for (const id of regressedTasks) assert.ok(cut.includes(`| ${id} | lost detection: double-reserve`), id);
  assert.match(cut, /\*\*Denominators\.\*\*/);
  const halfway = renderComparisonMarkdown(c, { maxChars: full.length - 1000 });
  assert.match(halfway, /per-task details: \d+ of 200 cut\. Every regression is listed/);
  assert.match(halfway, /#### Per-task results/);
});

test('fitDocument gives up (null) rather than cut through pieces that cannot be cut', () => {
  assert.equal(fitDocument(['x'.repeat(500), NOTICE], [], 200, () => 'notice'), null);
  assert.equal(fitDocument(['x'.repeat(100), NOTICE], [], 200, () => 'notice'), `${'x'.repeat(100)}\n`);
});

test('a single run shows holdout tasks only in aggregate', () => {
  const md = renderRunMarkdown(scenarios.holdout().head);
  for (const secret of [...scenarios.HOLDOUT_IDS, 'silent-audit-gap', 'secret-holdout-constraint']) assert.ok(!md.includes(secret), secret);
  assert.match(md, /\*\*Holdout\*\* \(aggregate only\): 2 tasks, trial pass 7\/10\./);
  assert.match(md, /^<!-- trialgate:inventory-agent -->\n\n📋 \*\*12\/15 executed trials passed\*\*/);
});

test('tokens and cost stay blank when not reported; unknown pass^k stays blank', () => {
  const run = buildResults({ tasks: [{ id: 'short', checks: { pass: '1' }, outcomes: '.' }, { id: 'full', checks: { pass: '11' }, tokens: 10 }] });
  const withK = { ...run, tasks: run.tasks.map((t) => ({ ...t, summary: { ...t.summary, k: 2, pass_pow_k: null } })) };
  const md = renderRunMarkdown(withK);
  assert.match(md, /\| short \| 1\/1 \| 1\.00 \| \| \| 0 \| 0 \| 1\.0 s \| \| \|/);
});

test('the evidence link and the trial directories appear in the details', () => {
  const { bases, head } = scenarios.idempotencyRegression();
  const md = renderComparisonMarkdown(compareResults(bases, head), { evidenceUrl: 'https://example.test/a/1' });
  assert.match(md, /Evidence in \[evidence artefact\]\(https:\/\/example\.test\/a\/1\): `inventory-reserve\/trial-001`/);
});

test('tokens and cost columns appear only when some task reported them (never an estimate)', () => {
  const silent = renderRunMarkdown(buildResults({ tasks: [{ id: 'a', checks: { pass: '11' } }] }));
  assert.doesNotMatch(silent, /\| tokens \| cost \|/);
  assert.match(silent, /no task reported tokens or cost/);
  const reported = renderRunMarkdown(buildResults({ tasks: [{ id: 'a', checks: { pass: '11' }, tokens: 1200 }, { id: 'b', checks: { pass: '11' } }] }));
  assert.match(reported, /\| tokens \| cost \|/);
  assert.match(reported, /\| 1,200 \|/);
});
