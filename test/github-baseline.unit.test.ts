import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import type { FakeRun } from './support/fake-github.ts';
import { useFakeGitHub } from './support/github-env.ts';

const fake = await useFakeGitHub();
const { GitHubClient } = await import('../src/github/client.ts');
const { findBaselines } = await import('../src/github/baseline.ts');

const NAME = 'trialgate-results';
const BASE_SHA = 'ba5e'.repeat(10);
const sha = (n: number) => n.toString(16).padStart(40, '0');

/** A history of runs, oldest first; returns the interesting ones by role. */
function seedHistory(): Record<string, FakeRun> {
  const withResults = (run: FakeRun, label: string) => fake.addArtifact({ run_id: run.id, name: NAME, files: { 'results.json': JSON.stringify({ label }) } });
  const runs: Record<string, FakeRun> = {};
  const push = (label: string, extra: Partial<FakeRun> = {}, artifact = true) => {
    const run = fake.addRun({ head_sha: label === 'base' ? BASE_SHA : sha(Object.keys(runs).length + 1), ...extra });
    runs[label] = run;
    if (artifact) withResults(run, label);
    return run;
  };
  push('base');
  push('old1');
  push('old2');
  push('expired', {}, false);
  fake.addArtifact({ run_id: runs.expired!.id, name: NAME, files: {}, expired: true });
  push('corrupt', {}, false);
  fake.addArtifact({ run_id: runs.corrupt!.id, name: NAME, zip: Buffer.from('this is not a zip archive at all') });
  push('noArtifact', {}, false);
  push('fork', { head_repository: 'mallory/agent' });
  push('pullRequest', { event: 'pull_request' });
  push('failed', { conclusion: 'failure' });
  push('otherBranch', { head_branch: 'release' });
  fake.state.workflows.set(88, '.github/workflows/other.yml');
  push('otherWorkflow', { workflow_id: 88 });
  push('new1');
  push('new2');
  fake.addRun({ id: fake.state.runId, head_sha: sha(999), event: 'pull_request', head_branch: 'feature', status: 'in_progress', conclusion: null });
  return runs;
}

