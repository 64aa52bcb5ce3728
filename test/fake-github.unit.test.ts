// The loopback GitHub's snapshot (test/support/fake-github.ts): a state put back as often as a test asks,
// unchanged by what happened after an earlier restore (holdout-action.test.ts restores one push for two tests).
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { startFakeGitHub } from './support/fake-github.ts';

const fake = await startFakeGitHub();
after(() => fake.close());

it('a snapshot is restored whole each time, whatever changed the state after an earlier restore', () => {
  fake.addRun({ head_sha: 'a'.repeat(40) });
  fake.state.repos.set('acme/holdout', { files: { 'holdout.yml': 'v1' }, token: 't', refs: ['main'] });
  const restore = fake.snapshot();

  restore();
  fake.addRun({ head_sha: 'b'.repeat(40) });
  fake.state.repos.set('acme/holdout', { files: { 'holdout.yml': 'v2' }, token: 't', refs: ['main'] });
  fake.state.repos.set('acme/other', { files: {}, token: 't', refs: ['main'] });

  restore();
  assert.deepEqual(
    fake.state.runs.map((r) => r.head_sha),
    ['a'.repeat(40)],
  );
  assert.deepEqual([...fake.state.repos.keys()], ['acme/holdout']);
  assert.equal(fake.state.repos.get('acme/holdout')!.files['holdout.yml'], 'v1');
});
