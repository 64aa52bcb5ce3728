// What a pull request spent, as its comment states it: the trials against the first round's k, and the
// tokens and cost the agents reported, kept when only some tasks' agents report usage (a stand-in beside a
// model CLI), with how many reported none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { spendLine } from '../src/report/measurement.ts';
import { buildResults } from './support/results-builder.ts';

const SHA = '3'.repeat(40);
const base = buildResults({
  sha: SHA,
  tasks: [
    { id: 'tally', checks: { pass: '111' } },
    { id: 'split', checks: { pass: '111' }, tokens: 9000 },
  ],
});

test('the tokens of the tasks that reported usage are stated, with how many tasks reported none', () => {
  const head = buildResults({
    tasks: [
      { id: 'tally', checks: { pass: '111' } },
      { id: 'split', checks: { pass: '111' }, tokens: 9000, cost_usd: 0.25 },
    ],
  });
  const c = compareResults([base], head);
  assert.equal(c.spend!.tokens, 9000);
  assert.equal(c.spend!.cost_usd, 0.25);
  assert.equal(c.spend!.unreported_tasks, 1);
  assert.match(
    spendLine(c),
    /^\*\*Spent:\*\* 6 agent trials \(the first round; none needed confirming\) · 9,000 tokens · \$0\.25 \(1 task reported no usage\)/,
  );
});

test('no task reporting usage states none; every task reporting it states no gap', () => {
  const none = compareResults(
    [base],
    buildResults({
      tasks: [
        { id: 'tally', checks: { pass: '111' } },
        { id: 'split', checks: { pass: '111' } },
      ],
    }),
  );
  assert.equal(none.spend!.tokens, null);
  assert.match(spendLine(none), /^\*\*Spent:\*\* 6 agent trials \(the first round; none needed confirming\) · no usage reported by the agents/);
  const all = compareResults([base], buildResults({ tasks: [{ id: 'split', checks: { pass: '111' }, tokens: 4000 }] }));
  assert.equal(all.spend!.unreported_tasks, undefined);
  assert.doesNotMatch(spendLine(all), /reported no usage/);
});

test('a head compared without the confirmation it needs says so, not that none was needed', () => {
  // compare on a second run: 2/2 → 0/2 asks for confirmation trials, which only gate runs (3/3 → 0/3 no longer
  // does: against a base of 3 the unconditional test flags it in the first round).
  const c = compareResults(
    [buildResults({ sha: SHA, tasks: [{ id: 'tally', checks: { pass: '11' } }] })],
    buildResults({ tasks: [{ id: 'tally', checks: { pass: '00' } }] }),
  );
  assert.equal(c.tasks[0]!.undecided_next, 'confirmation', JSON.stringify(c.tasks[0]));
  assert.match(spendLine(c), /^\*\*Spent:\*\* 2 agent trials \(the first round; the confirmation it needs was not run\)/);
});

test('the cap is stated whether or not one was set, so a reader sees what bounded the spend', () => {
  const head = buildResults({ tasks: [{ id: 'tally', checks: { pass: '111' } }] });
  const uncapped = compareResults([base], head);
  assert.equal(uncapped.spend!.max_trials, null);
  assert.match(spendLine(uncapped), / · no `max-trials` cap: each task within its `confirm-trials` budget\.$/);
  const capped = compareResults([base], head, { maxTrials: 200 });
  assert.match(spendLine(capped), / · cap 200 · /);
  assert.doesNotMatch(spendLine(capped), /no cap/);
});

test('the usage of head trials lost to the environment is spent too: a provider that failed after some answers was paid for them', () => {
  const head = buildResults({
    tasks: [
      { id: 'tally', checks: { pass: '111' }, outcomes: '.dd' },
      { id: 'split', checks: { pass: '111' }, tokens: 9000, cost_usd: 0.25, outcomes: '..d' },
    ],
  });
  // What the agents reported before their provider failed (a trial the agent declared lost, exit 75).
  head.tasks[0]!.trials[1]!.usage = { input_tokens: 2400, output_tokens: 600, cost_usd: 0.01 };
  head.tasks[1]!.trials[2]!.usage = { input_tokens: 1200, output_tokens: 300 };
  const c = compareResults([base], head);
  assert.equal(c.spend!.tokens, 9000 + 3000 + 1500);
  assert.equal(c.spend!.cost_usd, 0.26);
  assert.equal(c.spend!.unreported_tasks, undefined, 'both tasks reported usage');
});
