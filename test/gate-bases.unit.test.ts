// Which base runs serve as a baseline, by one rule wherever they come from: the action's download (the next
// older run takes a refused one's place), files and directories given to `trialgate gate`, and compare's
// fold. A base that cannot support a comparison is never "no regressions".
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { baseRunProblem } from '../src/compare/base-runs.ts';
import { compareResults } from '../src/compare/compare.ts';
import { chooseBaseRuns, readBaseDirectory } from '../src/gate/local-bases.ts';
import { runGate } from '../src/gate/gate.ts';
import { storedWhole } from '../src/results/stored-run.ts';
import { commentOf } from './support/outputs.ts';
import type { Results } from '../src/schemas/results.ts';
import { useFakeGitHub } from './support/github-env.ts';
import { buildResults } from './support/results-builder.ts';

const fake = await useFakeGitHub();
const { GitHubClient } = await import('../src/github/client.ts');
const { loadBaseSide } = await import('../src/action/baselines.ts');

const NAME = 'trialgate-results';
/** The fixed-k gate: no confirmation, the first round tested. */
const FIXED_K = { confirmTrials: 0 } as const;
const run = (day: number, outcomes = '...', options: { name?: string; sha?: string } = {}): Results =>
  buildResults({
    ...(options.name ? { name: options.name } : {}),
    sha: options.sha ?? String(day % 10).repeat(40),
    startedAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00Z`,
    tasks: [{ id: 'inventory', checks: { pass: '111', 'detect:double-reserve': '111' }, outcomes }],
  });
const head = () =>
  buildResults({
    sha: 'f'.repeat(40),
    startedAt: '2025-02-01T00:00:00Z',
    tasks: [{ id: 'inventory', checks: { pass: '111', 'detect:double-reserve': '111' } }],
  });

describe('the rule', () => {
  it('a run that is mostly env errors, holds no executed trial or failed its integrity is not a baseline', () => {
    assert.equal(baseRunProblem(run(1)), null);
    assert.equal(
      baseRunProblem(run(1, '.ee')),
      '2 of its 3 trials are environment errors (a run that is mostly environment errors is not a baseline); rerun the baseline workflow',
    );
    assert.equal(baseRunProblem(run(1, '..e')), null, 'one env error in three is not mostly');
    assert.equal(baseRunProblem({ ...run(1), tasks: [] }), 'it holds no executed trial');
    assert.match(baseRunProblem({ ...run(1), run: { ...run(1).run, integrity_error: 'acceptance copy changed' } })!, /^its run's integrity failed/);
  });

  it('bad bases are never "no regressions" (#19.5): no trials, all env errors, trials without checks', () => {
    const noTrials = { ...run(1), tasks: run(1).tasks.map((t) => ({ ...t, trials: [] })) };
    const allEnv = run(1, 'eee');
    const noChecks = { ...run(1), tasks: run(1).tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, checks: {} })) })) };
    for (const [what, base] of [
      ['no trials', noTrials],
      ['all env errors', allEnv],
      ['no checks', noChecks],
    ] as const) {
      const c = compareResults([base], head());
      assert.equal(c.verdict, 'undecided', what);
      const md = commentOf(head(), c);
      assert.doesNotMatch(md, /no regressions/, what);
      assert.match(md, /undecided — rerun/, what);
      assert.match(md, /#### Undecided — not a regression; rerun/, `${what}: the reasons say what the headline says`);
    }
    assert.match(
      compareResults([noChecks], head()).tasks[0]!.undecided!,
      /^the executed base trials of this task carry no gated check: the base cannot support a comparison/,
    );
  });

  it('a base whose trials carry some checks but not the ones its task defines is not "no regressions" either', () => {
    const faults = { 'double-reserve': 'replays reserve twice' };
    const at = (day: number, checks: Record<string, string>, extra: { faults?: Record<string, string> } = {}) =>
      buildResults({ sha: String(day).repeat(40), startedAt: `2025-0${day}-01T00:00:00Z`, tasks: [{ id: 'inventory', checks, ...extra }] });
    // The head loses its detection (with every trial, or as a check of its own).
    const lostAll = at(2, { pass: '000', 'detect:double-reserve': '000', 'constraint:no-links': '111' }, { faults });
    const lostDetection = at(2, { pass: '111', 'detect:double-reserve': '000', 'constraint:no-links': '111' }, { faults });
    for (const [what, base, head, unmeasured] of [
      [
        'no trial pass, no detection',
        at(1, { 'constraint:no-links': '111' }, { faults }),
        lostAll,
        /never measured pass, detect:double-reserve, which the base's own task defines/,
      ],
      [
        'no detection of a fault it selected',
        at(1, { pass: '111', 'constraint:no-links': '111' }, { faults }),
        lostDetection,
        /never measured detect:double-reserve/,
      ],
    ] as const) {
      const c = compareResults([base], head, FIXED_K);
      assert.equal(c.verdict, 'undecided', what);
      assert.match(c.tasks[0]!.undecided!, unmeasured, what);
      assert.doesNotMatch(commentOf(head, c), /no regressions/, what);
    }
    // A fault the head's trial set newly selects is a new check, not a base that failed to measure it.
    const before = at(1, { pass: '111', 'constraint:no-links': '111' });
    const added = at(2, { pass: '111', 'detect:double-reserve': '000', 'constraint:no-links': '111' }, { faults });
    assert.equal(compareResults([before], added, FIXED_K).tasks[0]!.undecided, undefined);
  });
});

describe('trialgate gate: base files and directories', () => {
  it('chooses as the action does: its trial set, usable, the base commit first, then the newest, at most N', () => {
    const candidates = [run(1), run(2, 'eee'), run(3), run(4, '...', { name: 'billing' }), run(5), run(6, '...', { sha: 'b'.repeat(40) })].map(
      (results, i) => ({
        label: `run-${i + 1}/results.json`,
        dir: `/d/${i + 1}`,
        results,
      }),
    );
    // The base commit's run is the oldest usable one here: it still comes first.
    const chosen = chooseBaseRuns([...candidates.slice(0, 5), { ...candidates[5]!, results: run(0, '...', { sha: 'b'.repeat(40) }) }], {
      trialSet: 'inventory-agent',
      maxRuns: 3,
      baseSha: 'b'.repeat(40),
    });
    assert.deepEqual(
      chosen.bases.map((b) => b.dir),
      ['/d/6', '/d/5', '/d/3'],
    );
    assert.deepEqual(chosen.notes, [
      'Baseline: 3 runs at bbbbbbb, 5555555, 3333333; includes the base commit bbbbbbb.',
      'Baseline run-2/results.json not used: 3 of its 3 trials are environment errors (a run that is mostly environment errors is not a baseline); rerun the baseline workflow.',
      'Baseline run-4/results.json not used: it holds trial set "billing", not "inventory-agent".',
      '1 older baseline run not pooled (at most 3).',
    ]);
  });

  it('a trial set renamed in the pull request: its base runs hold the old name, and the gate is undecided, never "no baseline"', async () => {
    const candidates = [run(1), run(2)].map((results, i) => ({ label: `run-${i + 1}/results.json`, dir: `/d/${i + 1}`, results }));
    const chosen = chooseBaseRuns(candidates, { trialSet: 'renamed-agent', maxRuns: 3 });
    assert.deepEqual(chosen.bases, []);
    assert.equal(chosen.otherNamed?.length, 2);
    // The head regressed (double-reserve lost); renaming the trial set must not carry it through.
    const head = run(9, '...', { name: 'renamed-agent' });
    head.tasks[0]!.trials.forEach((t) => (t.checks['detect:double-reserve'] = false));
    const outcome = await runGate(
      {
        firstRound: async () => storedWhole(head),
        baseRuns: async () => chosen,
        confirmationRound: async () => assert.fail('no round against another trial set'),
        saveHead: async () => undefined,
      },
      { failOn: 'regression', failWithoutBaseline: false, confirmTrials: 0 },
    );
    assert.equal(outcome.comparison.verdict, 'incomparable');
    assert.equal(outcome.gate.verdict, 'undecided');
    assert.match(outcome.gate.failure ?? '', /base runs hold trial_set\.name "inventory-agent", this pull request "renamed-agent"; renamed here\?/);
    // Another trial set's runs beside this one's own change nothing: its own are the baseline.
    const mixed = chooseBaseRuns([...candidates, { label: 'x', dir: '/d/x', results: run(3, '...', { name: 'renamed-agent' }) }], {
      trialSet: 'renamed-agent',
      maxRuns: 3,
    });
    assert.deepEqual(
      mixed.bases.map((b) => b.dir),
      ['/d/x'],
    );
  });

  it('a trial set renamed while every base run of the old name is mostly env errors: undecided, never "no baseline"', async () => {
    // Before, only a usable run of the old name counted as one: after an outage on the base branch, renaming the
    // set found no baseline, and the gate passed (exit 0) a head the same pull request unrenamed left undecided.
    const candidates = [run(1, 'eee'), run(2, '.ee')].map((results, i) => ({ label: `run-${i + 1}/results.json`, dir: `/d/${i + 1}`, results }));
    const chosen = chooseBaseRuns(candidates, { trialSet: 'renamed-agent', maxRuns: 3 });
    assert.deepEqual(chosen.bases, []);
    assert.equal(chosen.otherNamed?.length, 2);
    const head = run(9, '...', { name: 'renamed-agent' });
    head.tasks[0]!.trials.forEach((t) => (t.checks['detect:double-reserve'] = false));
    const outcome = await runGate(
      {
        firstRound: async () => storedWhole(head),
        baseRuns: async () => chosen,
        confirmationRound: async () => assert.fail('no round against another trial set'),
        saveHead: async () => undefined,
      },
      { failOn: 'regression', failWithoutBaseline: false, confirmTrials: 0 },
    );
    assert.equal(outcome.gate.verdict, 'undecided');
    assert.equal(outcome.gate.exit, 3);
    assert.match(outcome.gate.failure ?? '', /renamed here\?/);
  });

  it('reads results.json up to two levels down, never through a link, and names what it cannot read', async () => {
    const root = await mkdtemp(join(tmpdir(), 'trialgate-bases-'));
    await mkdir(join(root, 'run-1', NAME), { recursive: true });
    await writeFile(join(root, 'run-1', NAME, 'results.json'), JSON.stringify(run(1)));
    await mkdir(join(root, 'broken'));
    await writeFile(join(root, 'broken', 'results.json'), '{"schema": "nope"}');
    const outside = await mkdtemp(join(tmpdir(), 'trialgate-outside-'));
    await writeFile(join(outside, 'results.json'), JSON.stringify(run(2)));
    await symlink(outside, join(root, 'linked'));
    const found = await readBaseDirectory(root);
    assert.deepEqual(
      found.candidates.map((c) => c.label),
      [join('run-1', NAME, 'results.json')],
    );
    assert.equal(found.notes.length, 1);
    assert.match(found.notes[0]!, /^Baseline broken\/results\.json not used: schema: is "nope"/);
    await assert.rejects(readBaseDirectory(join(root, 'missing')), /--base-dir/);
  });

  it('an empty directory is no baseline; one holding artefacts too deep or still zipped is refused, naming them', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'trialgate-bases-'));
    assert.deepEqual((await readBaseDirectory(empty)).candidates, []);
    const deep = await mkdtemp(join(tmpdir(), 'trialgate-bases-'));
    await mkdir(join(deep, 'job1', 'artifacts', 'results'), { recursive: true });
    await writeFile(join(deep, 'job1', 'artifacts', 'results', 'results.json'), JSON.stringify(run(1)));
    await assert.rejects(
      readBaseDirectory(deep),
      /--base-dir.*holds job1\/ but no results\.json where the gate reads it: its results\.json lies too deep \(job1\/artifacts\/results\/results\.json\)/s,
    );
    const zipped = await mkdtemp(join(tmpdir(), 'trialgate-bases-'));
    await writeFile(join(zipped, '101.zip'), 'PK');
    await assert.rejects(readBaseDirectory(zipped), /holds 101\.zip but no results\.json .*zipped artefacts \(101\.zip\): unzip each/s);
  });
});

describe('the action: a refused run gives its place to the next older one', () => {
  beforeEach(() => fake.reset());

  it('a baseline run recorded during an outage is skipped with its reason; maxRuns counts usable runs', async () => {
    const add = (day: number, results: Results) => {
      const r = fake.addRun({ head_sha: results.run.git_sha! });
      fake.addArtifact({ run_id: r.id, name: NAME, files: { 'results.json': JSON.stringify(results) } });
      return r;
    };
    const older = add(1, run(1));
    const good = add(2, run(2));
    const outage = add(3, run(3, 'eee'));
    fake.addRun({ id: fake.state.runId, head_sha: 'f'.repeat(40), event: 'pull_request', head_branch: 'feature', status: 'in_progress', conclusion: null });
    const side = await loadBaseSide(GitHubClient.fromEnv(fake.token), {
      workflow: null,
      branch: 'main',
      baseSha: '3'.repeat(40),
      artifactName: NAME,
      maxRuns: 2,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-dl-')),
      trialSet: 'inventory-agent',
    });
    assert.equal(side.bases.length, 2, 'the outage run does not count towards the two wanted');
    assert.deepEqual(
      side.bases.map((b) => b.results.run.started_at),
      ['2025-01-02T00:00:00Z', '2025-01-01T00:00:00Z'],
    );
    assert.ok(side.notes.some((n) => n.includes(`Baseline run ${outage.id} (3333333) not used: 3 of its 3 trials are environment errors`)));
    assert.ok(side.notes[0]!.startsWith('Baseline: 2 runs of `main`'));
    assert.ok(good.id && older.id);
  });

  it('a pull request that names the trial set as it was before the base branch renamed it gets no older run of that name', async () => {
    // Runs 1 and 2 hold the old name (the branch's agent of then), 3 and 4 the name the branch has now. Before, the
    // lookup skipped 4 and 3 and pooled 1 and 2: the pull request was compared with the agent of then.
    for (const [day, name] of [
      [1, 'old-agent'],
      [2, 'old-agent'],
      [3, 'inventory-agent'],
      [4, 'inventory-agent'],
    ] as const) {
      const results = run(day, '...', { name });
      const r = fake.addRun({ head_sha: results.run.git_sha! });
      fake.addArtifact({ run_id: r.id, name: NAME, files: { 'results.json': JSON.stringify(results) } });
    }
    fake.addRun({ id: fake.state.runId, head_sha: 'f'.repeat(40), event: 'pull_request', head_branch: 'feature', status: 'in_progress', conclusion: null });
    const side = await loadBaseSide(GitHubClient.fromEnv(fake.token), {
      workflow: null,
      branch: 'main',
      baseSha: '4'.repeat(40),
      artifactName: NAME,
      maxRuns: 3,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-dl-')),
      trialSet: 'old-agent',
    });
    assert.deepEqual(side.bases, []);
    assert.equal(side.otherNamed?.[0]?.results.trial_set.name, 'inventory-agent');
    assert.ok(side.notes.some((n) => n.includes('the newest runs of `main` hold trial set "inventory-agent"; 2 older runs of "old-agent" not used')));
    // The gate then says what a rename says: undecided, a maintainer decides.
    const head = run(9, '...', { name: 'old-agent' });
    const outcome = await runGate(
      {
        firstRound: async () => storedWhole(head),
        baseRuns: async () => side,
        confirmationRound: async () => assert.fail('no round against another trial set'),
        saveHead: async () => undefined,
      },
      { failOn: 'regression', failWithoutBaseline: false, confirmTrials: 0 },
    );
    assert.equal(outcome.gate.verdict, 'undecided');
    assert.match(outcome.gate.failure ?? '', /base runs hold trial_set\.name "inventory-agent", this pull request "old-agent"; renamed here\?/);
  });

  it('the base commit’s own run under this name comes first: newer runs of another name beside it change nothing', async () => {
    for (const [day, name] of [
      [1, 'old-agent'],
      [2, 'inventory-agent'],
    ] as const) {
      const results = run(day, '...', { name });
      const r = fake.addRun({ head_sha: results.run.git_sha! });
      fake.addArtifact({ run_id: r.id, name: NAME, files: { 'results.json': JSON.stringify(results) } });
    }
    fake.addRun({ id: fake.state.runId, head_sha: 'f'.repeat(40), event: 'pull_request', head_branch: 'feature', status: 'in_progress', conclusion: null });
    const side = await loadBaseSide(GitHubClient.fromEnv(fake.token), {
      workflow: null,
      branch: 'main',
      baseSha: '1'.repeat(40),
      artifactName: NAME,
      maxRuns: 3,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-dl-')),
      trialSet: 'old-agent',
    });
    assert.deepEqual(
      side.bases.map((b) => b.results.trial_set.name),
      ['old-agent'],
    );
  });

  it('runs of the old name recorded during an outage are the old name all the same: a renaming pull request is told so', async () => {
    for (const day of [1, 2]) {
      const results = run(day, 'eee');
      const r = fake.addRun({ head_sha: results.run.git_sha! });
      fake.addArtifact({ run_id: r.id, name: NAME, files: { 'results.json': JSON.stringify(results) } });
    }
    fake.addRun({ id: fake.state.runId, head_sha: 'f'.repeat(40), event: 'pull_request', head_branch: 'feature', status: 'in_progress', conclusion: null });
    const side = await loadBaseSide(GitHubClient.fromEnv(fake.token), {
      workflow: null,
      branch: 'main',
      baseSha: '2'.repeat(40),
      artifactName: NAME,
      maxRuns: 2,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-dl-')),
      trialSet: 'renamed-agent',
    });
    assert.deepEqual(side.bases, []);
    assert.equal(side.otherNamed?.length, 2, 'before, neither was kept: no baseline');
  });
});
