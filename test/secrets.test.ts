// One place knows which values are secret (src/secrets.ts), and every path that writes asks it: a run (the
// agent's log, its candidate, the acceptor's reports, results and reports), the gate (its comment and its
// report.html, which shows base runs it did not scrub itself), a repair (the acceptance of the repaired
// candidate and the rewritten results.json), `trialgate validate`, and the action. Each scrubs the same set:
// the runner's tokens, the agent's pass_env, the judge's key and every acceptor's pass_env.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { actionSecrets } from '../src/action/secrets.ts';
import { main } from '../src/cli/main.ts';
import { secretsOf, trialSetFileSources, trialSetSources } from '../src/secrets.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { readTrialSetFile } from '../src/trial/trialset-file.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { writeTrialSet } from './support/trialset.ts';

/** Each source of a secret, its variable and its value. */
const SECRETS = {
  token: ['GITHUB_TOKEN', 'ghs_runner0token0123456789'],
  agent: ['SECRETS_TEST_AGENT_KEY', 'agent-key-0123456789'],
  acceptor: ['SECRETS_TEST_ACCEPTOR_KEY', 'acceptor-key-0123456789'],
  judge: ['SECRETS_TEST_JUDGE_KEY', 'judge-key-0123456789'],
} as const;
const VALUES = Object.values(SECRETS).map(([, value]) => value);
const LEAK = VALUES.join('\n') + '\n';

/** The acceptor (a `command` acceptor): it writes every value it holds into its report. */
const ACCEPTOR = `
import { readFileSync, writeFileSync } from 'node:fs';
const leak = readFileSync('values.txt', 'utf8') + ' ' + (process.env.${SECRETS.acceptor[0]} ?? 'not passed');
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 1, executed: 1, complete: true, records: [
  { test: 'leaks', status: 'passed', traceback: leak },
] }));
`;

/**
 * A project whose agent prints every value into its log and its candidate, and whose acceptor (declared in
 * fixture.json, not in trialgate.yml) writes them into its report.
 */
async function leakyProject(): Promise<{ config: string; fixture: string }> {
  const fixture = await inventoryCopy((manifest) => {
    manifest.acceptance = { kind: 'command', command: 'node acceptor.mjs', pass_env: [SECRETS.acceptor[0]] };
  });
  await writeFile(join(fixture, 'acceptor.mjs'), ACCEPTOR);
  await writeFile(join(fixture, 'values.txt'), LEAK);
  const project = await tempDir('trialgate-secrets-');
  await mkdir(join(project, 'leak'));
  await writeFile(join(project, 'leak', 'values.txt'), LEAK);
  const config = await writeTrialSet({
    dir: project,
    command: 'cat "$TRIALGATE_PROJECT/leak/values.txt"; cp "$TRIALGATE_PROJECT/leak/values.txt" "$TRIALGATE_CANDIDATE/leak.txt"',
    agent: { pass_env: [SECRETS.agent[0]], files: ['leak'] },
    extra: {
      judge: { model: 'any', base_url: 'http://127.0.0.1:9/v1', api_key_env: SECRETS.judge[0] },
      tasks: [{ id: 'leaky', fixture, faults: { 'reject-writes': 'rejected reservation still changes stock' } }],
    },
  });
  return { config, fixture: join(project, 'fixtures', `inventory-leaky`) };
}

/** Every file below `dir` (and each of `files`) that holds one of `values`, with the values it holds. */
async function leaks(paths: readonly string[], values: readonly string[] = VALUES): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(() => null);
    const files = entries ? entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : [path];
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1');
      const held = values.filter((value) => text.includes(value));
      if (held.length) found.push(`${file}: ${held.join(', ')}`);
    }
  }
  return found;
}

