import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';

const fake = await useFakeGitHub();
const { readEvent, recordsBaseline } = await import('../src/github/event.ts');

const repository = { full_name: 'acme/agent', default_branch: 'main' };
const pr = (headRepo: string | null) => ({
  pull_request: {
    number: 12,
    changed_files: 4,
    base: { ref: 'main', sha: 'b'.repeat(40) },
    head: { ref: 'tweak-prompt', sha: 'h'.repeat(40), repo: headRepo === null ? null : { full_name: headRepo } },
  },
  repository,
});

describe('the triggering event', () => {
  it('reads a pull request from the payload file, telling a fork apart', async () => {
    for (const [headRepo, fromFork] of [
      ['acme/agent', false],
      ['mallory/agent', true],
      [null, true],
    ] as const) {
      fake.state.event = { name: 'pull_request', payload: pr(headRepo) };
      const event = await readEvent(fake.env());
      assert.deepEqual(event, {
        kind: 'pull_request',
        number: 12,
        baseRef: 'main',
        baseSha: 'b'.repeat(40),
        headSha: 'h'.repeat(40),
        changedFiles: 4,
        fromFork,
        labels: [],
        repository: 'acme/agent',
        defaultBranch: 'main',
      });
    }
    // The labels a maintainer set: where the approval of a change to the measurement is read.
    fake.state.event = {
      name: 'pull_request',
      payload: { ...pr('acme/agent'), pull_request: { ...pr('acme/agent').pull_request, labels: [{ name: 'trialgate: approve measurement change' }] } },
    };
    assert.deepEqual(((await readEvent(fake.env())) as { labels: string[] }).labels, ['trialgate: approve measurement change']);
    // Which label this event added, if it is one being added: an approval holds for the commit it was added at.
    const labeled = { ...pr('acme/agent'), action: 'labeled', label: { name: 'trialgate: approve measurement change' } };
    fake.state.event = { name: 'pull_request', payload: labeled };
    assert.equal(((await readEvent(fake.env())) as { labeledNow?: string }).labeledNow, 'trialgate: approve measurement change');
    fake.state.event = { name: 'pull_request', payload: { ...labeled, action: 'unlabeled' } };
    assert.equal(((await readEvent(fake.env())) as { labeledNow?: string }).labeledNow, undefined);
    fake.state.event = { name: 'pull_request', payload: { ...pr('acme/agent'), action: 'synchronize' } };
    assert.equal(((await readEvent(fake.env())) as { labeledNow?: string }).labeledNow, undefined);
  });

  it('records a baseline on a push to the default branch or a listed branch only', async () => {
    const push = async (ref: string) => {
      fake.state.event = { name: 'push', payload: { ref, after: 'a'.repeat(40), repository } };
      return readEvent(fake.env());
    };
    assert.equal(recordsBaseline(await push('refs/heads/main'), []), true);
    assert.equal(recordsBaseline(await push('refs/heads/feature'), []), false);
    assert.equal(recordsBaseline(await push('refs/heads/release'), ['release']), true);
    assert.equal(recordsBaseline(await push('refs/heads/main'), ['release']), false);
    assert.equal(recordsBaseline(await push('refs/tags/v1'), ['v1']), false);
  });

  it('names the field of a payload it cannot read', async () => {
    fake.state.event = { name: 'pull_request', payload: { pull_request: { number: 'twelve' }, repository } };
    await assert.rejects(readEvent(fake.env()), /pull_request event payload: pull_request\.number: /);
    fake.state.event = { name: 'workflow_dispatch', payload: {} };
    assert.deepEqual(await readEvent(fake.env()), { kind: 'other', name: 'workflow_dispatch' });
  });
});
