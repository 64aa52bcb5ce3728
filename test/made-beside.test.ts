// What a checkout of the base commit lacks of what the job made beside the head's (src/gate/made-beside.ts), on
// real git repositories: files git does not track where an agent or a fixture reads, missing at the same path
// in the base's checkout, are named; what git tracks, a tool's cache, and what the checkout also holds are not.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
  assert.deepEqual((await lendInstalled(set, checkout)).lent, ['evals/agent/node_modules/']);
  assert.equal(readFileSync(join(checkout, 'evals/agent/node_modules/sdk/index.js'), 'utf8'), 'module.exports = 1;\n');
  assert.ok(!lstatSync(join(checkout, 'evals/agent/node_modules')).isSymbolicLink(), 'a copy inside the checkout, not a link out of it');
  assert.deepEqual(await madeBesideCheckout(set, checkout), ['evals/skills/built.md']);
});

test('packages whose lockfile the pull request changed are not: the base runs what the base pins', async () => {
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  write(workspace, { 'evals/agent/package-lock.json': '{ "lockfileVersion": 3, "packages": { "node_modules/sdk": { "version": "2.0.0" } } }\n' });
  const set = await readTrialSetFile(config);
  assert.deepEqual((await lendInstalled(set, checkout)).lent, []);
  assert.ok(!existsSync(join(checkout, 'evals/agent/node_modules')));
  assert.deepEqual((await madeBesideCheckout(set, checkout)).sort(), ['evals/agent/node_modules/', 'evals/skills/built.md']);
});

test('a prompt the job built in the agent’s directory, beside the same lockfile, is the head’s own work: never copied', async () => {
  // A build step (or an install script) made the agent's system prompt from the pull request's template: the
  // base commit's trials must not run it. Only installed packages are lent.
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  write(workspace, { 'evals/agent/system-prompt.md': 'Skip the checks.\n' });
  const set = await readTrialSetFile(config);
  assert.deepEqual((await lendInstalled(set, checkout)).lent, ['evals/agent/node_modules/']);
  assert.ok(!existsSync(join(checkout, 'evals/agent/system-prompt.md')));
  assert.deepEqual((await madeBesideCheckout(set, checkout)).sort(), ['evals/agent/system-prompt.md', 'evals/skills/built.md']);
});

/** A repository whose project `files` (package.json, what it installs from) are committed, installed by the real npm (offline) after `change` edits the head. */
function npmProject(files: Record<string, string>, change: Record<string, string>) {
  const workspace = mkdtempSync(join(tmpdir(), 'trialgate-made-npm-'));
  write(workspace, { ...files, 'trialgate.yml': TRIAL_SET.replace('files: [agent]', 'files: [node_modules]'), 'fixtures/one/fixture.json': '{}\n' });
  write(workspace, { '.gitignore': 'node_modules/\n' });
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: workspace, stdio: 'ignore' });
  git(workspace, 'init', '-q');
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-qm', 'base');
  const checkout = join(mkdtempSync(join(tmpdir(), 'trialgate-made-npm-base-')), 'base');
  git(workspace, 'worktree', 'add', '-q', '--detach', checkout, 'HEAD');
  // The pull request's change, and the job's install of the head (scripts run, as a plain `npm ci` runs them).
  write(workspace, change);
  rmSync(join(workspace, 'node_modules'), { recursive: true, force: true });
  execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: workspace, stdio: 'ignore' });
  assert.equal(
    git(workspace, 'status', '--porcelain', '--', 'package.json', 'package-lock.json'),
    '',
    'the lockfile and manifest are the same in both commits',
  );
  return { workspace, checkout, config: join(workspace, 'trialgate.yml') };
}

test('packages holding the project’s own code (a file: dependency copied in), the lockfile the same: not copied, the base runs its own', async () => {
  const { workspace, checkout, config } = npmProject(
    {
      'package.json': '{ "name": "p", "private": true, "dependencies": { "agent-core": "file:agent-core" } }\n',
      '.npmrc': 'install-links=true\n',
      'agent-core/package.json': '{ "name": "agent-core", "version": "1.0.0" }\n',
      'agent-core/index.js': 'module.exports = "careful";\n',
    },
    { 'agent-core/index.js': 'module.exports = "careless";\n' },
  );
  assert.equal(readFileSync(join(workspace, 'node_modules/agent-core/index.js'), 'utf8'), 'module.exports = "careless";\n');
  const { lent, kept } = await lendInstalled(await readTrialSetFile(config), checkout);
  assert.deepEqual(lent, []);
  assert.deepEqual(kept, [{ path: 'node_modules/', why: 'package-lock.json names a package of the project’s own files' }]);
  assert.ok(!existsSync(join(checkout, 'node_modules')), 'the head’s agent-core never runs as the base’s');
});

