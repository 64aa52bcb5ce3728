// What a checkout of the base commit lacks of what the job made beside the head's (src/gate/made-beside.ts), on
// real git repositories: files git does not track where an agent or a fixture reads, missing at the same path
// in the base's checkout, are named; what git tracks, a tool's cache, and what the checkout also holds are not.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { lendInstalled, madeBesideCheckout } from '../src/gate/made-beside.ts';
import { readTrialSetFile } from '../src/trial/trialset-file.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-C', cwd, ...args], { encoding: 'utf8' }).trim();

const TRIAL_SET = `version: 1
name: made
agent:
  command: node agent/run.mjs
  files: [agent]
watch: [skills/**]
tasks:
  - id: one
    fixture: fixtures/one
`;

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A repository under evals/ whose trial set, agent, skill and fixture are committed, and a worktree of that commit. */
function repository(): { workspace: string; checkout: string; config: string } {
  const workspace = mkdtempSync(join(tmpdir(), 'trialgate-made-'));
  write(workspace, {
    'evals/trialgate.yml': TRIAL_SET,
    'evals/agent/run.mjs': '',
    'evals/skills/base.md': '# base\n',
    'evals/fixtures/one/fixture.json': '{}\n',
    '.gitignore': 'node_modules/\n',
  });
  git(workspace, 'init', '-q');
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-qm', 'base');
  const checkout = join(mkdtempSync(join(tmpdir(), 'trialgate-made-base-')), 'base');
  git(workspace, 'worktree', 'add', '-q', '--detach', checkout, 'HEAD');
  return { workspace, checkout, config: join(workspace, 'evals', 'trialgate.yml') };
}

test('nothing made beside the head: nothing lacking', async () => {
  const { checkout, config } = repository();
  assert.deepEqual(await madeBesideCheckout(await readTrialSetFile(config), checkout), []);
});

test('packages in the agent’s directory, a skill the job built, a build in a fixture: named as the repository has them', async () => {
  const { workspace, checkout, config } = repository();
  write(workspace, {
    'evals/agent/node_modules/sdk/index.js': '',
    'evals/skills/built.md': '# built from a template\n',
    'evals/fixtures/one/service/dist/main.js': '',
    // Read by no agent or fixture: not named.
    'node_modules/tool/index.js': '',
    'evals/notes.txt': '',
  });
  assert.deepEqual((await madeBesideCheckout(await readTrialSetFile(config), checkout)).sort(), [
    'evals/agent/node_modules/',
    'evals/fixtures/one/service/',
    'evals/skills/built.md',
  ]);
});

test('a tool’s cache is not named, nor what the base’s checkout holds too', async () => {
  const { workspace, checkout, config } = repository();
  write(workspace, { 'evals/agent/__pycache__/run.pyc': '', 'evals/agent/node_modules/sdk/index.js': '' });
  write(checkout, { 'evals/agent/node_modules/sdk/index.js': '' });
  assert.deepEqual(await madeBesideCheckout(await readTrialSetFile(config), checkout), []);
});

/** The repository with a lockfile beside the agent's packages, committed as `lock` in the base commit. */
function pinnedRepository(lock: string) {
  const repo = repository();
  write(repo.workspace, { 'evals/agent/package-lock.json': lock });
  git(repo.workspace, 'add', '.');
  git(repo.workspace, 'commit', '-qm', 'pinned');
  git(repo.checkout, 'checkout', '-q', '--detach', git(repo.workspace, 'rev-parse', 'HEAD'));
  write(repo.workspace, { 'evals/agent/node_modules/sdk/index.js': 'module.exports = 1;\n', 'evals/skills/built.md': '# built\n' });
  return repo;
}

test('packages pinned by the same lockfile in both commits are copied into the base’s checkout; a built skill never is', async () => {
  const { checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  const set = await readTrialSetFile(config);
  assert.deepEqual(await lendInstalled(set, checkout), ['evals/agent/node_modules/']);
  assert.equal(readFileSync(join(checkout, 'evals/agent/node_modules/sdk/index.js'), 'utf8'), 'module.exports = 1;\n');
  assert.ok(!lstatSync(join(checkout, 'evals/agent/node_modules')).isSymbolicLink(), 'a copy inside the checkout, not a link out of it');
  assert.deepEqual(await madeBesideCheckout(set, checkout), ['evals/skills/built.md']);
});

test('packages whose lockfile the pull request changed are not: the base runs what the base pins', async () => {
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  write(workspace, { 'evals/agent/package-lock.json': '{ "lockfileVersion": 3, "packages": { "node_modules/sdk": { "version": "2.0.0" } } }\n' });
  const set = await readTrialSetFile(config);
  assert.deepEqual(await lendInstalled(set, checkout), []);
  assert.ok(!existsSync(join(checkout, 'evals/agent/node_modules')));
  assert.deepEqual((await madeBesideCheckout(set, checkout)).sort(), ['evals/agent/node_modules/', 'evals/skills/built.md']);
});