describe('baseline lookup', () => {
  beforeEach(() => fake.reset());

  for (const ignoreRunFilters of [false, true]) {
    it(`takes the newest successful push runs on the base branch and the base SHA's run${ignoreRunFilters ? ', checking runs itself when GitHub does not filter' : ''}`, async () => {
      const runs = seedHistory();
      fake.state.ignoreRunFilters = ignoreRunFilters;
      const destination = await mkdtemp(join(tmpdir(), 'trialgate-baselines-'));
      const lookup = await findBaselines(GitHubClient.fromEnv(fake.token), { branch: 'main', baseSha: BASE_SHA, artifactName: NAME, maxRuns: 5, destination });

      assert.equal(lookup.workflow, 77, "this run's own workflow, from GET actions/runs/{GITHUB_RUN_ID}");
      assert.deepEqual(
        lookup.baselines.map((b) => b.runId),
        [runs.new2!.id, runs.new1!.id, runs.old2!.id, runs.old1!.id, runs.base!.id],
        'newest first; never a fork, a pull_request run, a failed run, another branch or another workflow',
      );
      assert.deepEqual(lookup.baseSha, { sha: BASE_SHA, runId: runs.base!.id });
      assert.deepEqual(
        lookup.baselines.filter((b) => b.isBaseSha).map((b) => b.headSha),
        [BASE_SHA],
      );
      const newest = lookup.baselines[0]!;
      assert.equal(newest.createdAt, runs.new2!.created_at);
      assert.equal(newest.headSha, runs.new2!.head_sha);
      assert.deepEqual(newest.files, ['results.json']);
      assert.deepEqual(JSON.parse(await readFile(join(newest.dir, 'results.json'), 'utf8')), { label: 'new2' });

      assert.deepEqual(
        lookup.problems.map((p) => [p.runId, p.reason]),
        [
          [runs.noArtifact!.id, 'no-artifact'],
          [runs.corrupt!.id, 'corrupt'],
          [runs.expired!.id, 'expired'],
        ],
        'each skipped run is reported, newest first',
      );
      const listed = fake.state.requests.find((r) => r.path.endsWith('/actions/workflows/77/runs') && !r.query.head_sha);
      assert.deepEqual([listed?.query.branch, listed?.query.event, listed?.query.status], ['main', 'push', 'success']);
      assert.ok(!fake.state.requests.some((r) => r.path.endsWith('/zip') && r.status === 410), 'an expired artefact is not even requested');
    });
  }

  it('includes the base SHA run even when it is older than the newest runs taken', async () => {
    const runs = seedHistory();
    const lookup = await findBaselines(GitHubClient.fromEnv(fake.token), {
      branch: 'main',
      baseSha: BASE_SHA,
      artifactName: NAME,
      maxRuns: 2,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-baselines-')),
    });
    assert.deepEqual(
      lookup.baselines.map((b) => b.runId),
      [runs.new2!.id, runs.base!.id],
    );
    assert.deepEqual(lookup.problems, []);
  });

  it('reports that no run was built from the base SHA, and searches a workflow named by file', async () => {
    const runs = seedHistory();
    const lookup = await findBaselines(GitHubClient.fromEnv(fake.token), {
      workflow: 'other.yml',
      branch: 'main',
      baseSha: 'f'.repeat(40),
      artifactName: NAME,
      maxRuns: 6,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-baselines-')),
    });
    assert.equal(lookup.workflow, 'other.yml');
    assert.deepEqual(
      lookup.baselines.map((b) => b.runId),
      [runs.otherWorkflow!.id],
    );
    assert.deepEqual(lookup.baseSha, { sha: 'f'.repeat(40), runId: null });
  });

  it('never takes a run whose commit is not in the branch: a tag named like the branch is not the branch', async () => {
    // A tag `main` pushed by anyone who may push tags runs the workflow file of its own commit, and GitHub
    // files a tag's run under head_branch `main`: its artefact would be a baseline the author wrote.
    const runs = seedHistory();
    const tip = sha(500);
    const tag = fake.addRun({ head_sha: sha(666) });
    fake.addArtifact({ run_id: tag.id, name: NAME, files: { 'results.json': JSON.stringify({ label: 'forged' }) } });
    fake.state.branchTips.set('main', tip);
    for (const run of Object.values(runs)) fake.state.compares.set(`${run.head_sha}...${tip}`, { ahead_by: 1, behind_by: 0 });
    fake.state.compares.set(`${tag.head_sha}...${tip}`, { ahead_by: 5, behind_by: 1 });
    const lookup = await findBaselines(GitHubClient.fromEnv(fake.token), {
      branch: 'main',
      baseSha: BASE_SHA,
      artifactName: NAME,
      maxRuns: 2,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-baselines-')),
    });
    assert.deepEqual(
      lookup.baselines.map((b) => b.runId),
      [runs.new2!.id, runs.base!.id],
      'the forged run is the newest, yet never a baseline',
    );
    assert.deepEqual(
      lookup.problems.map((p) => [p.runId, p.reason]),
      [[tag.id, 'off-branch']],
    );
    assert.match(lookup.problems[0]!.detail, /not in the history of main/);
    assert.ok(!fake.state.requests.some((r) => r.path.endsWith(`/runs/${tag.id}/artifacts`)), 'its artefact is not even listed');
  });

  it('finds nothing, without failing, on a branch with no baseline', async () => {
    seedHistory();
    const lookup = await findBaselines(GitHubClient.fromEnv(fake.token), {
      branch: 'develop',
      artifactName: NAME,
      maxRuns: 6,
      destination: await mkdtemp(join(tmpdir(), 'trialgate-baselines-')),
    });
    assert.deepEqual([lookup.baselines, lookup.problems, lookup.baseSha], [[], [], null]);
  });
});

describe('artefact names across re-run attempts', () => {
  it('takes the plain name or the newest attempt’s, never another artefact', async () => {
    const { pickArtifact, attemptArtifactName } = await import('../src/github/baseline.ts');
    const a = (id: number, name: string, expired = false) =>
      ({ id, name, expired, size_in_bytes: 1, created_at: null, expires_at: null, digest: null }) as never;
    assert.equal(attemptArtifactName(NAME, 1), NAME);
    assert.equal(attemptArtifactName(NAME, 3), `${NAME}-attempt-3`);
    const picked = pickArtifact([a(1, NAME), a(2, `${NAME}-attempt-2`), a(3, `${NAME}-shard-1-of-2`), a(4, `${NAME}-attempt-x`)], NAME);
    assert.equal((picked.artifact as { id: number } | undefined)?.id, 2);
  });
});
