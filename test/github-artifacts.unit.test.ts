import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';

const fake = await useFakeGitHub();
const { GitHubClient, httpStatus } = await import('../src/github/client.ts');
const { listEvidenceFiles, uploadEvidence } = await import('../src/github/evidence.ts');
const { ShardSetError, shardArtifactName } = await import('../src/github/shards.ts');
const { CorruptZipError } = await import('../src/util/unzip.ts');

async function evidenceDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'trialgate-evidence-'));
  const trial = join(root, 'reserve', 'trial-001');
  await mkdir(join(trial, 'evidence', 'reports'), { recursive: true });
  await mkdir(join(trial, 'candidate'), { recursive: true });
  await writeFile(join(root, 'results.json'), JSON.stringify({ schema: 'trialgate/results@1' }));
  await writeFile(join(root, 'report.md'), '# trialgate\n');
  await writeFile(join(root, 'junit.xml'), '<testsuites/>');
  await writeFile(join(trial, 'evidence', 'agent.log'), 'x'.repeat(200_000));
  await writeFile(join(trial, 'evidence', 'reports', 'none.json'), '{"fault":"none"}');
  await writeFile(join(trial, 'candidate', 'binary.bin'), Buffer.from([0, 255, 1, 254, 0, 0, 7]));
  await symlink('/etc/hostname', join(trial, 'candidate', 'leak'));
  await writeFile(join(root, 'unrelated.txt'), 'not evidence');
  return root;
}

describe('evidence artefact upload and download', () => {
  beforeEach(() => fake.reset());

  it('uploads results, report, junit and trial directories, and downloads them back byte for byte', async () => {
    const root = await evidenceDir();
    const client = GitHubClient.fromEnv(fake.token);
    const evidence = await listEvidenceFiles(root, ['results.json', 'report.md', 'junit.xml', 'reserve']);
    assert.deepEqual(evidence.skipped, [join('reserve', 'trial-001', 'candidate', 'leak')], 'a symlink is never followed');
    const uploaded = await uploadEvidence(client, 'trialgate-results', evidence, 30);

    assert.equal(uploaded.url, `https://github.localhost/acme/agent/actions/runs/${fake.state.runId}/artifacts/${uploaded.id}`);
    const stored = fake.state.artifacts.find((a) => a.id === uploaded.id)!;
    assert.equal(stored.run_id, fake.state.runId);
    assert.deepEqual([...stored.files!.keys()].sort(), [
      'junit.xml',
      'report.md',
      'reserve/trial-001/candidate/binary.bin',
      'reserve/trial-001/evidence/agent.log',
      'reserve/trial-001/evidence/reports/none.json',
      'results.json',
    ]);
    const days = (Date.parse(stored.expires_at!) - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `retention of 30 days requested, got ${days}`);

    const back = await mkdtemp(join(tmpdir(), 'trialgate-download-'));
    const files = await client.downloadArtifact({ id: uploaded.id, runId: fake.state.runId }, back);
    assert.equal(files.length, 6);
    for (const file of evidence.files) {
      const rel = file.slice(root.length + 1);
      assert.deepEqual(await readFile(join(back, rel)), await readFile(file), rel);
    }
  });

  it('refuses an evidence path outside the run directory or one that does not exist', async () => {
    const root = await evidenceDir();
    await assert.rejects(listEvidenceFiles(root, ['../etc']), /lies outside/);
    await assert.rejects(listEvidenceFiles(root, ['missing.json']), /ENOENT/);
  });

  it('fails fast, as corrupt, on a damaged archive', async () => {
    const run = fake.addRun({ head_sha: 'a'.repeat(40) });
    const good = fake.addArtifact({ run_id: run.id, name: 'r', files: { 'results.json': '{"ok":true}' } });
    const truncated = fake.addArtifact({ run_id: run.id, name: 't', zip: good.zip.subarray(0, good.zip.length - 30) });
    const client = GitHubClient.fromEnv(fake.token);
    await assert.rejects(client.downloadArtifact({ id: truncated.id, runId: run.id }, await mkdtemp(join(tmpdir(), 'tg-'))), CorruptZipError);
    await assert.rejects(
      client.downloadArtifact({ id: good.id, runId: run.id, digest: `sha256:${'0'.repeat(64)}` }, await mkdtemp(join(tmpdir(), 'tg-'))),
      /does not match its recorded digest/,
    );
    // Each archive was fetched once: a corrupt one is not retried.
    const fetched = (id: number) => fake.state.requests.filter((r) => r.path === `/blob/artifacts/${id}.zip`).length;
    assert.deepEqual([fetched(truncated.id), fetched(good.id)], [1, 1]);
  });

  it('passes on the 410 of an expired artefact, so the caller can report it as expired', async () => {
    const run = fake.addRun({ head_sha: 'f'.repeat(40) });
    const expired = fake.addArtifact({ run_id: run.id, name: 'old', files: { 'results.json': '{}' }, expired: true });
    await assert.rejects(
      GitHubClient.fromEnv(fake.token).downloadArtifact({ id: expired.id, runId: run.id }, await mkdtemp(join(tmpdir(), 'tg-'))),
      (e: unknown) => httpStatus(e) === 410,
    );
  });
});

