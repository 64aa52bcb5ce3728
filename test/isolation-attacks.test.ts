// An agent that explores cannot game the gate. Each class of attack is run by the hostile agent with
// isolation required (bubblewrap: the attack is impossible) and with isolation off (the documented
// weaker guarantee: the attack is caught, or its limit is stated in docs/isolation.md).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { NO_ISOLATION } from './support/isolation.ts';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../src/util/hash.ts';
import { tempDir, TS_LOADER } from './support/fixtures.ts';
import { foundBy, processesWith, runHostile } from './support/hostile.ts';
import { writeTrialSet } from './support/trialset.ts';
import { trialSaid } from './support/trial-said.ts';

const trialOf = (run: Awaited<ReturnType<typeof runHostile>>, i = 0) => run.results.tasks[0]!.trials[i]!;
const failures = (run: Awaited<ReturnType<typeof runHostile>>, i = 0) => JSON.stringify(trialOf(run, i).layers);

describe('isolated (bubblewrap): what an exploring agent cannot reach', { skip: NO_ISOLATION }, () => {
  it('sees its trial, its own files and the system; no fixture beyond inputs, no other process, no temp files', async () => {
    const run = await runHostile('explore', 'required');
    assert.equal(run.results.run.isolation?.mechanism, 'bubblewrap');
    const log = await foundBy(run);
    assert.match(log, /^ls project: ok fixture hostile skills$/m, 'only what the trial set shows it');
    assert.match(log, /^ls project\/fixture: ok agent$/m, 'only the agent directory of the fixture is there');
    const tmp = /^ls tmp: ok (.*)$/m.exec(log)![1]!.split(' ');
    // A /tmp of its own: a home, and only the empty directories leading to its own mounts (the shipped
    // adapters' too, when trialgate itself is checked out under /tmp).
    const mounts = [run.runDir, run.project, fileURLToPath(new URL('../adapters', import.meta.url))];
    assert.deepEqual(
      tmp.filter((name) => name !== 'home' && !mounts.some((m) => m === `/tmp/${name}` || m.startsWith(`/tmp/${name}/`))),
      [],
    );
    const pids = Number(/pids: ok (\d+)/.exec(log)![1]);
    assert.ok(pids <= 6, `only its own processes are visible (${pids})`);
    assert.equal(trialOf(run).outcome, 'pass', failures(run));
  });

  it('cannot read the reference answers: the honest candidate stands', async () => {
    const run = await runHostile('read-reference', 'required');
    assert.match(await foundBy(run), /read reference: refused \(ENOENT\)/);
    assert.equal(trialOf(run).outcome, 'pass', failures(run));
  });

  it('cannot change the acceptance copy: it never sees one', async () => {
    const run = await runHostile('tamper-copy', 'required');
    assert.match(await foundBy(run), /acceptance copies seen: 0/);
    assert.equal(run.results.run.integrity_error, undefined);
  });

  it('a detached child dies with the agent: no process is left to change anything after the run', async () => {
    const run = await runHostile('detach', 'required');
    // The detached child's command line and environment hold the marker: a live one would be found.
    assert.match(await foundBy(run), /left a detached child \d+/);
    assert.deepEqual(await processesWith(run.marker), [], 'no process of the run outlives it');
    assert.equal(trialOf(run).outcome, 'pass', failures(run));
  });

  it('cannot read a token from any process: /proc shows only its own sandbox', async () => {
    const secret = 'ghs_planted0123456789abcdef';
    const project = await writeTrialSet({
      command: 'node "$TRIALGATE_PROJECT/hostile/hostile-agent.mjs"',
      env: { HOSTILE_MODE: 'proc-environ' },
      agent: { isolation: 'required', files: ['fixture/agent', 'hostile'] },
    });
    const dir = join(project, '..');
    await (await import('node:fs/promises')).mkdir(join(dir, 'hostile'));
    await (
      await import('node:fs/promises')
    ).cp(fileURLToPath(new URL('./support/hostile-agent.mjs', import.meta.url)), join(dir, 'hostile', 'hostile-agent.mjs'));
    const out = join(await tempDir(), 'run');
    // A separate trialgate process that holds the tokens in its own environment, as the action's does.
    const cli = spawnSync(
      process.execPath,
      ['--import', TS_LOADER, fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url)), 'run', '--config', project, '--out', out],
      {
        env: { ...process.env, GITHUB_TOKEN: secret, ACTIONS_RUNTIME_TOKEN: `${secret}-runtime` },
        encoding: 'utf8',
        cwd: fileURLToPath(new URL('..', import.meta.url)),
      },
    );
    assert.equal(cli.status, 0, cli.stderr);
    const log = await readFile(join(out, 'test-set', 'trial-001', 'evidence', 'agent.log'), 'utf8').catch(async () =>
      readFile(join(out, 'inventory', 'trial-001', 'evidence', 'agent.log'), 'utf8'),
    );
    assert.match(log, /environ lines with tokens: \d+/);
    assert.ok(!log.includes(secret) && !log.includes('***'), 'the token was not visible at all (not merely scrubbed)');
    assert.doesNotMatch(log, /_FAULT=/);
  });

  it('links it plants in evidence/ are named, never followed, and the target is untouched', async () => {
    const target = join(await tempDir(), 'outside.txt');
    await writeFile(target, 'precious\n');
    const run = await runHostile('plant-evidence', 'required', { env: { HOSTILE_TARGET: target } });
    assert.equal(await readFile(target, 'utf8'), 'precious\n');
    const trial = trialOf(run);
    assert.equal(trial.checks['constraint:no-links'], false, failures(run));
    assert.match(trial.layers.constraints.failures.join('\n'), /evidence\/verdict\.json is a symbolic link/);
    const verdict = JSON.parse(await readFile(join(run.runDir, trial.evidence, 'evidence', 'verdict.json'), 'utf8'));
    assert.equal(verdict.trial, 1, 'the real verdict was written in the trial');
  });

  it('cannot reach another trial at concurrency 2', async () => {
    const run = await runHostile('other-trial', 'required', { trials: 2 });
    const log = await foundBy(run);
    assert.doesNotMatch(log, /write into trial-00\d: ok/);
    for (const trial of run.results.tasks[0]!.trials) assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
  });

  it('cannot edit the watched skill: the project is read-only to it', async () => {
    const run = await runHostile('edit-watched', 'required');
    assert.match(await foundBy(run), /edit the watched skill: refused \((EROFS|EACCES|EPERM)\)/);
    assert.equal(trialOf(run).outcome, 'pass', failures(run));
  });
});

