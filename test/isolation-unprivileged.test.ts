// Isolation does not depend on root: a whole run as an ordinary user (here `nobody`, when the tests run
// as root) is isolated by bubblewrap all the same, and the hostile agent's attacks fail the same way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NO_ISOLATION } from './support/isolation.ts';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { stringify } from 'yaml';
import { ROOT } from './support/fixtures.ts';

const NOBODY = 65534;

describe('isolation as an unprivileged user', { skip: NO_ISOLATION }, () => {
  it('runs a trial set isolated, and a hostile agent still cannot read the reference or leave a process', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trialgate-unprivileged-'));
    await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixture'), { recursive: true });
    await mkdir(join(dir, 'hostile'));
    await cp(fileURLToPath(new URL('./support/hostile-agent.mjs', import.meta.url)), join(dir, 'hostile', 'hostile-agent.mjs'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      join(dir, 'trialgate.yml'),
      stringify({
        version: 1,
        name: 'unprivileged',
        trials: 1,
        budget: { wall_seconds: 30 },
        agent: {
          command: 'node "$TRIALGATE_PROJECT/hostile/hostile-agent.mjs"',
          env: { HOSTILE_MODE: 'explore,read-reference,detach', HOSTILE_ID: 'unprivileged' },
          files: ['fixture/agent', 'hostile'],
          isolation: 'required',
        },
        watch: ['fixture/agent/skills/**'],
        tasks: [{ id: 'inventory', fixture: 'fixture' }],
      }),
    );
    const asRoot = process.getuid?.() === 0;
    // The unprivileged user may not be able to read this checkout (a clone in a private temporary
    // directory): it runs the CLI bundled from this source into the directory it is given.
    const cli = join(dir, 'cli.mjs');
    await build({
      entryPoints: [join(ROOT, 'src', 'cli', 'bin.ts')],
      outfile: cli,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
      banner: { js: "import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);" },
    });
    await chmod(dir, 0o777);
    spawnSync('chmod', ['-R', 'a+rwX', dir]);
    const node = [process.execPath, cli, 'run', '--out', join(dir, 'run')];
    const command = asRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...node] : node;
    const run = spawnSync(command[0]!, command.slice(1), { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir } });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /isolation: bubblewrap/);
    const results = JSON.parse(await readFile(join(dir, 'run', 'results.json'), 'utf8'));
    assert.equal(results.run.isolation.mechanism, 'bubblewrap');
    const trial = results.tasks[0].trials[0];
    assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
    const log = await readFile(join(dir, 'run', trial.evidence, 'evidence', 'agent.log'), 'utf8');
    assert.match(log, /read reference: refused/);
    if (asRoot) {
      const owner = spawnSync('stat', ['-c', '%u', join(dir, 'run', 'results.json')], { encoding: 'utf8' }).stdout.trim();
      assert.equal(owner, String(NOBODY), 'the run really ran as the unprivileged user');
    }
  });
});
