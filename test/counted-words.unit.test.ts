// A count is said in its number wherever a person reads one: "1 trial launched", never "1 trials".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseRunProblem } from '../src/compare/base-runs.ts';
import { evidenceOf, verdictOf, type Member } from '../src/compare/familywise.ts';
import { makePlan } from '../src/compare/plan.ts';
import { policyReach } from '../src/compare/policies.ts';
import { buildReportModel } from '../src/report/html/model.ts';
import { present, wholeRun } from '../src/report/view.ts';
import { compareResults } from '../src/compare/compare.ts';
import { commentOf, runMarkdownOf } from './support/outputs.ts';
import { buildResults } from './support/results-builder.ts';

const ONE = /(?<![\d,])1 (trials|tasks|runs|checks|env errors|variants|calls|files|exchanges|reads)\b/;

test('one of anything is said in the singular: denominators, rules, base runs, the policy, report.html', () => {
  const one = buildResults({ tasks: [{ id: 't', checks: { pass: '1' } }] });
  const md = runMarkdownOf(one);
  assert.match(md, /Head: 1 trial per task \(k\) · 1 task · 1 trial launched = 1 executed \+ 0 env errors \+ 0 unexecuted\./);

  const plan = makePlan({ k: 1, baseTrials: 30, share: 0.05, budget: 0 });
  const lost: Member = { base: { successes: 30, n: 30 }, baseRunTrials: 1, looks: [{ successes: 0, n: 1 }], head: { successes: 0, n: 1 } };
  assert.match(verdictOf(lost, evidenceOf(lost, plan), plan, 0.05, false).rule, /^first 1 trial: Fisher p/);
  const confirmed = makePlan({ k: 1, baseTrials: 30, share: 0.05, budget: 4 });
  const held: Member = {
    base: { successes: 30, n: 30 },
    baseRunTrials: 1,
    looks: [{ successes: 1, n: 1 }, ...confirmed.looks.slice(1).map(() => ({ successes: 1, n: 1 }))],
    head: { successes: 1, n: 1 },
  };
  const later = verdictOf(held, evidenceOf(held, confirmed), confirmed, 0.05, false);
  assert.doesNotMatch(later.rule, ONE, later.rule);
  assert.match(policyReach('familywise', { k: 1, baseRuns: 1, alpha: 0.05, budget: 0, tasks: 1, baseTrials: 30 }).note, /in the first 1 trial,/);

  assert.match(
    baseRunProblem({ run: {}, tasks: [{ trials: [{ outcome: 'env_error' }] }] } as unknown as Parameters<typeof baseRunProblem>[0])!,
    /^1 of its 1 trial is an environment error/,
  );

  const base = buildResults({ tasks: [{ id: 't', checks: { pass: '11' } }] });
  const head = buildResults({ sha: 'f'.repeat(40), tasks: [{ id: 't', checks: { pass: '11' } }] });
  const comparison = compareResults([base], head, { confirmTrials: 0 });
  assert.doesNotMatch(commentOf(head, comparison), ONE);
  const page = buildReportModel(present({ ...wholeRun(head), comparison, runDir: '/nowhere' }), 0);
  assert.deepEqual(
    page.denominators.map((d) => d.side),
    ['head', 'base (1 run)'],
  );
});
