import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { scrub, scrubFiles } from '../src/action/secrets.ts';
import { secretsOf } from '../src/secrets.ts';

const env = { OPENAI_API_KEY: 'sk-live-abc"123/xyz', PEM: 'line-one-secret\nline-two-secret', EMPTY: '', SHORT: 'ab' };
const token = 'ghs_tokenvalue42';

describe('secret scrubbing', () => {
  const secrets = secretsOf({ names: ['OPENAI_API_KEY', 'PEM', 'EMPTY', 'SHORT', 'UNSET'], values: [token] }, env);

  it('reports variables that are unset or too short to scrub', () => {
    assert.deepEqual([secrets.unset, secrets.tooShort], [['EMPTY', 'UNSET'], ['SHORT']]);
  });

  it('scrubs the token, each value, its lines, and its JSON- and URL-encoded spellings', () => {
    const log = [
      `Authorization: token ${token}`,
      `key=${env.OPENAI_API_KEY}`,
      JSON.stringify({ key: env.OPENAI_API_KEY }),
      `https://x.test/?k=${encodeURIComponent(env.OPENAI_API_KEY)}`,
      'a log line with line-two-secret in it',
    ].join('\n');
    const clean = scrub(log, secrets);
    for (const leaked of [
      token,
      env.OPENAI_API_KEY,
      JSON.stringify(env.OPENAI_API_KEY).slice(1, -1),
      encodeURIComponent(env.OPENAI_API_KEY),
      'line-two-secret',
    ]) {
      assert.ok(!clean.includes(leaked), `still holds ${leaked}`);
    }
    assert.match(clean, /^Authorization: token \*\*\*$/m);
    assert.match(clean, /^a log line with \*\*\* in it$/m);
    assert.equal(scrub('ab cd ab', secrets), 'ab cd ab', 'short values are left alone');
  });

  it('scrubs files in place, leaving the rest of a binary file intact, and names the files it changed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trialgate-scrub-'));
    const log = join(dir, 'agent.log');
    const bin = join(dir, 'blob.bin');
    const clean = join(dir, 'clean.txt');
    await writeFile(log, `calling with ${token}\n`);
    await writeFile(bin, Buffer.concat([Buffer.from([0, 255, 0xc3]), Buffer.from(token), Buffer.from([0x28, 0])]));
    await writeFile(clean, 'nothing secret');
    assert.deepEqual(await scrubFiles([log, bin, clean], secrets), [log, bin]);
    assert.equal(await readFile(log, 'utf8'), 'calling with ***\n');
    assert.deepEqual(await readFile(bin), Buffer.concat([Buffer.from([0, 255, 0xc3]), Buffer.from('***'), Buffer.from([0x28, 0])]));
    assert.equal(await readFile(clean, 'utf8'), 'nothing secret');
  });
});
