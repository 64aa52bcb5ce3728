// The comment's Mermaid chart of pass rates per task: when it appears, what it holds, that no task id
// can break out of it, and that it is the first thing cut under the comment length limit. That GitHub's
// renderer (Mermaid) draws it is checked in test/report-html-browser.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { MAX_CHART_TASKS, passRateChart } from '../src/report/chart.ts';
import { commentOf } from './support/outputs.ts';
import { buildResults } from './support/results-builder.ts';
import * as scenarios from './support/scenarios.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

const compare = (s: { bases: Parameters<typeof compareResults>[0]; head: Parameters<typeof compareResults>[1] }) => compareResults(s.bases, s.head, FIXED_K);

describe('the pass-rate chart', () => {
  it('bars the base rate and lines the head rate of each compared task, in percent', () => {
    const chart = passRateChart(compare(scenarios.idempotencyRegression()));
    assert.match(chart, /^#### Trial pass rate per task\n\n```mermaid\nxychart-beta\n/);
    assert.match(chart, /\n {2}x-axis \["inventory-reserve", "inventory-release", "inventory-report"\]\n/);
    assert.match(chart, /\n {2}bar \[60, 40, 100\]\n {2}line \[0, 100, 100\]\n```$/);
  });

  it('is left out when no pass rate changed, without a base, and past the task limit', () => {
    assert.equal(passRateChart(compare(scenarios.noChange())), '');
    const head = scenarios.noBaseline();
    assert.equal(passRateChart(compareResults([], head)), '');
    const many = scenarios.largeRun(MAX_CHART_TASKS + 1, 2);
    assert.equal(passRateChart(compare(many)), '');
    assert.notEqual(passRateChart(compare(scenarios.largeRun(MAX_CHART_TASKS, 2))), '');
  });

  it('no task id can end the string, the block or mention anyone', () => {
    const id = 'a"] \n```\n@octocat <b>x</b> [y] `z`' + 'w'.repeat(100);
    const run = (pass: string, sha: string) => buildResults({ sha, tasks: [{ id, checks: { pass } }] });
    const chart = passRateChart(compareResults([run('11', '1'.repeat(40))], run('00', '2'.repeat(40))));
    const axis = chart.split('\n').find((l) => l.startsWith('  x-axis'))!;
    assert.equal(axis, '  x-axis ["a__ ______octocat _b_x_…"]');
    assert.equal(chart.match(/```/g)!.length, 2, 'only the block’s own fences');
  });

  it('is the first thing cut when the comment would pass its length limit', () => {
    const scenario = scenarios.idempotencyRegression();
    const c = compare(scenario);
    const full = commentOf(scenario.head, c);
    assert.ok(full.includes('```mermaid'));
    const cut = commentOf(scenario.head, c, { maxChars: full.length - 10 });
    assert.ok(!cut.includes('```mermaid'));
    assert.match(cut, /pass-rate chart: 1 of 1 cut/);
    assert.ok(cut.includes('#### Each task: its checks and trials') && cut.includes('#### Per-task results'), 'nothing else was cut');
  });
});
