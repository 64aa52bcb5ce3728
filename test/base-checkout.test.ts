// The action's checkout of a pull request's base commit for paired rounds (src/action/base-checkout.ts),
// on real git repositories: the base's own trial set at the head's path, and every way it cannot be had
// turned into a reason in the log, never a failed job.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkOutBase } from '../src/action/base-checkout.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-C', cwd, ...args], { encoding: 'utf8' }).trim();

/** A repository whose first commit holds evals/trialgate.yml saying `base`, and whose second says `head`. */
function repository(): { workspace: string; base: string; config: string } {
  const workspace = mkdtempSync(join(tmpdir(), 'trialgate-base-checkout-'));
  git(workspace, 'init', '-q');
  mkdirSync(join(workspace, 'evals'));
  const config = join(workspace, 'evals', 'trialgate.yml');
  writeFileSync(config, 'base\n');
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-qm', 'base');
  const base = git(workspace, 'rev-parse', 'HEAD');
  writeFileSync(config, 'head\n');
  git(workspace, 'commit', '-qam', 'head');
  return { workspace, base, config };
}

test('the base commit is checked out beside the workspace with its own trial set, and removed after', async () => {
  const { workspace, base, config } = repository();
  const dir = join(mkdtempSync(join(tmpdir(), 'trialgate-base-')), 'base-commit');
  const checkout = await checkOutBase(workspace, base, config, dir);
  assert.ok('config' in checkout, JSON.stringify(checkout));
  assert.equal(checkout.config, join(dir, 'evals', 'trialgate.yml'));
  assert.equal(readFileSync(checkout.config, 'utf8'), 'base\n');
  assert.equal(readFileSync(config, 'utf8'), 'head\n', 'the workspace keeps the head');
  await checkout.remove();
  assert.equal(existsSync(dir), false);
  assert.doesNotMatch(git(workspace, 'worktree', 'list'), /base-commit/);
});

test('a base commit the clone lacks and cannot fetch, a workspace without git, a base without the trial set: off, with why', async () => {
  const { workspace, config } = repository();
  const out = () => join(mkdtempSync(join(tmpdir(), 'trialgate-base-')), 'base-commit');
  const missing = await checkOutBase(workspace, 'f'.repeat(40), config, out());
  assert.ok('off' in missing);
  assert.match(missing.off, /the base commit fffffff could not be checked out: /);

  const plain = mkdtempSync(join(tmpdir(), 'trialgate-no-git-'));
  writeFileSync(join(plain, 'trialgate.yml'), 'x\n');
  const noGit = await checkOutBase(plain, 'a'.repeat(40), join(plain, 'trialgate.yml'), out());
  assert.deepEqual(noGit, { off: `${plain} is not a git checkout` });

  // The pull request adds the trial set: the base commit has none.
  git(workspace, 'rm', '-q', 'evals/trialgate.yml');
  git(workspace, 'commit', '-qm', 'no trial set');
  const without = git(workspace, 'rev-parse', 'HEAD');
  git(workspace, 'checkout', '-q', 'HEAD~1');
  const dir = out();
  const absent = await checkOutBase(workspace, without, config, dir);
  assert.deepEqual(absent, { off: 'the base commit has no trial set at evals/trialgate.yml' });
  assert.equal(existsSync(dir), false, 'the worktree is removed again');
});

test('a link the pull request makes of the trial set, or of a directory above it, never picks which of the base’s files runs', async () => {
  // The base commit holds two trial sets: the gated one and another (say a nightly run's, with a weaker agent).
  const { workspace, base, config } = repository();
  git(workspace, 'checkout', '-q', base);
  writeFileSync(join(workspace, 'evals', 'nightly.yml'), 'nightly\n');
  mkdirSync(join(workspace, 'nightly'));
  writeFileSync(join(workspace, 'nightly', 'trialgate.yml'), 'nightly dir\n');
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-qm', 'base with a second trial set');
  const twoSets = git(workspace, 'rev-parse', 'HEAD');
  const out = () => join(mkdtempSync(join(tmpdir(), 'trialgate-base-')), 'base-commit');

  // The pull request moves its trial set to nightly.yml and leaves a link where the gated one was.
  writeFileSync(join(workspace, 'evals', 'nightly.yml'), 'head\n');
  rmSync(config);
  symlinkSync('nightly.yml', config);
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-qm', 'the trial set through a link');
  const dir = out();
  const linked = await checkOutBase(workspace, twoSets, config, dir);
  assert.ok('config' in linked, JSON.stringify(linked));
  assert.equal(linked.config, join(dir, 'evals', 'trialgate.yml'));
  assert.equal(readFileSync(linked.config, 'utf8'), 'base\n', 'the base’s own trial set at the path the workflow names');
  await linked.remove();

  // The same through the directory: evals/ becomes a link to nightly/.
  rmSync(join(workspace, 'evals'), { recursive: true });
  writeFileSync(join(workspace, 'nightly', 'trialgate.yml'), 'head\n');
  symlinkSync('nightly', join(workspace, 'evals'));
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-qm', 'the directory through a link');
  const dirLinked = await checkOutBase(workspace, twoSets, config, out());
  assert.ok('config' in dirLinked, JSON.stringify(dirLinked));
  assert.equal(readFileSync(dirLinked.config, 'utf8'), 'base\n');
  await dirLinked.remove();
});

test('no program the pull request holds runs at the checkout: a post-checkout hook where husky’s core.hooksPath (set by the job’s install) points, a file-system monitor', async () => {
  const { workspace, base, config } = repository();
  // `npm ci` ran the base's own `prepare: husky`, which points git at the hooks in the checkout: the head's.
  git(workspace, 'config', 'core.hooksPath', '.husky');
  mkdirSync(join(workspace, '.husky'));
  writeFileSync(join(workspace, '.husky', 'post-checkout'), '#!/bin/sh\nprintf "head\\n" > evals/trialgate.yml\n', { mode: 0o755 });
  // And a file-system monitor there, which git runs to refresh the index: the head's code, outside any sandbox.
  const ran = join(mkdtempSync(join(tmpdir(), 'trialgate-monitor-')), 'ran');
  writeFileSync(join(workspace, '.husky', 'monitor'), `#!/bin/sh\ntouch '${ran}'\n`, { mode: 0o755 });
  git(workspace, 'add', '.husky');
  git(workspace, 'commit', '-qm', 'a hook');
  git(workspace, 'config', 'core.fsmonitor', join(workspace, '.husky', 'monitor'));
  const dir = join(mkdtempSync(join(tmpdir(), 'trialgate-base-')), 'base-commit');
  const checkout = await checkOutBase(workspace, base, config, dir);
  assert.ok('config' in checkout, JSON.stringify(checkout));
  assert.equal(readFileSync(checkout.config, 'utf8'), 'base\n', 'the base’s own trial set, not what the head’s hook wrote');
  assert.ok(!existsSync(ran), 'the head’s monitor never ran');
  await checkout.remove();
});
