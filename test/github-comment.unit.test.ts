import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';

const fake = await useFakeGitHub();
const { GitHubClient, httpStatus } = await import('../src/github/client.ts');
const { upsertComment } = await import('../src/github/comment.ts');
const { commentMarker } = await import('../src/report/markdown.ts');

const PR = 12;
const marker = commentMarker('inventory');
const at = '2025-01-01T00:00:00Z';

function seedConversation(): void {
  for (let i = 0; i < 130; i++) {
    fake.state.comments.push({ id: 100 + i, issue: PR, body: `review note ${i}`, login: i % 2 ? 'alice' : 'renovate[bot]', created_at: at, updated_at: at });
  }
  // A human quoting our marker must neither be edited nor stop us from keeping our own comment.
  fake.state.comments.push({ id: 400, issue: PR, body: `> ${marker}\nwhy did this fail?`, login: 'alice', created_at: at, updated_at: at });
  fake.state.comments.push({ id: 401, issue: PR + 1, body: `${marker}\nanother PR`, login: 'github-actions[bot]', created_at: at, updated_at: at });
}

describe('the one trialgate comment per pull request', () => {
  beforeEach(() => {
    fake.reset();
    seedConversation();
  });

  it('another trial set’s comment quoting this set’s marker (in a failure reason) is not taken for this set’s', async () => {
    const client = GitHubClient.fromEnv(fake.token);
    const other = commentMarker('operations');
    // An agent of the other set wrote this set's marker into a reason its comment quotes, in a code span.
    const quoted = `${other}\n### operations\n- lost: \`${marker}\``;
    fake.state.comments.push({ id: 500, issue: PR, body: quoted, login: 'github-actions[bot]', created_at: at, updated_at: at });
    const ours = await upsertComment(client, { issue: PR, marker, body: `this set's report quoting ${marker} too` });
    assert.equal(ours.kind, 'created', 'a comment of its own, not the other set’s');
    assert.equal(fake.state.comments.find((c) => c.id === 500)!.body, quoted, 'the other set’s comment is untouched');
    const written = fake.state.comments.find((c) => ours.kind === 'created' && c.id === ours.id)!;
    assert.ok(written.body.startsWith(`${marker}\n`), 'the marker leads even when the body quotes it');
    const again = await upsertComment(client, { issue: PR, marker, body: 'rerun' });
    assert.deepEqual(again.kind === 'updated' && again.id, ours.kind === 'created' && ours.id);
  });

  it('creates the comment once and updates it in place on every rerun, past the first page of comments', async () => {
    const client = GitHubClient.fromEnv(fake.token);
    const first = await upsertComment(client, { issue: PR, marker, body: 'run 1: pass' });
    assert.equal(first.kind, 'created');
    for (const n of [2, 3]) {
      const again = await upsertComment(client, { issue: PR, marker, body: `run ${n}: regression` });
      assert.deepEqual(again.kind === 'updated' && again.id, first.kind === 'created' && first.id);
    }
    const ours = fake.state.comments.filter((c) => c.issue === PR && c.login === 'github-actions[bot]');
    assert.equal(ours.length, 1, 'never a second comment');
    assert.equal(ours[0]!.body, `${marker}\nrun 3: regression`);
    assert.equal(fake.state.comments.find((c) => c.id === 400)!.body.includes('why did this fail?'), true, 'the human comment is untouched');
    const listPages = fake.state.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/issues/${PR}/comments`));
    assert.ok(
      listPages.some((r) => r.query.page === '2'),
      'the second page of comments was read',
    );
    const patched = fake.state.requests.filter((r) => r.method === 'PATCH');
    assert.deepEqual(
      patched.map((r) => r.path.split('/').pop()),
      [String(ours[0]!.id), String(ours[0]!.id)],
    );
  });

  it('with a personal token, finds the comment by the login it is told', async () => {
    fake.state.tokenLogin = 'trialgate-bot';
    const client = GitHubClient.fromEnv(fake.token);
    const first = await upsertComment(client, { issue: PR, marker, body: 'one', authorLogin: 'trialgate-bot' });
    const second = await upsertComment(client, { issue: PR, marker, body: 'two', authorLogin: 'trialgate-bot' });
    assert.equal(first.kind === 'created' && first.author, 'trialgate-bot');
    assert.equal(second.kind, 'updated');
    assert.equal(fake.state.comments.filter((c) => c.login === 'trialgate-bot').length, 1);
  });

  it('answers not_permitted, without throwing, when the token may not write or not even read comments', async () => {
    const client = GitHubClient.fromEnv(fake.token);
    for (const access of ['read', 'none'] as const) {
      fake.state.commentAccess = access;
      const result = await upsertComment(client, { issue: PR, marker, body: 'fork PR' });
      assert.equal(result.kind, 'not_permitted');
      assert.match(
        result.kind === 'not_permitted' ? result.reason : '',
        access === 'read' ? /may not comment on #12 \(403/ : /may not list the comments of #12 \(403/,
      );
    }
    fake.state.commentAccess = 'write';
    await upsertComment(client, { issue: PR, marker, body: 'ours' });
    fake.state.commentAccess = 'read';
    const update = await upsertComment(client, { issue: PR, marker, body: 'rerun' });
    assert.match(update.kind === 'not_permitted' ? update.reason : '', /may not update its comment on #12/);
    assert.equal(fake.state.comments.filter((c) => c.login === 'github-actions[bot]' && c.issue === PR).length, 1);
  });

  it('still throws on errors that are not about permission', async () => {
    const elsewhere = new GitHubClient({ owner: 'acme', repo: 'no-such-repo' }, fake.token, fake.state.runId);
    await assert.rejects(upsertComment(elsewhere, { issue: PR, marker, body: 'x' }), (e: unknown) => httpStatus(e) === 404);
  });
});
