// The package as a user installs it: `npm pack`, then `npm install` of the tarball in an empty directory.
// dist/ bundles every dependency, so nothing else is installed, and the `trialgate` bin works at once.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from './support/fixtures.ts';

const npm = (args: string[], cwd: string) => spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

describe('the npm package', () => {
  it('installs from its tarball with no dependencies; the bin runs, inits and validates a starter', async () => {
    const packDir = await tempDir('trialgate-pack-');
    const pack = npm(['pack', '--json', '--pack-destination', packDir], ROOT);
    assert.equal(pack.status, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout) as [{ filename: string; size: number; files: { path: string; mode: number }[] }];
    const paths = info.files.map((f) => f.path);
    assert.ok(paths.includes('dist/cli.js') && paths.includes('dist/index.js') && paths.includes('action.yml'));
    assert.ok(paths.includes('reporters/node-test.mjs') && paths.some((p) => p.startsWith('templates/starter/')) && paths.some((p) => p.startsWith('docs/')));
    for (const adapter of [
      'claude-code',
      'codex',
      'qwen-code',
      'lib/run-cli',
      'watch',
      'lib/provider-watch',
      'lib/provider-answer',
      'lib/watched-run',
      'lib/env-failure',
      'lib/prompt',
    ])
      assert.ok(paths.includes(`adapters/${adapter}.mjs`), `the ${adapter} adapter ships`);
    assert.ok(paths.includes('adapters/manifest.json'));
    assert.ok(!paths.some((p) => /^(src|test|bench|node_modules)\//.test(p)), 'no sources, tests or dependencies in the package');
    assert.equal(info.files.find((f) => f.path === 'dist/cli.js')!.mode & 0o111, 0o111, 'the bin is executable');
    assert.ok(info.size < 3 * 1024 * 1024, `the tarball is small (${info.size} bytes)`);

    const app = await tempDir('trialgate-install-');
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'user-repo', version: '1.0.0', private: true }));
    const install = npm(['install', '--offline', join(packDir, info.filename)], app);
    assert.equal(install.status, 0, install.stderr);
    const installed = (await readdir(join(app, 'node_modules'))).filter((n) => !n.startsWith('.'));
    assert.deepEqual(installed, ['trialgate'], 'dist/ bundles every dependency: nothing else is installed');

    const bin = join(app, 'node_modules', '.bin', 'trialgate');
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    assert.equal(version.status, 0, version.stderr);
    assert.match(version.stdout, /^trialgate \d+\.\d+\.\d+\n$/);
    assert.equal(spawnSync(bin, ['init'], { cwd: app, encoding: 'utf8' }).status, 0);
    const validate = spawnSync(bin, ['validate', 'fixtures/tally'], { cwd: app, encoding: 'utf8' });
    assert.equal(validate.status, 0, validate.stdout + validate.stderr);
    assert.match(validate.stdout, /acceptor trusted/);
  });
});
