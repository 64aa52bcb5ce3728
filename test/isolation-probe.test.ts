// Whether agents run isolated is the machine's ability, never its speed: the probe that decides it (bwrap
// running `true` in the namespaces a service needs) waits for bwrap's answer however long a busy machine takes
// to give it. Under a limit on its time, a probe held past it read as "bubblewrap cannot create namespaces
// here", and `agent.isolation: auto` then ran every agent unisolated (`required` failed the run). Here bwrap is
// held by a wrapper that first sleeps past the limit the probe had (10 s), then runs the real one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';
import { Bubblewrap } from '../src/isolation/bubblewrap.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';

describe('the isolation probe', () => {
  it('a bwrap the machine holds past 10 s is still found able to isolate', { skip: NO_ISOLATION }, async () => {
    const real = spawnSync('sh', ['-c', 'command -v bwrap'], { encoding: 'utf8' }).stdout.trim();
    const dir = await tempDir('trialgate-slow-bwrap-');
    const wrapper = join(dir, 'bwrap');
    await writeFile(wrapper, `#!/bin/sh\nsleep 10.5\nexec ${JSON.stringify(real)} "$@"\n`);
    await chmod(wrapper, 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${dir}${delimiter}${path}`;
    try {
      const probed = await Bubblewrap.probe();
      assert.ok(typeof probed !== 'string', `isolation found unavailable: ${String(probed)}`);
      await probed.dispose();
    } finally {
      process.env.PATH = path;
    }
  });
});
