// Each shipped adapter against the CLI version it is pinned to (package.json, adapters/manifest.json): the
// installed CLI is that version, and every option the adapter passes is one the CLI's own --help still
// lists. A CLI release that renames or drops one (as Codex dropped --full-auto) fails here, naming it,
// before any trial runs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT } from './support/fixtures.ts';

const manifest = JSON.parse(readFileSync(join(ROOT, 'adapters', 'manifest.json'), 'utf8')) as Record<
  string,
  { program: string; package: string; tested: string }
>;
const devDependencies = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies as Record<string, string>;

/** The adapter's export, its options and the help that must list them. */
const ADAPTERS = {
  'claude-code': { exported: 'claudeCode', help: ['--help'] },
  codex: { exported: 'codex', help: ['exec', '--help'] },
  'qwen-code': { exported: 'qwenCode', help: ['--help'] },
} as const;

/** Options whose value is the user's to choose, not one of a list. */
const FREE_FORM = ['-c', '--config', '-m', '--model'];
const run = { key: 'k', keyVar: 'K', providerUrl: 'http://127.0.0.1:9/v1', trialDir: '/t', candidateDir: '/t/candidate', env: { CODEX_MODEL: 'm' } };

for (const [name, { exported, help }] of Object.entries(ADAPTERS)) {
  describe(`the ${name} adapter and its pinned CLI`, () => {
    const entry = manifest[name]!;
    const program = join(ROOT, 'node_modules', '.bin', entry.program);

    it(`is pinned: package.json, the manifest and the installed CLI agree on ${entry.package}@${entry.tested}`, async () => {
      assert.equal(devDependencies[entry.package], entry.tested, 'package.json pins the version the manifest says is tested');
      const home = await mkdtemp(join(tmpdir(), 'cli-home-'));
      const version = spawnSync(program, ['--version'], { encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 60_000 });
      assert.equal(version.status, 0, version.stderr);
      assert.match(version.stdout, new RegExp(`\\b${entry.tested.replaceAll('.', '\\.')}\\b`));
    });

    it('every option the adapter passes is listed by the CLI’s --help', async () => {
      const module = await import(pathToFileURL(join(ROOT, 'adapters', `${name}.mjs`)).href);
      const args: string[] = module[exported].args(run);
      const options = args.filter((a) => /^--?[a-z]/i.test(a));
      assert.ok(options.length > 0);
      const home = await mkdtemp(join(tmpdir(), 'cli-home-'));
      const shown = spawnSync(program, [...help], { encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 60_000 });
      assert.equal(shown.status, 0, shown.stderr);
      for (const option of options)
        assert.match(shown.stdout, new RegExp(`(^|[\\s,])${option}([\\s,=]|$)`, 'm'), `${entry.program} ${help.join(' ')} no longer lists ${option}`);
      // A value chosen from a list (--permission-mode acceptEdits) is still one of the listed choices.
      for (const [i, option] of args.entries()) {
        const value = args[i + 1];
        if (!options.includes(option) || FREE_FORM.includes(option) || !value || !/^[a-z][a-z-]*$/i.test(value)) continue;
        assert.ok(shown.stdout.includes(`"${value}"`), `${entry.program} ${help.join(' ')} no longer offers ${option} ${value}`);
      }
    });
  });
}
