import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';

const fake = await useFakeGitHub();
const { GitHubClient } = await import('../src/github/client.ts');
const { decideOnChanges, PR_FILES_LIMIT } = await import('../src/github/changes.ts');

// What a trial set of two tasks depends on: shared prompts, and each task's own skill and fixture.
const dependencies = {
  config: 'trialgate.yml',
  shared: [{ glob: 'prompts/**', what: 'watch' }],
  tasks: [
    {
      id: 'reserve',
      own: [
        { glob: 'skills/reserve*.md', what: 'tasks[0].watch' },
        { glob: 'fixtures/inventory/**', what: 'tasks[0].fixture' },
      ],
    },
    {
      id: 'refund',
      own: [
        { glob: 'skills/refund.md', what: 'tasks[1].watch' },
        { glob: 'fixtures/vouchers/**', what: 'tasks[1].fixture' },
      ],
    },
  ],
};
const rerun = (decision: { scope: { tasks: { id: string; rerun: boolean }[] } }) => decision.scope.tasks.filter((t) => t.rerun).map((t) => t.id);
const noise = (n: number) => Array.from({ length: n }, (_, i) => ({ filename: `src/module-${i}.ts`, status: 'modified' }));

describe('does the pull request touch the watched paths', () => {
  beforeEach(() => fake.reset());

  it('reads every page of the PR files and finds the one watched file on the last page', async () => {
    fake.state.pullFiles.set(7, [...noise(250), { filename: 'skills/reserve.md', status: 'modified' }]);
    const files = await GitHubClient.fromEnv(fake.token).listPullRequestFiles(7);
    assert.equal(files.length, 251);
    const pages = fake.state.requests.filter((r) => r.path.endsWith('/pulls/7/files')).map((r) => r.query.page ?? '1');
    assert.deepEqual(pages, ['1', '2', '3']);
    const decision = decideOnChanges({ files, dependencies, changedCount: 251, force: false });
    assert.equal(decision.run, true);
    assert.deepEqual(decision.watched, ['skills/reserve.md']);
    assert.deepEqual(rerun(decision), ['reserve']);
  });

  it('skips, with the reason, when nothing watched changed', async () => {
    fake.state.pullFiles.set(8, [
      ...noise(3),
      { filename: 'skills/nested/reserve.md', status: 'added' },
      { filename: 'docs/trialgate.yml', status: 'modified' },
    ]);
    const files = await GitHubClient.fromEnv(fake.token).listPullRequestFiles(8);
    const decision = decideOnChanges({ files, dependencies, changedCount: 5, force: false });
    assert.equal(decision.run, false);
    assert.match(
      decision.reason,
      /none of the 5 changed files is one any task depends on \(prompts\/\*\*, skills\/reserve\*\.md, fixtures\/inventory\/\*\*, skills\/refund\.md, fixtures\/vouchers\/\*\*\) or trialgate\.yml/,
    );
    const forced = decideOnChanges({ files, dependencies, force: true });
    assert.deepEqual([forced.run, rerun(forced)], [true, ['reserve', 'refund']], 'force overrides');
  });

  it('reruns every task when the trial-set config itself changed, even if no glob names it', () => {
    const decision = decideOnChanges({
      files: [{ filename: 'trialgate.yml', status: 'modified' }],
      dependencies: { ...dependencies, config: './trialgate.yml' },
      force: false,
    });
    assert.deepEqual([decision.run, decision.configChanged, rerun(decision)], [true, true, ['reserve', 'refund']]);
    assert.match(decision.reason, /trial-set config trialgate\.yml changed/);
    assert.match(decision.scope.tasks[1]!.why, /the trial-set file trialgate\.yml changed/);
  });

  it('reruns only the tasks a change touches: one skill, one fixture; what every task shares reruns them all', () => {
    const one = decideOnChanges({ files: [{ filename: 'skills/refund.md', status: 'modified' }, ...noise(2)], dependencies, force: false });
    assert.deepEqual([one.run, rerun(one)], [true, ['refund']]);
    assert.match(one.reason, /1 of 2 tasks rerun \(refund: skills\/refund\.md changed \(tasks\[1\]\.watch\)\); the others are unaffected/);
    assert.match(one.scope.tasks[0]!.why, /^none of the 3 changed files is one this task depends on/);
    const fixture = decideOnChanges({ files: [{ filename: 'fixtures/inventory/service/server.mjs', status: 'modified' }], dependencies, force: false });
    assert.deepEqual(rerun(fixture), ['reserve']);
    const shared = decideOnChanges({ files: [{ filename: 'prompts/system.md', status: 'modified' }], dependencies, force: false });
    assert.deepEqual(rerun(shared), ['reserve', 'refund']);
    assert.match(shared.reason, /every task reruns: prompts\/system\.md changed \(watch, which every task shares\)/);
  });

  it('counts a file renamed out of a watched path, and hidden files under a watched directory', () => {
    const renamed = decideOnChanges({
      files: [{ filename: 'archive/old.md', previous_filename: 'skills/refund.md', status: 'renamed' }],
      dependencies,
      force: false,
    });
    assert.deepEqual([renamed.watched, rerun(renamed)], [['skills/refund.md'], ['refund']]);
    const hidden = decideOnChanges({ files: [{ filename: 'prompts/.env.example', status: 'added' }], dependencies, force: false });
    assert.equal(hidden.run, true);
  });

  it('runs when GitHub cut the file list short, since a watched change cannot be ruled out', async () => {
    fake.state.pullFiles.set(9, noise(PR_FILES_LIMIT + 40));
    const files = await GitHubClient.fromEnv(fake.token).listPullRequestFiles(9);
    assert.equal(files.length, PR_FILES_LIMIT);
    const decision = decideOnChanges({ files, dependencies, changedCount: PR_FILES_LIMIT + 40, force: false });
    assert.deepEqual([decision.run, rerun(decision)], [true, ['reserve', 'refund']]);
    assert.match(decision.reason, /listed 3000 of the PR's 3040 changed files/);
    // A file past the list may be the workflow or another that measures: the gate is told, whatever reruns.
    assert.equal(decision.scope.unlisted, "GitHub listed 3000 of the PR's 3040 changed files");
    const alsoConfig = decideOnChanges({
      files: [...files.slice(1), { filename: 'trialgate.yml', status: 'modified' }],
      dependencies,
      changedCount: 3040,
      force: false,
    });
    assert.match(alsoConfig.scope.unlisted ?? '', /listed 3000 of/);
  });
});