describe('which values are secret', () => {
  const saved = Object.fromEntries(Object.values(SECRETS).map(([name]) => [name, process.env[name]]));
  before(() => {
    for (const [name, value] of Object.values(SECRETS)) process.env[name] = value;
  });
  after(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it('a loaded trial set names the tokens, the agent’s pass_env, the judge’s key and each acceptor’s pass_env; the action adds its own', async () => {
    const { config } = await leakyProject();
    const set = await loadTrialSet(config);
    const env = { ...Object.fromEntries(Object.values(SECRETS)), ACTION_SECRET: 'action-secret-0123456789', SHORT: 'ab' };
    const run = secretsOf(trialSetSources(set), env);
    assert.deepEqual(run.scrubber.text(LEAK), '***\n'.repeat(VALUES.length));
    assert.deepEqual([run.unset, run.tooShort], [[], []]);

    const action = actionSecrets({ secretEnv: ['ACTION_SECRET', 'SHORT', 'UNSET'], githubToken: 'ghs_action0token0123456789' }, trialSetSources(set), env);
    assert.equal(action.scrubber.text(`${LEAK}action-secret-0123456789 ghs_action0token0123456789`), `${'***\n'.repeat(VALUES.length)}*** ***`);
    assert.deepEqual([action.unset, action.tooShort], [['UNSET'], ['SHORT']]);

    // Before the fixtures are loaded, only the acceptors trialgate.yml names itself are known.
    const early = secretsOf(trialSetFileSources((await readTrialSetFile(config)).config), env);
    assert.equal(early.scrubber.text(SECRETS.acceptor[1]), SECRETS.acceptor[1], 'the fixture’s own acceptor is not read from trialgate.yml');
    assert.equal(early.scrubber.text(SECRETS.agent[1]), '***');
  });

  it('a run, the gate, a repair of its trial and validate each scrub every value of the set', async () => {
    const { config, fixture } = await leakyProject();
    const project = dirname(config);
    const base = join(await tempDir(), 'base');
    const run = captureIo(project);
    assert.equal(await main(['run', '--config', config, '--out', base], run), 0, run.err);
    const trialDir = join(base, 'leaky', 'trial-001');
    assert.match(await readFile(join(trialDir, 'evidence', 'agent.log'), 'utf8'), /^\*\*\*$/m, 'the agent printed the values');
    assert.match(await readFile(join(trialDir, 'evidence', 'reports', 'none.json'), 'utf8'), /\*\*\*/, 'the acceptor reported them');
    assert.deepEqual(await leaks([base]), [], 'the run');

    // A base run as another runner left it: its candidate holds the values. The gate's report.html shows it.
    await writeFile(join(trialDir, 'candidate', 'leak.txt'), LEAK);
    const head = join(await tempDir(), 'head');
    const comment = join(await tempDir(), 'comment.md');
    const gate = captureIo(project);
    const verdict = await main(
      ['gate', '--config', config, '--base', join(base, 'results.json'), '--out', head, '--confirm-trials', '0', '--comment', comment],
      gate,
    );
    assert.notEqual(verdict, 2, gate.err);
    assert.match(await readFile(join(head, 'report.html'), 'utf8'), /leak\.txt/, 'the page shows the base candidate');
    assert.deepEqual(await leaks([head, comment]), [], 'the gate');
    assert.deepEqual(
      VALUES.filter((value) => gate.out.includes(value) || gate.err.includes(value)),
      [],
      'the gate’s output',
    );

    // compare reads no trial set: of the set, it knows the runner's tokens, and scrubs them from the page it writes.
    const page = join(await tempDir(), 'page.html');
    await main(['compare', '--base', join(base, 'results.json'), '--head', join(head, 'results.json'), '--html', page], captureIo(project));
    assert.match(await readFile(page, 'utf8'), /leak\.txt/);
    assert.deepEqual(await leaks([page], [SECRETS.token[1]]), [], 'compare');

    const repaired = join(head, 'leaky', 'trial-001');
    assert.equal(await main(['repair', repaired], captureIo(project)), 0);
    await writeFile(join(repaired, 'repair', 'candidate', 'note.txt'), 'fixed by hand\n');
    const done = captureIo(project);
    await main(['repair', repaired, '--done', '--minutes', '1', '--config', config], done);
    assert.match(done.out, /repair of leaky trial 1/, done.err);
    assert.deepEqual(await leaks([join(repaired, 'repair'), join(head, 'results.json')]), [], 'the repair');

    // validate knows the fixture alone: the runner's tokens and its acceptor's pass_env.
    const out = join(await tempDir(), 'validate');
    await main(['validate', fixture, '--out', out], captureIo(project));
    assert.deepEqual(await leaks([out], [SECRETS.token[1], SECRETS.acceptor[1]]), [], 'validate');
  });
});
