// The pull requests whose comment and report.html a reader must understand in ten seconds (issue 33), built
// from results files (results-builder.ts) and the few evidence files the comment reads, never by running
// trials: the seed's regression (a skill loses its `## Idempotency` section), an unchanged PR, an undecided
// PR (the provider is down), a holdout regression, and a PR with 30 regressions. test/report-first-screen
// checks each comment; scripts/screenshots.ts shoots them.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { compareResults, type CompareOptions } from '../../src/compare/compare.ts';
import { presentRun } from '../../src/report/explain.ts';
import { wholeRun, type ChangedFiles, type RunView } from '../../src/report/view.ts';
import type { Results } from '../../src/schemas/results.ts';
import { buildResults, type TaskSpec } from './results-builder.ts';

export const SKILL = 'fixtures/inventory/agent/skills/inventory-testing.md';
export const FAULTS = {
  'reject-writes': 'rejected reservation still changes stock',
  'double-reserve': 'duplicate request reserves twice (idempotency)',
  'missing-record': 'reservation writes no record (ledger)',
};
const CATCHES: Record<string, { test: string; reason: string }> = {
  'reject-writes': { test: 'rejects-over-available', reason: 'rejects-over-available (step 2: $.reserved == 0: expected 0, got 10)' },
  'double-reserve': { test: 'idempotent-repeat', reason: 'idempotent-repeat (step 3: $.available == 16: expected 16, got 12)' },
  'missing-record': { test: 'records-after-reserve', reason: 'records-after-reserve (step 2: $.records.length == 1: expected 1, got 0)' },
};
const HEAD_TESTS = ['reads-known-sku', 'rejects-bad-quantities', 'rejects-over-available', 'records-after-reserve', 'boundary-exact-available'];
const QUESTION = 'Does the test plan cover idempotency, that is, that the same reservation request sent twice reserves the stock only once?';

export interface CommentScenario {
  name: string;
  title: string;
  view: RunView;
  /** The task ids and the fault labels the first screen must name (the fixture's own words); holdout ones must never appear. */
  named: { tasks: string[]; labels: string[]; withheld: string[] };
}

const BASE_SHA = '34d8ecf11cb69fb6fde8e04e57ace2a0b49c0355';
const HEAD_SHA = '8d5ca4eeeeb416b6f6c76f514c8ec757c011c526';

const inventory = (marks: Partial<Record<string, string>>, k: number, extra: Partial<TaskSpec> = {}): TaskSpec => {
  const all = '1'.repeat(k);
  const checks: Record<string, string> = {
    pass: all,
    'detect:reject-writes': all,
    'detect:double-reserve': all,
    'detect:missing-record': all,
    'constraint:writes-confined': all,
    'judge:covers-idempotency': all,
    'judge:covers-ledger': all,
  };
  for (const [check, m] of Object.entries(marks)) checks[check] = m!;
  return { id: 'inventory-reservations', faults: FAULTS, checks, ...extra };
};
const vouchers = (k: number): TaskSpec => ({
  id: 'vouchers-retry',
  checks: { pass: '1'.repeat(k), reproduction: '1'.repeat(k), 'test:balance': '1'.repeat(k), 'constraint:scope': '1'.repeat(k) },
});

/** A base run whose inventory trials caught every defect, each with the test and assertion that caught it. */
function baseRun(tasks: TaskSpec[]): Results {
  const run = withJudge(buildResults({ name: 'inventory-skills', sha: BASE_SHA, tasks }));
  for (const task of run.tasks) {
    for (const trial of task.trials) {
      trial.judgements = task.faults.map((f) => {
        const caught = trial.checks[`detect:${f.id}`] === true;
        const c = CATCHES[f.id] ?? { test: `${f.id}-case`, reason: `${f.id}-case (status == 200: expected 200, got 500)` };
        return caught
          ? { fault: f.id, verdict: 'defect_detected', reason: c.reason, detected_by: [c.test] }
          : { fault: f.id, verdict: 'defect_missed', reason: `all 9 passed on ${f.id}`, detected_by: [] };
      });
    }
  }
  return run;
}

