import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';

const fake = await useFakeGitHub();
const { GitHubClient } = await import('../src/github/client.ts');
const { decideOnChanges, PR_FILES_LIMIT } = await import('../src/github/changes.ts');

const watch = ['prompts/**', 'skills/*.md'];
const configPath = 'trialgate.yml';
const noise = (n: number) => Array.from({ length: n }, (_, i) => ({ filename: `src/module-${i}.ts`, status: 'modified' }));

describe('does the pull request touch the watched paths', () => {
  beforeEach(() => fake.reset());

  it('reads every page of the PR files and finds the one watched file on the last page', async () => {
    fake.state.pullFiles.set(7, [...noise(250), { filename: 'skills/reserve.md', status: 'modified' }]);
    const files = await GitHubClient.fromEnv(fake.token).listPullRequestFiles(7);
    assert.equal(files.length, 251);
    const pages = fake.state.requests.filter((r) => r.path.endsWith('/pulls/7/files')).map((r) => r.query.page ?? '1');
    assert.deepEqual(pages, ['1', '2', '3']);
    const decision = decideOnChanges({ files, watch, configPath, changedCount: 251, force: false });
    assert.equal(decision.run, true);
    assert.deepEqual(decision.watched, ['skills/reserve.md']);
  });

  it('skips, with the reason, when nothing watched changed', async () => {
    fake.state.pullFiles.set(8, [...noise(3), { filename: 'skills/nested/deep.md', status: 'added' }, { filename: 'docs/trialgate.yml', status: 'modified' }]);
    const files = await GitHubClient.fromEnv(fake.token).listPullRequestFiles(8);
    const decision = decideOnChanges({ files, watch, configPath, changedCount: 5, force: false });
    assert.equal(decision.run, false);
    assert.match(decision.reason, /none of the 5 changed files matches the watched paths \(prompts\/\*\*, skills\/\*\.md\) or trialgate\.yml/);
    assert.equal(decideOnChanges({ files, watch, configPath, force: true }).run, true, 'force overrides');
  });

  it('runs when the trial-set config itself changed, even if no glob names it', () => {
    const decision = decideOnChanges({ files: [{ filename: 'trialgate.yml', status: 'modified' }], watch, configPath: './trialgate.yml', force: false });
    assert.deepEqual([decision.run, decision.configChanged], [true, true]);
    assert.match(decision.reason, /trial-set config trialgate\.yml changed/);
  });

  it('counts a file renamed out of a watched path, and hidden files under a watched directory', () => {
    const renamed = decideOnChanges({ files: [{ filename: 'archive/old.md', previous_filename: 'prompts/system.md', status: 'renamed' }], watch, configPath, force: false });
    assert.deepEqual(renamed.watched, ['prompts/system.md']);
    const hidden = decideOnChanges({ files: [{ filename: 'prompts/.env.example', status: 'added' }], watch, configPath, force: false });
    assert.equal(hidden.run, true);
  });

  it('runs when GitHub cut the file list short, since a watched change cannot be ruled out', async () => {
    fake.state.pullFiles.set(9, noise(PR_FILES_LIMIT + 40));
    const files = await GitHubClient.fromEnv(fake.token).listPullRequestFiles(9);
    assert.equal(files.length, PR_FILES_LIMIT);
    const decision = decideOnChanges({ files, watch, configPath, changedCount: PR_FILES_LIMIT + 40, force: false });
    assert.equal(decision.run, true);
    assert.match(decision.reason, /listed 3000 of the PR's 3040 changed files/);
  });
});