test('packages the project’s own install script changed (postinstall: patch-package, a prompt baked in), the lockfile the same: not copied', async () => {
  const bake = "require('fs').mkdirSync('node_modules/.agent', { recursive: true }); require('fs').copyFileSync('prompt.md', 'node_modules/.agent/prompt.md')";
  const { workspace, checkout, config } = npmProject(
    { 'package.json': JSON.stringify({ name: 'p', private: true, scripts: { postinstall: `node -e "${bake}"` } }) + '\n', 'prompt.md': 'Run every check.\n' },
    { 'prompt.md': 'Skip the checks.\n' },
  );
  assert.equal(readFileSync(join(workspace, 'node_modules/.agent/prompt.md'), 'utf8'), 'Skip the checks.\n');
  const { lent, kept } = await lendInstalled(await readTrialSetFile(config), checkout);
  assert.deepEqual(lent, []);
  assert.deepEqual(kept, [{ path: 'node_modules/', why: 'package.json runs an install script of the project’s own (postinstall)' }]);
  assert.ok(!existsSync(join(checkout, 'node_modules')));
});

test('a virtualenv is never copied: its scripts name the head’s path, and a project installed into it (uv sync, pip install -e) is the head’s code', async () => {
  const { workspace, checkout, config } = pinnedRepository('version = 1\n');
  git(workspace, 'mv', 'evals/agent/package-lock.json', 'evals/agent/uv.lock');
  git(workspace, 'commit', '-qm', 'uv');
  git(checkout, 'checkout', '-q', '--detach', git(workspace, 'rev-parse', 'HEAD'));
  write(workspace, { '.gitignore': 'node_modules/\n.venv/\n' });
  execFileSync('python3', ['-m', 'venv', '--without-pip', join(workspace, 'evals/agent/.venv')]);
  // What uv sync writes for the project itself, editable: a path into the head's checkout.
  write(workspace, { 'evals/agent/.venv/lib/python3/site-packages/_agent.pth': `${join(workspace, 'evals/agent/src')}\n` });
  const set = await readTrialSetFile(config);
  assert.ok(!(await lendInstalled(set, checkout)).lent.includes('evals/agent/.venv/'));
  assert.ok(!existsSync(join(checkout, 'evals/agent/.venv')));
});

test('packages installed by a package manager the pull request changed (yarn’s release in .yarn/releases, its plugins), the lockfile the same: not copied', async () => {
  const { workspace, checkout, config } = pinnedRepository('');
  git(workspace, 'mv', 'evals/agent/package-lock.json', 'evals/agent/yarn.lock');
  write(workspace, {
    'evals/agent/.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.cjs\nnodeLinker: node-modules\n',
    'evals/agent/.yarn/releases/yarn-4.cjs': '// yarn\n',
  });
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-qm', 'yarn');
  git(checkout, 'checkout', '-q', '--detach', git(workspace, 'rev-parse', 'HEAD'));
  const set = await readTrialSetFile(config);
  // The pull request's yarn writes what it likes into node_modules.
  write(workspace, { 'evals/agent/.yarn/releases/yarn-4.cjs': '// yarn, and the head’s agent into node_modules\n' });
  const { lent, kept } = await lendInstalled(set, checkout);
  assert.deepEqual(lent, []);
  assert.deepEqual(kept, [{ path: 'evals/agent/node_modules/', why: 'evals/agent/.yarn/releases differs from the base commit’s' }]);
  // Unchanged, the same install: copied.
  git(workspace, 'checkout', '--', 'evals/agent/.yarn');
  assert.deepEqual((await lendInstalled(set, checkout)).lent, ['evals/agent/node_modules/']);
});

test('package directories agent.files names inside a node_modules (its .bin and the CLI’s package) are copied as the node_modules they are in', async () => {
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  write(workspace, { 'evals/agent/node_modules/other/index.js': '' });
  // As npm makes it: a link to the package's program.
  mkdirSync(join(workspace, 'evals/agent/node_modules/.bin'));
  symlinkSync('../sdk/index.js', join(workspace, 'evals/agent/node_modules/.bin/sdk'));
  const set = await readTrialSetFile(config);
  set.config.agent.files = ['agent/node_modules/.bin', 'agent/node_modules/sdk'];
  assert.deepEqual((await lendInstalled(set, checkout)).lent.sort(), ['evals/agent/node_modules/.bin/', 'evals/agent/node_modules/sdk/']);
  assert.ok(existsSync(join(checkout, 'evals/agent/node_modules/.bin/sdk')));
  assert.ok(!existsSync(join(checkout, 'evals/agent/node_modules/other')), 'only what the agent reads');
  assert.deepEqual(await madeBesideCheckout(set, checkout), ['evals/skills/built.md']);
});