/** The judge's definition and its answers, as a run of the repository's own trial set records them. */
function withJudge(run: Results): Results {
  for (const task of run.tasks) {
    if (!task.trials.some((t) => 'judge:covers-idempotency' in t.checks)) continue;
    task.judge = {
      model: 'scripted-judge-1',
      items: [
        { id: 'covers-idempotency', question: QUESTION, prompt_sha256: 'a'.repeat(64), calibration: 'κ = 0.77, accuracy 89% over 27 labels', pairwise: false },
        {
          id: 'covers-ledger',
          question: 'Does the test plan cover the ledger, that is, that reservations and releases each write a record that is checked?',
          prompt_sha256: 'b'.repeat(64),
          calibration: 'κ = 0.76, accuracy 89% over 27 labels',
          pairwise: false,
        },
      ],
    };
    for (const trial of task.trials) {
      if (!('judge:covers-idempotency' in trial.checks)) continue;
      const yes = trial.checks['judge:covers-idempotency'];
      trial.judge = [
        {
          id: 'covers-idempotency',
          verdict: yes ? 'yes' : 'no',
          reason: yes ? 'idempotency is mentioned (test-plan.md: "Idempotency")' : 'test-plan.md never mentions idempotency',
          asked: true,
          cached: false,
        },
      ];
    }
  }
  return run;
}

/** The head's failing inventory trials: why, in the acceptor's words, and the report on the lost defect (its tests, all passing). */
async function headRun(runDir: string, tasks: TaskSpec[], lost: Record<string, string[]>, k: number): Promise<Results> {
  const run = withJudge(buildResults({ name: 'inventory-skills', sha: HEAD_SHA, ref: 'refs/pull/42/merge', startedAt: '2025-01-02T00:00:00Z', tasks }));
  // Trials past k are the confirmation rounds' (the gate ran them where the first round left a task open).
  run.run.k = k;
  for (const task of run.tasks) task.summary.k = k;
  for (const task of run.tasks) {
    for (const trial of task.trials) {
      const missed = (lost[task.id] ?? []).filter((fault) => trial.checks[`detect:${fault}`] === false);
      if (missed.length === 0) continue;
      trial.layers.final_state.failures = missed.map((fault) => `${fault}: defect_missed: all ${HEAD_TESTS.length} passed on ${fault}`);
      for (const fault of missed) {
        const records = HEAD_TESTS.map((test) => ({ test, status: 'passed' as const, branches: [] }));
        await writeAt(
          join(runDir, trial.evidence, 'evidence', 'reports', `${fault}.json`),
          JSON.stringify({
            fault,
            planned: records.length,
            executed: records.length,
            complete: true,
            blocked: false,
            records,
            candidate_sha256: 'c'.repeat(64),
            variant_sha256: 'd'.repeat(64),
            fixture_sha256: 'e'.repeat(64),
            started_at: '2025-01-02T00:00:00Z',
          }),
        );
      }
    }
  }
  return run;
}

