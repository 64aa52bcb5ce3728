// Isolation does not depend on root: a whole run as an ordinary user (here `nobody`, when the tests run
// as root) is isolated by bubblewrap all the same, and the hostile agent's attacks fail the same way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NO_ISOLATION } from './support/isolation.ts';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { ROOT } from './support/fixtures.ts';
import { NOBODY, runAsUser } from './support/unprivileged.ts';

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
    const run = await runAsUser(dir, ['run', '--out', join(dir, 'run')]);
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

  it('runs the judge endpoint in a network of its own and a tools agent behind its relay, as an ordinary user', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trialgate-unprivileged-'));
    await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixtures', 'inventory'), { recursive: true });
    await cp(join(ROOT, 'fixtures', 'operations'), join(dir, 'fixtures', 'operations'), { recursive: true });
    const { writeFile } = await import('node:fs/promises');
    const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8')) as { judge: { model: string }; tasks: { judge: { items: unknown[] } }[] };
    await writeFile(
      join(dir, 'trialgate.yml'),
      stringify({
        version: 1,
        name: 'unprivileged-listeners',
        trials: 1,
        budget: { wall_seconds: 30 },
        agent: {
          command: 'node "$TRIALGATE_PROJECT/fixtures/operations/agent/operations-agent.mjs"',
          files: ['fixtures/operations/agent'],
          isolation: 'required',
        },
        watch: ['fixtures/operations/agent/skills/**'],
        judge: {
          model: repo.judge.model,
          command: 'node fixtures/inventory/judge/scripted-judge.mjs',
          calibration: 'fixtures/inventory/judge/calibration.json',
        },
        tasks: [
          {
            id: 'operations',
            fixture: 'fixtures/operations',
            acceptance: 'reservation-tools',
            judge: { items: [{ id: 'claims', question: 'Does the agent report reserving the order?', candidate: ['none/result.json'] }] },
          },
        ],
      }),
    );
    const run = await runAsUser(dir, ['run', '--out', join(dir, 'run')]);
    assert.equal(run.status, 0, run.stderr);
    const results = JSON.parse(await readFile(join(dir, 'run', 'results.json'), 'utf8'));
    const trial = results.tasks[0].trials[0];
    assert.equal(trial.env_error, undefined, JSON.stringify(trial.layers.trajectory.notes));
    assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
    assert.ok(trial.judge[0].asked, `the judge answered: ${trial.judge[0].reason}`);
  });
});
