// The runs the compare and report tests (and bench/compare-speed.mjs) are built from.
import type { Results } from '../../src/schemas/results.ts';
import { buildResults, type TaskSpec } from './results-builder.ts';

const BASE_SHA = '1111111111111111111111111111111111111111';
const HEAD_SHA = '2222222222222222222222222222222222222222';

export const INVENTORY_FAULTS = {
  'double-reserve': 'duplicate request reserves twice (idempotency)',
  oversell: 'reserves more than is in stock',
  'lost-release': 'release does not return stock',
};

const base = (tasks: TaskSpec[], extra: { sha?: string; startedAt?: string } = {}) => buildResults({ sha: BASE_SHA, ...extra, tasks });
const head = (tasks: TaskSpec[]) => buildResults({ sha: HEAD_SHA, ref: 'refs/pull/42/merge', startedAt: '2025-01-02T00:00:00Z', tasks });

const reserve = (marks: { pass: string; sources: string; double: string }): TaskSpec => ({
  id: 'inventory-reserve',
  faults: INVENTORY_FAULTS,
  checks: {
    pass: marks.pass,
    'constraint:sources-quoted': marks.sources,
    'detect:double-reserve': marks.double,
    'detect:oversell': '11111',
    'detect:lost-release': '11111',
  },
  tokens: 48_210,
  cost_usd: 0.31,
});

const release = (pass: string): TaskSpec => ({
  id: 'inventory-release',
  faults: { 'lost-release': INVENTORY_FAULTS['lost-release'] },
  checks: { pass, 'detect:lost-release': pass },
});
const report = (pass: string): TaskSpec => ({ id: 'inventory-report', checks: { pass, 'constraint:no-writes-outside-candidate': '11111' } });

/** Head results alone: the first PR of a repository, before the base branch has any. */
export function noBaseline(): Results {
  return head([reserve({ pass: '11111', sources: '11111', double: '11111' }), release('11011'), { ...report('1111'), outcomes: '....e' }]);
}

export function noChange(): { bases: Results[]; head: Results } {
  const tasks = [reserve({ pass: '11111', sources: '11111', double: '11111' }), release('11111'), report('11111')];
  return { bases: [base(tasks)], head: head(tasks) };
}

/**
 * The motivating case: every inventory scenario still passes and the spec is better formed (sources
 * quoted on every trial now), but double-reserve is no longer detected. The mean pass rate is level.
 */
export function idempotencyRegression(): { bases: Results[]; head: Results } {
  return {
    bases: [base([reserve({ pass: '11100', sources: '11100', double: '11111' }), release('01010'), report('11111')])],
    head: head([reserve({ pass: '00000', sources: '11111', double: '00000' }), release('11111'), report('11111')]),
  };
}

export function improvement(): { bases: Results[]; head: Results } {
  return {
    bases: [base([reserve({ pass: '00000', sources: '11111', double: '00000' }), release('11111'), report('11111')])],
    head: head([reserve({ pass: '11111', sources: '11111', double: '11111' }), release('11111'), report('11111')]),
  };
}

export function flaky(): { bases: Results[]; head: Results } {
  return {
    bases: [base([reserve({ pass: '11111', sources: '11111', double: '11111' }), release('10110'), report('11111')])],
    head: head([reserve({ pass: '11111', sources: '11111', double: '11111' }), release('11011'), report('11111')]),
  };
}

export const HOLDOUT_IDS = ['holdout-audit-trail', 'holdout-bulk-reserve'];

/** Two holdout tasks, one of which loses a detection: only the aggregate may show. */
export function holdout(): { bases: Results[]; head: Results } {
  const audit = (pass: string): TaskSpec => ({
    id: 'holdout-audit-trail',
    set: 'holdout',
    faults: { 'silent-audit-gap': 'audit entry missing' },
    checks: { pass, 'detect:silent-audit-gap': pass },
  });
  const bulk: TaskSpec = { id: 'holdout-bulk-reserve', set: 'holdout', checks: { pass: '11111', 'constraint:secret-holdout-constraint': '11111' } };
  return {
    bases: [base([reserve({ pass: '11111', sources: '11111', double: '11111' }), audit('11111'), bulk])],
    head: head([reserve({ pass: '11111', sources: '11111', double: '11111' }), audit('11000'), bulk]),
  };
}

