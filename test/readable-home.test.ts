// A fixture's `readable` directory under the home directory (`"readable": ["~/.cargo"]`): one fixture.json that
// works on a laptop and on a runner, whose homes differ. It is found under this machine's home, shown read-only at
// its host path and under the sandboxed command's own HOME (where rustup, cargo and Go's module cache look for
// themselves), and never copied with the fixture.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture, loadFixture, readableMounts, type Fixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import type { Sandbox } from '../src/isolation/sandbox.ts';
import { Unisolated } from '../src/isolation/unisolated.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { timeLimit } from './support/time-limit.ts';

const TOOL = 'echo "tool of $0"\n';

describe('a readable directory under the home directory', { timeout: timeLimit(120_000) }, () => {
  const realHome = process.env.HOME;
  let home: string;
  let fixture: Fixture;

  before(async () => {
    // This machine's home, as os.homedir() reads it: a directory of the test's own.
    home = await tempDir('trialgate-home-');
    process.env.HOME = home;
    await mkdir(join(home, '.tools', 'bin'), { recursive: true });
    await writeFile(join(home, '.tools', 'bin', 'tool.sh'), TOOL);
    fixture = await loadFixture(await inventoryCopy((manifest) => (manifest.readable = ['~/.tools'])));
  });
  after(() => {
    process.env.HOME = realHome;
  });

  it('is found under this machine’s home and stays there: a copy of the fixture neither copies nor links it', async () => {
    assert.deepEqual(fixture.readable, [{ target: await realpath(join(home, '.tools')), at: join(home, '.tools'), home: '.tools' }]);
    const copy = await copyFixture(fixture, await tempDir());
    assert.deepEqual(copy.readable, fixture.readable);
    assert.equal(existsSync(join(copy.dir, '~')), false, 'nothing named ~ beside the copy');
  });

  it('a missing one names the home it was looked for in', async () => {
    const dir = await inventoryCopy((manifest) => (manifest.readable = ['~/.no-such-tool']));
    await assert.rejects(loadFixture(dir), (e: Error) => {
      assert.match(
        e.message,
        new RegExp(`readable\\[0\\]: ~/\\.no-such-tool is not a directory under this machine's home \\(${join(home, '.no-such-tool')}\\)`),
      );
      return true;
    });
  });

  it('one that is not under the home (`~/..`, a `..` past it) or is the whole home is refused, naming why', async () => {
    for (const entry of ['~/..', '~/../..', '~/.tools/../../tmp', '~', '~/.', '~/']) {
      const dir = await inventoryCopy((manifest) => (manifest.readable = [entry]));
      await assert.rejects(loadFixture(dir), (e: Error) => {
        assert.match(e.message, /readable\[0\]: .* (leaves|is) the home directory/, entry);
        return true;
      });
    }
  });

  it('one that shows the whole home another way (its absolute path, a link to it, a directory above it) is refused too', async () => {
    // Before, only `~` itself was: "/home/runner" mounted the runner's home, credentials and all, where a candidate's code runs.
    const { symlink } = await import('node:fs/promises');
    await symlink(home, join(home, '.self'));
    const above = join(home, '..');
    for (const entry of [home, '~/.self', above]) {
      const dir = await inventoryCopy((manifest) => (manifest.readable = [entry]));
      await assert.rejects(loadFixture(dir), (e: Error) => {
        assert.match(e.message, /readable\[0\]: .* shows the home directory \(/, entry);
        return true;
      });
    }
  });

  /** What a command run with the fixture's readable mounts prints, and its exit code. */
  async function run(sandbox: Sandbox, script: string, shown = fixture): Promise<{ code: number | null; out: string }> {
    const cwd = await tempDir();
    const command = sandbox.spawn({
      argv: ['sh', '-c', script],
      cwd,
      env: { PATH: '/usr/bin:/bin' },
      mounts: [{ path: cwd, writable: true }, ...readableMounts(shown)],
      network: 'none',
    });
    let out = '';
    command.child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    command.child.stderr!.setEncoding('utf8').on('data', (d: string) => (out += d));
    const { code } = await command.exited;
    return { code, out };
  }

  /** The tool run from the command's own HOME, then from the host's path; the two HOMEs differ. */
  const bothWays = (host: string) => `sh "$HOME/.tools/bin/tool.sh" && sh "${host}/.tools/bin/tool.sh" && test "$HOME" != "${host}"`;

  it('isolated: shown read-only under the command’s own HOME and at its host path', { skip: NO_ISOLATION }, async () => {
    const sandbox = await openSandbox('required');
    try {
      const shown = await run(sandbox, bothWays(home));
      assert.equal(shown.code, 0, shown.out);
      assert.match(shown.out, /^tool of \/home\/[^\n]+\/\.tools\/bin\/tool\.sh\ntool of [^\n]+\/\.tools\/bin\/tool\.sh\n$/);
      const written = await run(sandbox, 'echo changed > "$HOME/.tools/bin/tool.sh"');
      assert.notEqual(written.code, 0, 'read-only');
      assert.equal(await readFile(join(home, '.tools', 'bin', 'tool.sh'), 'utf8'), TOOL);
    } finally {
      await sandbox.dispose();
    }
  });

  it('unisolated: linked under the command’s own HOME, as a sandbox shows it', async () => {
    const sandbox = new Unisolated({ mechanism: 'none', reason: 'this test' });
    const shown = await run(sandbox, bothWays(home));
    assert.equal(shown.code, 0, shown.out);
    assert.equal(shown.out.split('\n').filter(Boolean).length, 2, shown.out);
  });

  it('unisolated: one entry inside another (either order) is linked once, not a crash', async () => {
    const sandbox = new Unisolated({ mechanism: 'none', reason: 'this test' });
    for (const readable of [
      ['~/.tools', '~/.tools/bin'],
      ['~/.tools/bin', '~/.tools'],
    ]) {
      const nested = await loadFixture(await inventoryCopy((manifest) => (manifest.readable = readable)));
      const shown = await run(sandbox, 'sh "$HOME/.tools/bin/tool.sh"', nested);
      assert.equal(shown.code, 0, shown.out);
      assert.match(shown.out, /^tool of /);
    }
  });
});
