// What a sandbox can do is data its callers read, never a test of its name: `confinesFiles` says whether
// the process sees only its mounts, each where `at` puts it. Checked against what a process in each
// sandbox actually sees.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Bubblewrap } from '../src/isolation/bubblewrap.ts';
import type { Sandbox } from '../src/isolation/sandbox.ts';
import { Unisolated } from '../src/isolation/unisolated.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';

/** What `sh -c script` prints in the sandbox. */
async function shell(sandbox: Sandbox, script: string, mounts: { path: string; at?: string }[]): Promise<string> {
  const run = sandbox.spawn({ argv: ['sh', '-c', script], cwd: '/', env: { PATH: '/usr/bin:/bin' }, mounts, network: 'none' });
  let out = '';
  run.child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  run.child.stderr!.resume();
  await run.exited;
  return out.trim();
}

async function confinement(sandbox: Sandbox): Promise<{ seesUnmounted: boolean; movedMount: boolean }> {
  const root = await tempDir('trialgate-capabilities-');
  const [shown, hidden, scratch] = [join(root, 'shown'), join(root, 'hidden'), join(root, 'scratch')] as const;
  for (const dir of [shown, hidden, scratch]) await mkdir(dir);
  await writeFile(join(hidden, 'file'), 'hidden\n');
  await writeFile(join(scratch, 'file'), 'scratch\n');
  const out = await shell(sandbox, `test -e "${hidden}/file" && echo sees-unmounted; cat "${shown}/file" 2>/dev/null`, [
    { path: shown },
    { path: scratch, at: shown },
  ]);
  return { seesUnmounted: out.includes('sees-unmounted'), movedMount: out.includes('scratch') };
}

describe('sandbox capabilities', () => {
  it('unisolated: sees the host’s files as they are, and says so', async () => {
    const sandbox = new Unisolated({ mechanism: 'none', reason: 'test' });
    assert.equal(sandbox.confinesFiles, false);
    assert.deepEqual(await confinement(sandbox), { seesUnmounted: true, movedMount: false });
    await sandbox.dispose();
  });

  it('bubblewrap: sees only its mounts, each where `at` puts it, and says so', { skip: NO_ISOLATION }, async () => {
    const sandbox = (await Bubblewrap.probe()) as Bubblewrap;
    assert.equal(sandbox.confinesFiles, true);
    assert.deepEqual(await confinement(sandbox), { seesUnmounted: false, movedMount: true });
    await sandbox.dispose();
  });
});