describe('shards of one run', () => {
  beforeEach(() => fake.reset());

  it('lists every shard in order when each was uploaded once', async () => {
    const run = fake.addRun({ head_sha: 'b'.repeat(40) });
    for (const i of [3, 1, 2])
      fake.addArtifact({ run_id: run.id, name: shardArtifactName('trialgate-results', i, 3), files: { 'results.json': `{"shard":${i}}` } });
    fake.addArtifact({ run_id: run.id, name: 'trialgate-results', files: {} });
    const shards = await GitHubClient.fromEnv(fake.token).listShardArtifacts('trialgate-results', run.id, 3);
    assert.deepEqual(
      shards.map((s) => [s.index, s.artifact.name]),
      [
        [1, 'trialgate-results-shard-1-of-3'],
        [2, 'trialgate-results-shard-2-of-3'],
        [3, 'trialgate-results-shard-3-of-3'],
      ],
    );
  });

  it('names the missing and the duplicated shard, and artefacts made for another shard count', async () => {
    const run = fake.addRun({ head_sha: 'c'.repeat(40) });
    const other = fake.addRun({ head_sha: 'd'.repeat(40) });
    for (const i of [1, 3, 3, 4]) fake.addArtifact({ run_id: run.id, name: shardArtifactName('trialgate-results', i, 4), files: {} });
    fake.addArtifact({ run_id: run.id, name: shardArtifactName('trialgate-results', 2, 5), files: {} });
    fake.addArtifact({ run_id: other.id, name: shardArtifactName('trialgate-results', 2, 4), files: {} });
    await assert.rejects(GitHubClient.fromEnv(fake.token).listShardArtifacts('trialgate-results', run.id, 4), (e: unknown) => {
      assert.ok(e instanceof ShardSetError);
      assert.deepEqual([e.missing, e.duplicated, e.mismatched], [[2], [3], ['trialgate-results-shard-2-of-5']]);
      assert.match(e.message, /missing shard 2\/4; shard 3\/4 uploaded more than once/);
      return true;
    });
  });

  it('treats an expired shard as missing', async () => {
    const run = fake.addRun({ head_sha: 'e'.repeat(40) });
    fake.addArtifact({ run_id: run.id, name: shardArtifactName('trialgate-results', 1, 2), files: {} });
    fake.addArtifact({ run_id: run.id, name: shardArtifactName('trialgate-results', 2, 2), files: {}, expired: true });
    await assert.rejects(GitHubClient.fromEnv(fake.token).listShardArtifacts('trialgate-results', run.id, 2), /missing shard 2\/2/);
  });
});