describe('both ways: attacks that are caught, isolated or not', () => {
  for (const isolation of ['required', 'none'] as const) {
    const skip = isolation === 'required' ? NO_ISOLATION : undefined;
    it(`${isolation}: links to the reference answers are a named constraint failure, and never read`, { skip }, async () => {
      const run = await runHostile('link-reference', isolation);
      const trial = trialOf(run);
      assert.equal(trial.outcome, 'fail', trialSaid(trial));
      assert.equal(trial.checks['constraint:no-links'], false);
      assert.match(trial.layers.constraints.failures.join('\n'), /candidate\/spec\.json is a symbolic link/);
      assert.match(trial.layers.final_state.failures.join('\n'), /spec\.json: file not found in the candidate/, 'the link was not followed');
    });

    it(`${isolation}: candidate/ replaced by a link is refused or caught, and acceptance reads nothing through it`, { skip }, async () => {
      const run = await runHostile('link-candidate', isolation);
      const trial = trialOf(run);
      if (isolation === 'required') {
        assert.match(await foundBy(run), /replace candidate\/ with a link: refused/, 'candidate/ is a mount point it cannot replace');
        assert.equal(trial.outcome, 'pass', failures(run));
      } else {
        assert.equal(trial.outcome, 'fail', failures(run));
        assert.match(trial.layers.constraints.failures.join('\n'), /candidate\/ is a symbolic link/);
        assert.match(
          trial.layers.final_state.failures.join('\n'),
          /spec\.json: file not found in the candidate/,
          'the reference was not read through the link',
        );
      }
    });

    it(`${isolation}: a detached child leaves nothing behind once the run ends`, { skip }, async () => {
      const run = await runHostile('detach', isolation);
      assert.match(await foundBy(run), /left a detached child \d+/);
      // Nothing is left alive that could rewrite results.json later: the child's command line holds the marker.
      assert.deepEqual(await processesWith(run.marker), [], 'neither the child nor any service of the run is alive');
    });
  }
});