/** A changed fixture, a new acceptor version, a new budget, a new task and a removed one. */
export function changedTask(): { bases: Results[]; head: Results } {
  return {
    bases: [
      base([
        reserve({ pass: '11111', sources: '11111', double: '11111' }),
        release('11111'),
        report('11111'),
        { id: 'inventory-legacy-export', checks: { pass: '11111' } },
      ]),
    ],
    head: head([
      { ...reserve({ pass: '00000', sources: '11111', double: '00000' }), fixture: 'f'.repeat(64) },
      { ...release('00000'), acceptor_version: 'http-cases@2' },
      { ...report('11111'), wall_seconds: 900 },
      { id: 'inventory-restock', checks: { pass: '11101' } },
    ]),
  };
}

/** inventory-reserve's fixture changed (its head trials passing as `pass` says), beside inventory-report compared as it was. */
export function changedBesideCompared(pass: string): { bases: Results[]; head: Results } {
  return { bases: changedTask().bases, head: head([{ ...reserve({ pass, sources: '11111', double: pass }), fixture: 'f'.repeat(64) }, report('11111')]) };
}

/**
 * Three base runs of the base branch; the oldest ran an older acceptor on inventory-report, so only two
 * are pooled there. The head loses double-reserve on 4 of 5 trials against 15/15 pooled (p = 16/15504): it
 * regresses, while release, flaky in every run, could not reach that p and does not dilute it.
 */
export function pooledBases(): { bases: Results[]; head: Results } {
  const tasks = [reserve({ pass: '11111', sources: '11111', double: '11111' }), release('11011'), report('11111')];
  const older = [tasks[0]!, tasks[1]!, { ...tasks[2]!, acceptor_version: 'http-cases@0' }];
  return {
    bases: [
      base(tasks, { sha: '3333333333333333333333333333333333333333', startedAt: '2024-12-30T00:00:00Z' }),
      base(tasks, { sha: '4444444444444444444444444444444444444444', startedAt: '2024-12-31T00:00:00Z' }),
      base(older, { sha: '5555555555555555555555555555555555555555', startedAt: '2024-12-29T00:00:00Z' }),
    ],
    head: head([reserve({ pass: '10000', sources: '11111', double: '10000' }), release('11111'), report('11111')]),
  };
}

/** `tasks` tasks × 5 trials; every `every`-th task loses its double-reserve detection on the head, every 7th is flaky. */
export function largeRun(tasks: number, every = 50): { bases: Results[]; head: Results; regressedTasks: string[] } {
  const ids = Array.from({ length: tasks }, (_, i) => `task-${String(i + 1).padStart(4, '0')}`);
  const spec = (id: string, lost: boolean, pass: string): TaskSpec => ({
    id,
    faults: { 'double-reserve': INVENTORY_FAULTS['double-reserve'], oversell: INVENTORY_FAULTS.oversell },
    checks: {
      pass: lost ? '00000' : pass,
      'detect:double-reserve': lost ? '00000' : '11111',
      'detect:oversell': '11111',
      'constraint:protected-files': '11111',
    },
    tokens: 10_000,
  });
  const regressedTasks = ids.filter((_, i) => i % every === 0);
  const flakyAt = (i: number) => i % 7 === 3 && i % every !== 0;
  return {
    bases: [base(ids.map((id, i) => spec(id, false, flakyAt(i) ? '10111' : '11111')))],
    head: head(ids.map((id, i) => spec(id, regressedTasks.includes(id), flakyAt(i) ? '11011' : '11111'))),
    regressedTasks,
  };
}
