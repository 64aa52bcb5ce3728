// A holdout source whose holdout.yml is wrong, as `trialgate run` meets it: the run goes on without its tasks
// and says so in words that name none of them; what is wrong (which names them) goes to the sealed detail
// only, where the maintainers read it; a comparison with a base that had them is undecided.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { stringify } from 'yaml';
import { main } from '../src/cli/main.ts';
import { startFakeGitHub } from './support/fake-github.ts';
import { tempDir } from './support/fixtures.ts';
import { ageKey, devFixture, filesBelow, HOLDOUT_KEY, leaks, MARKER, tasks } from './support/holdout.ts';
import { captureIo } from './support/io.ts';
import { writeTrialSet } from './support/trialset.ts';

const fake = await startFakeGitHub();
after(() => fake.close());

it('a broken holdout.yml: the run says the source’s tasks did not run, names none of them, and seals what is wrong', async () => {
  process.env.TRIALGATE_HOLDOUT_KEY = HOLDOUT_KEY;
  process.env.HOLDOUT_TOKEN = 'ghs_source_token_for_the_broken_case';
  fake.state.repos.set('acme/holdout', {
    files: { 'holdout.yml': stringify({ version: 1, tasks: [{ id: `task-${MARKER}`, fixture: `fixtures/${MARKER}` }] }) },
    token: process.env.HOLDOUT_TOKEN,
    refs: [],
  });
  const owner = await ageKey();
  const config = await writeTrialSet({
    extra: {
      tasks: [tasks('', await devFixture())[0]],
      holdout: { recipients: [owner.recipient], source: { github: 'acme/holdout', token_env: 'HOLDOUT_TOKEN', api_url: fake.url } },
    },
  });
  const out = join(await tempDir(), 'run');
  const io = captureIo();
  assert.equal(await main(['run', '--config', config, '--out', out], io), 0, io.err);
  assert.match(io.out, /the holdout source's tasks did not run: the holdout source’s holdout\.yml or one of its fixtures is not valid/);
  const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8'));
  assert.match(results.holdout.unavailable, /is not valid/);
  const found = [...leaks('stdout', io.out), ...leaks('stderr', io.err)];
  for (const [file, bytes] of await filesBelow(out)) found.push(...leaks(file, bytes));
  assert.deepEqual(found, []);

  const opened = join(await tempDir(), 'opened');
  assert.equal(await main(['holdout', 'open', out, '--identity', owner.identityFile, '--out', opened], captureIo()), 0);
  const why = await readFile(join(opened, 'unavailable.txt'), 'utf8');
  assert.match(
    why,
    new RegExp(`<holdout source>/holdout\\.yml: tasks\\[0\\]\\.fixture: fixtures/${MARKER}`),
    'the maintainers read what is wrong, by file and field',
  );

  // A run of trialgate.yml's tasks alone (a confirmation round of dev tasks) does not ask for the source.
  const zipballs = () => fake.state.requests.filter((r) => r.path.endsWith('/zipball')).length;
  const asked = zipballs();
  assert.equal(asked, 1);
  const devOnly = join(await tempDir(), 'run');
  assert.equal(await main(['run', '--config', config, '--out', devOnly, '--task', 'inventory'], captureIo()), 0);
  assert.equal(zipballs(), asked);
  assert.equal(JSON.parse(await readFile(join(devOnly, 'results.json'), 'utf8')).holdout.unavailable, undefined);
});
