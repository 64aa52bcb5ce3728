// From nothing to a named regression on a task of the user's own: init → validate → run → change the
// prompt → run → compare, in a fresh git repository, through the command line as a user types it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';

/** The starter requires isolation; where this machine has none, the documented local fallback. */
const LOCAL = NO_ISOLATION ? ['--isolation', 'auto'] : [];

describe('trialgate init', () => {
  it('init → validate passes at once → run → remove a prompt section → run → compare names the lost detection', async () => {
    const repo = await tempDir('trialgate-init-');
    spawnSync('git', ['init', '-q'], { cwd: repo });
    await writeFile(join(repo, '.gitignore'), 'node_modules/\n');

    const init = captureIo(repo);
    assert.equal(await main(['init'], init), 0, init.err);
    assert.match(init.out, /trialgate\.yml/);
    assert.match(await readFile(join(repo, '.gitignore'), 'utf8'), /^node_modules\/\n# trialgate: local run directories\n\.trialgate\/\n$/);
    const again = captureIo(repo);
    assert.equal(await main(['init'], again), 2, 'init never overwrites without --force');
    assert.match(again.err, /would be overwritten:\n {2}\.github\/workflows\/trialgate-baseline\.yml/);

    const validate = captureIo(repo);
    assert.equal(await main(['validate', 'fixtures/tally'], validate), 0, validate.out + validate.err);
    assert.match(validate.out, /\| accepts-zero +\| .* \| 1 +\| 0 +\| defect_detected \(no coverage: not attributed\) \|/);

    const base = captureIo(repo);
    assert.equal(await main(['run', '--trials', '1', '--out', '.trialgate/base', ...LOCAL], base), 0, base.err);
    assert.match(base.out, /my-agent: 1 task × k=1/);
    assert.match(base.out, /\| tally-validation \| dev \| 1\/1 +\|/);

    const prompt = join(repo, 'agent', 'prompt.md');
    const text = await readFile(prompt, 'utf8');
    await writeFile(prompt, text.slice(0, text.indexOf('## Validation')));
    const head = captureIo(repo);
    assert.equal(await main(['run', '--trials', '1', '--out', '.trialgate/head', ...LOCAL], head), 0, head.err);

    const compare = captureIo(repo);
    assert.equal(await main(['compare', '--base', '.trialgate/base/results.json', '--head', '.trialgate/head/results.json'], compare), 1);
    assert.match(compare.out, /lost detection: accepts-zero — adds zero or negative counts \(validation\) \| 1\/1 \| 0\/1/);
    assert.equal(spawnSync('git', ['status', '--porcelain', '--', '.trialgate'], { cwd: repo, encoding: 'utf8' }).stdout, '', 'runs are ignored by git');
  });
});