test('a yarn lockfile’s patches: yarn’s own (builtin) lent, one the project holds not', async () => {
  const builtin =
    '"typescript@patch:typescript@npm%3A5.3.3#optional!builtin<compat/typescript>":\n  resolution: "typescript@patch:typescript@npm%3A5.3.3#optional!builtin<compat/typescript>::version=5.3.3&hash=e012d7"\n';
  const own =
    '"lodash@patch:lodash@npm%3A4.17.21#~/patches/lodash.patch":\n  resolution: "lodash@patch:lodash@npm%3A4.17.21#~/patches/lodash.patch::version=4.17.21&hash=1"\n';
  for (const [lock, lent] of [
    [builtin, ['evals/agent/node_modules/']],
    [own, []],
  ] as const) {
    const { workspace, checkout, config } = pinnedRepository('');
    git(workspace, 'rm', '-q', 'evals/agent/package-lock.json');
    write(workspace, { 'evals/agent/yarn.lock': lock });
    git(workspace, 'add', '.');
    git(workspace, 'commit', '-qm', 'yarn');
    git(checkout, 'checkout', '-q', '--detach', git(workspace, 'rev-parse', 'HEAD'));
    assert.deepEqual((await lendInstalled(await readTrialSetFile(config), checkout)).lent, lent, lock);
  }
});

test('husky’s prepare alone writes git’s hooks, not packages: lent; anything more beside it is not', async () => {
  for (const [prepare, lent] of [
    ['husky', ['evals/agent/node_modules/']],
    ['husky install', ['evals/agent/node_modules/']],
    ['husky && node bake-prompt.mjs', []],
  ] as const) {
    const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
    write(workspace, { 'evals/agent/package.json': JSON.stringify({ name: 'agent', private: true, scripts: { prepare } }) });
    write(checkout, { 'evals/agent/package.json': JSON.stringify({ name: 'agent', private: true, scripts: { prepare } }) });
    assert.deepEqual((await lendInstalled(await readTrialSetFile(config), checkout)).lent, lent, prepare);
  }
});

test('a package manager’s settings above the lockfile (yarn reads every .yarnrc.yml up to the top) changed by the pull request: not lent', async () => {
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  write(workspace, { '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.cjs\n' });
  git(workspace, 'add', '.yarnrc.yml');
  git(workspace, 'commit', '-qm', 'the pull request');
  const { lent, kept } = await lendInstalled(await readTrialSetFile(config), checkout);
  assert.deepEqual(lent, []);
  assert.deepEqual(kept, [{ path: 'evals/agent/node_modules/', why: '.yarnrc.yml differs from the base commit’s' }]);
});

test('packages holding a link into the project outside them (an absolute path into the head’s checkout) are not lent; links among the packages are', async () => {
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  mkdirSync(join(workspace, 'evals/agent/node_modules/.bin'), { recursive: true });
  symlinkSync('../sdk/index.js', join(workspace, 'evals/agent/node_modules/.bin/sdk'));
  const set = await readTrialSetFile(config);
  symlinkSync(join(workspace, 'evals/skills/base.md'), join(workspace, 'evals/agent/node_modules/sdk/prompt.md'));
  const { lent, kept } = await lendInstalled(set, checkout);
  assert.deepEqual(lent, []);
  assert.deepEqual(kept, [{ path: 'evals/agent/node_modules/', why: 'evals/agent/node_modules/sdk/prompt.md is a link to the project’s own files' }]);
  rmSync(join(workspace, 'evals/agent/node_modules/sdk/prompt.md'));
  assert.deepEqual((await lendInstalled(set, checkout)).lent, ['evals/agent/node_modules/']);
  assert.equal(readFileSync(join(checkout, 'evals/agent/node_modules/.bin/sdk'), 'utf8'), 'module.exports = 1;\n');
});

test('a manifest that cannot be read as JSON, the same in both commits: not lent, said, never an error of the gate', async () => {
  const { workspace, checkout, config } = pinnedRepository('{ "lockfileVersion": 3 }\n');
  write(workspace, { 'evals/agent/package.json': '{ "scripts": \n' });
  write(checkout, { 'evals/agent/package.json': '{ "scripts": \n' });
  const { lent, kept } = await lendInstalled(await readTrialSetFile(config), checkout);
  assert.deepEqual(lent, []);
  assert.match(kept[0]!.why, /^not read: /);
});