async function writeAt(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

const changedSkill = (tasks: string[]): ChangedFiles => ({
  matched: [SKILL],
  tasks: tasks.map((id) => ({ id, rerun: true, why: `${SKILL} changed (watch, which every task shares)` })),
});

/** The candidate's cases.json as an agent with (or without) the skill's idempotency section writes it. */
function casesJson(idempotency: boolean): string {
  const ids = ['reads-known-sku', 'rejects-bad-quantities', 'rejects-over-available', ...(idempotency ? ['idempotent-repeat'] : []), 'records-after-reserve'];
  return `${JSON.stringify({ cases: ids.map((id) => ({ id, rule: id.replace(/-/g, ' ') })) }, null, 2)}\n`;
}

async function writeCandidates(runDir: string, run: Results, idempotent: (trial: Results['tasks'][number]['trials'][number]) => boolean): Promise<void> {
  for (const task of run.tasks.filter((t) => t.id === 'inventory-reservations'))
    for (const trial of task.trials) await writeAt(join(runDir, trial.evidence, 'candidate', 'cases.json'), casesJson(idempotent(trial)));
}

async function scenario(
  dir: string,
  name: string,
  title: string,
  runs: { base: TaskSpec[]; head: TaskSpec[]; lost?: Record<string, string[]>; options?: CompareOptions; notes?: string[] },
  named: CommentScenario['named'],
): Promise<CommentScenario> {
  const runDir = join(dir, name, 'head');
  const baseDir = join(dir, name, 'base');
  const base = baseRun(runs.base);
  const head = await headRun(runDir, runs.head, runs.lost ?? {}, 3);
  await writeCandidates(baseDir, base, () => true);
  await writeCandidates(runDir, head, (t) => t.checks['detect:double-reserve'] !== false);
  const comparison = compareResults([base], head, runs.options ?? {});
  const view = await presentRun({
    ...wholeRun(head),
    comparison,
    runDir,
    bases: [{ dir: baseDir, results: base }],
    notes: runs.notes ?? [`Baseline: 1 run of \`main\` at ${BASE_SHA.slice(0, 7)}; 2 hours old.`],
    changed: changedSkill(head.tasks.map((t) => t.id)),
    config: 'trialgate.yml',
  });
  return { name, title, view, named };
}

/** Every scenario, its files written below `dir`. */
export async function commentScenarios(dir: string): Promise<CommentScenario[]> {
  const k = 3;
  const lostIdempotency = { pass: '0'.repeat(17), 'detect:double-reserve': '0'.repeat(17), 'judge:covers-idempotency': '0'.repeat(17) };
  const many = Array.from({ length: 15 }, (_, i) => `inventory-${String(i + 1).padStart(2, '0')}`);
  const manyTask = (id: string, lost: boolean): TaskSpec => ({
    id,
    faults: { 'double-reserve': FAULTS['double-reserve'] },
    checks: { pass: lost ? '000' : '111', 'detect:double-reserve': lost ? '000' : '111', 'constraint:writes-confined': '111' },
  });
  const holdout = (marks: string): TaskSpec => ({
    id: 'holdout-audit-trail',
    set: 'holdout',
    faults: { 'silent-audit-gap': 'a reservation leaves no audit entry' },
    checks: { pass: marks, 'detect:silent-audit-gap': marks },
  });
  return [
    await scenario(
      dir,
      'seed-regression',
      'The seed’s regression: the skill loses its “## Idempotency” section',
      {
        base: [inventory({}, k), vouchers(k)],
        head: [inventory(lostIdempotency, 17), vouchers(k)],
        lost: { 'inventory-reservations': ['double-reserve'] },
        notes: [
          `Baseline: 1 run of \`main\` at ${BASE_SHA.slice(0, 7)}; 2 hours old.`,
          'New failures since the base (no base run shows them; `trialgate failures` archives them): `e0069d6e2141` `inventory-reservations` · `detect:double-reserve` · `no assertion failed on double-reserve` (evidence `inventory-reservations/trial-001`).',
        ],
      },
      { tasks: ['inventory-reservations'], labels: [FAULTS['double-reserve']], withheld: [] },
    ),
    await scenario(
      dir,
      'unchanged',
      'An unchanged pull request (a skill reworded)',
      { base: [inventory({}, k), vouchers(k)], head: [inventory({}, k), vouchers(k)] },
      { tasks: [], labels: [], withheld: [] },
    ),
    await scenario(
      dir,
      'undecided-outage',
      'An undecided pull request: the model provider was down',
      {
        base: [inventory({}, k), vouchers(k)],
        head: [
          {
            ...inventory({}, k),
            outcomes: 'ddd',
            envRule: 'the agent declared that its environment failed (exit 75)',
            envMessage: 'the provider answered 503 Service Unavailable three times',
          },
          vouchers(k),
        ],
      },
      { tasks: ['inventory-reservations'], labels: [], withheld: [] },
    ),
    await scenario(
      dir,
      'holdout-regression',
      'A holdout regression: only counts are shown',
      { base: [inventory({}, k), holdout('111')], head: [inventory({}, k), holdout('000')], options: { policy: 'strict' } },
      { tasks: [], labels: [], withheld: ['holdout-audit-trail', 'silent-audit-gap', 'a reservation leaves no audit entry'] },
    ),
    await scenario(
      dir,
      'thirty-regressions',
      'A pull request with 30 regressions (15 tasks each lose a detection and their trial pass)',
      {
        base: many.map((id) => manyTask(id, false)),
        head: many.map((id) => manyTask(id, true)),
        lost: Object.fromEntries(many.map((id) => [id, ['double-reserve']])),
        options: { policy: 'strict' },
      },
      { tasks: many.slice(0, 3), labels: [FAULTS['double-reserve']], withheld: [] },
    ),
  ];
}
