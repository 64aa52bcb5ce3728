// What `trialgate init` writes works on a real runner and tells the truth: the workflows refresh the
// package lists before they install, show where the acceptor's test runner is installed, the trial set
// requires isolation, git ignores runs and installed packages, and every `uses:` line and schema URL in
// the README, the docs and the starter names the one tag this version is released as.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { main } from '../src/cli/main.ts';
import { listFiles } from '../src/util/files.ts';
import { TOOL_VERSION } from '../src/version.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const STARTER = join(ROOT, 'templates', 'starter');
const WORKFLOWS = ['trialgate-baseline.yml', 'trialgate-pr.yml'].map((f) => join(STARTER, '.github', 'workflows', f));

describe('the starter', () => {
  it('its trial set requires isolation (a required check never falls back to an unisolated run)', async () => {
    const config = parse(await readFile(join(STARTER, 'trialgate.yml'), 'utf8'));
    assert.equal(config.agent.isolation, 'required');
  });

  it('its workflows update the package lists before any install, and show the acceptor’s test runner installed system-wide', async () => {
    for (const path of WORKFLOWS) {
      const text = await readFile(path, 'utf8');
      const runs: string[] = parse(text).jobs.trials.steps.flatMap((s: { run?: string }) => (s.run ? [s.run] : []));
      const lines = runs.join('\n').split('\n');
      const install = lines.findIndex((l) => /^\s*sudo apt-get install/.test(l));
      const update = lines.findIndex((l) => /^\s*sudo apt-get update/.test(l));
      assert.ok(install >= 0 && update >= 0 && update < install, `${path}: apt-get update before apt-get install`);
      assert.match(text, /python3-pytest/, `${path} shows how a pytest acceptor's runner is installed`);
      assert.match(text, /npm ci/, `${path} shows how a Jest or Vitest acceptor's node_modules is installed`);
    }
  });

  it('init into an empty directory ignores runs and installed packages', async () => {
    const repo = await tempDir('trialgate-starter-');
    const io = captureIo(repo);
    assert.equal(await main(['init'], io), 0, io.err);
    const ignored = (await readFile(join(repo, '.gitignore'), 'utf8')).split('\n');
    assert.ok(ignored.includes('.trialgate/') && ignored.includes('node_modules/'), ignored.join('\n'));
  });
});

describe('one version story', () => {
  it(`every uses: line and schema URL names this release's tag, v${TOOL_VERSION}`, async () => {
    const files = [
      join(ROOT, 'README.md'),
      ...(await listFiles(join(ROOT, 'docs'))).map((f) => join(ROOT, 'docs', f)),
      ...(await listFiles(STARTER)).map((f) => join(STARTER, f)),
    ];
    let seen = 0;
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const [, tag] of text.matchAll(/uses: trialgate\/trialgate@([^\s#`'"]+)/g)) {
        seen++;
        assert.equal(tag, `v${TOOL_VERSION}`, `${file}: uses: trialgate/trialgate@${tag}`);
      }
      for (const [, tag] of text.matchAll(/raw\.githubusercontent\.com\/trialgate\/trialgate\/([^/]+)\//g)) {
        seen++;
        assert.equal(tag, `v${TOOL_VERSION}`, `${file}: schema URL at ${tag}`);
      }
    }
    assert.ok(seen >= 5, `found ${seen} references`);
  });
});

describe('init below the top of a git repository', () => {
  it('says where GitHub looks for workflows, and how to point the step at the trial set', async () => {
    const { mkdir } = await import('node:fs/promises');
    const repo = await tempDir();
    await mkdir(join(repo, '.git'));
    const io = captureIo(repo);
    assert.equal(await main(['init', 'agents/eval'], io), 0, io.err);
    assert.match(
      io.err,
      /agents\/eval is inside the git repository .*GitHub runs workflows only from its top level: move agents\/eval\/\.github\/workflows\/\*\.yml to .*config: agents\/eval\/trialgate\.yml/,
    );
    const top = captureIo(repo);
    assert.equal(await main(['init'], top), 0, top.err);
    assert.doesNotMatch(top.err, /GitHub runs workflows only/, 'at the top level nothing to say');
  });
});
