// `trialgate gate` as a user meets it: what it refuses before any trial runs, with the flag and the fix.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/io.ts';
import { writeTrialSet } from './support/trialset.ts';

it('refuses missing or contradictory base flags and bad values, naming the flag; --help lists every option', async () => {
  const config = await writeTrialSet();
  const cases: [string[], RegExp][] = [
    [['--config', config], /^trialgate gate: command line: --base: the base runs: --base BASE\.json \(repeat it\) or --base-dir DIR/],
    [['--config', config, '--base', 'a.json', '--base-dir', 'd'], /--base-dir: either --base files or one --base-dir, not both/],
    [['--config', config, '--base-dir', 'd', '--policy', 'statistical'], /--policy statistical was replaced by familywise/],
    [['--config', config, '--base-dir', 'd', '--alpha', '2'], /--alpha: a number between 0 and 1/],
    [['--config', config, '--base-dir', 'd', '--policy', 'lenient'], /--policy must be familywise or strict, not "lenient"/],
    [['--config', config, '--base-dir', 'd', '--fail-on', 'sometimes'], /--fail-on must be regression or never, not "sometimes"/],
    [['--config', config, '--base-dir', 'd', '--confirm-trials', '-1'], /--confirm-trials/],
    [['--config', config, '--basedir', 'd'], /unknown option --basedir \(did you mean --base-dir\?\)/],
  ];
  for (const [args, message] of cases) {
    const io = captureIo();
    assert.equal(await main(['gate', ...args], io), 2, args.join(' '));
    assert.match(io.err, message);
  }
  // A base that is not there is named before any trial runs: no trial started.
  const out = join(await mkdtemp(join(tmpdir(), 'trialgate-gate-')), 'run');
  for (const args of [
    ['--base-dir', join(out, 'missing')],
    ['--base', join(out, 'missing.json')],
  ]) {
    const io = captureIo();
    assert.equal(await main(['gate', '--config', config, ...args, '--out', out], io), 2);
    assert.match(io.err, /missing(\.json)?: /);
    assert.doesNotMatch(io.err, /trial \d: /, 'no trial ran');
  }
  const help = captureIo();
  assert.equal(await main(['gate', '--help'], help), 0);
  for (const flag of ['--base', '--base-dir', '--base-sha', '--baseline-runs', '--confirm-trials', '--fail-on', '--comment'])
    assert.ok(help.out.includes(flag), flag);
  assert.match(help.out, /3 undecided: rerun/);
});

it('a first round that alone passes --max-trials is refused before any trial, naming the cap and the fix', async () => {
  const config = await writeTrialSet({ trials: 3 });
  const dir = await mkdtemp(join(tmpdir(), 'trialgate-gate-cap-'));
  const bases = join(dir, 'bases');
  await mkdir(bases);
  const out = join(dir, 'run');
  const io = captureIo();
  assert.equal(await main(['gate', '--config', config, '--base-dir', bases, '--out', out, '--max-trials', '2'], io), 2, io.out + io.err);
  assert.match(
    io.err,
    /max-trials: 2 agent trials, and the first round alone needs 3 \(1 task × 3 trials\): nothing was run; raise max-trials, or run fewer trials or tasks/,
  );
  assert.doesNotMatch(io.err, /trial \d: /, 'no trial ran');
  assert.deepEqual(await readdir(out).catch(() => []), [], 'nothing was run');
});