describe('unisolated: what the checks catch where nothing could prevent it', () => {
  it('a changed acceptance copy is a run-level integrity error: no trial passes', async () => {
    const run = await runHostile('tamper-copy', 'none', { trials: 2 });
    assert.match(await foundBy(run), /tamper .*faults\.mjs: ok/);
    assert.match(run.results.run.integrity_error ?? '', /acceptance copy of task inventory changed during the run \(changed [^)]*faults\.mjs/);
    for (const trial of run.results.tasks[0]!.trials) assert.notEqual(trial.outcome, 'pass', trialSaid(trial));
    assert.equal(run.results.run.isolation?.mechanism, 'none');
    assert.match(run.results.run.isolation?.reason ?? '', /agent\.isolation is none/);
  });

  it('an edit to a watched skill fails the trial and is never recorded as the version that ran', async () => {
    const run = await runHostile('edit-watched', 'none');
    const trial = trialOf(run);
    assert.equal(trial.outcome, 'fail', trialSaid(trial));
    assert.match(trial.layers.constraints.failures.join('\n'), /changed skills\/inventory-testing\.md in the project during the run/);
    const skill = await readFile(join(run.project, 'skills', 'inventory-testing.md'));
    assert.notEqual(run.results.watched.files['skills/inventory-testing.md'], sha256(skill), 'results.json holds the hash from before the edit');
  });

  it('links planted in evidence/ are removed, named, and their target untouched', async () => {
    const target = join(await tempDir(), 'outside.txt');
    await writeFile(target, 'precious\n');
    const run = await runHostile('plant-evidence', 'none', { env: { HOSTILE_TARGET: target } });
    assert.equal(await readFile(target, 'utf8'), 'precious\n');
    assert.equal(trialOf(run).checks['constraint:no-links'], false, failures(run));
  });

  it('a token read from another process is scrubbed from everything written', async () => {
    const run = await runHostile('proc-environ', 'none');
    const log = await foundBy(run);
    assert.match(log, /environ lines with tokens: \d+/);
    for (const value of [process.env.GITHUB_TOKEN, process.env.ACTIONS_RUNTIME_TOKEN].filter(Boolean)) assert.ok(!log.includes(value!));
  });
});

describe('configuration paths stay inside the project', () => {
  for (const fixture of ['../outside', '/tmp', '/usr/lib']) {
    it(`fixture: ${fixture} is refused, naming the field`, async () => {
      const configPath = await writeTrialSet();
      await writeFile(configPath, (await readFile(configPath, 'utf8')).replace('fixture: fixture\n', `fixture: ${fixture}\n`));
      await assert.rejects(
        (await import('../src/trial/trialset.ts')).loadTrialSet(configPath),
        (e: Error) => /tasks\[0\]\.fixture/.test(e.message) && /outside the project/.test(e.message),
      );
    });
  }

  it('a fixture reached through a link out of the project is refused', async () => {
    const configPath = await writeTrialSet({ extra: { tasks: [{ id: 'x', fixture: 'linked' }] } });
    const outside = await tempDir();
    await (await import('node:fs/promises')).cp(join(configPath, '..', 'fixture'), join(outside, 'fixture'), { recursive: true });
    await (await import('node:fs/promises')).symlink(join(outside, 'fixture'), join(configPath, '..', 'linked'));
    await assert.rejects((await import('../src/trial/trialset.ts')).loadTrialSet(configPath), /resolves to .* outside the project/);
  });

  it('agent.files and watch globs outside the project, or exposing reference answers, are refused', async () => {
    const { loadTrialSet } = await import('../src/trial/trialset.ts');
    await assert.rejects(loadTrialSet(await writeTrialSet({ agent: { files: ['../'] } })), /agent\.files\[0\]: .*outside the project/);
    await assert.rejects(loadTrialSet(await writeTrialSet({ extra: { watch: ['../**'] } })), /watch\[0\]: .*stay inside it/);
    await assert.rejects(
      loadTrialSet(await writeTrialSet({ agent: { files: ['fixture'] } })),
      /agent\.files\[0\]: fixture would show the agent fixture\/(reference|service|fixture\.json)/,
    );
  });
});
