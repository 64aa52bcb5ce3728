// A busy machine is no verdict and no env_error of the tools kind's own making: before a task's first boundary
// run the runner times its own work on a fresh service (its start, the final state's reads), and the limits
// of every run scale with what it measured: the service's start, the proxy's wait on each call it forwards.
// Slowness is made, never hoped for: the preflight's start or exchange first waits (as on a machine too busy
// to run them), and the service under a run is stopped (SIGSTOP) past the limit as written, then continued.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadFixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { openGoalChannel } from '../src/kinds/tools/goal.ts';
import { measureToolsPace } from '../src/kinds/tools/pace.ts';
import { startProxy } from '../src/kinds/tools/proxy.ts';
import { validateTools } from '../src/kinds/tools/validate.ts';
import { startService } from '../src/service/launch.ts';
import { EXCHANGE_TIMEOUT_MS, MachinePace } from '../src/service/pace.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { tempDir } from './support/fixtures.ts';
import { faultsOf, installMachineFaults } from './support/machine-faults.ts';
import { copyFixtureInto, OPERATIONS, writeToolsTrialSet } from './support/tools.ts';

/** The host pids of a service's processes (its sandbox's too): those whose environment holds its control token. */
async function processesOf(controlToken: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const environ = await readFile(`/proc/${name}/environ`, 'latin1').catch(() => '');
    if (environ.split('\0').includes(`TRIALGATE_CONTROL_TOKEN=${controlToken}`)) pids.push(Number(name));
  }
  return pids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the tools kind at this machine’s pace', () => {
  it('a preflight exchange measured slow gives the proxy’s call more time: a service stopped past 5 s is still answered', async () => {
    const fixture = await loadFixture(OPERATIONS);
    const sandbox = await openSandbox('auto');
    const pace = new MachinePace();
    // The preflight's first read first waits 2 s: the limit on an exchange becomes at least 10 s.
    const remove = installMachineFaults(faultsOf({ slowExchange: { at: [1], ms: 2000 } }).faults);
    try {
      await measureToolsPace(sandbox, fixture, 'goal.json', pace);
    } finally {
      remove();
    }
    assert.ok(pace.exchangeLimit().ms >= 10_000, `scaled: ${pace.exchangeLimit().ms} ms`);

    const service = await startService(sandbox, fixture, 'none', pace);
    const goal = await openGoalChannel(await tempDir(), JSON.parse(await readFile(join(OPERATIONS, 'goal.json'), 'utf8')));
    const proxy = await startProxy({ upstream: service.address, token: 'secret-token', variant: 'none', goal, pace });
    const held = await processesOf(service.controlToken);
    try {
      assert.ok(held.length > 0, 'the service’s processes found');
      for (const pid of held) process.kill(pid, 'SIGSTOP');
      const answer = fetch(`${proxy.address.url}/items/SKU-A`, { headers: { authorization: 'Bearer secret-token' } });
      // Past the limit as written, well inside the scaled one.
      await sleep(EXCHANGE_TIMEOUT_MS + 1000);
      for (const pid of held) process.kill(pid, 'SIGCONT');
      assert.equal((await answer).status, 200);
      assert.equal(proxy.failure(), undefined);
    } finally {
      for (const pid of held) process.kill(pid, 'SIGCONT');
      await proxy.stop();
      await service.stop();
      await sandbox.dispose();
    }
  });

  it('a trial’s service slower to start than its limit, on a machine the preflight measured as slow, is no env_error', async () => {
    const config = await writeToolsTrialSet({ faults: {} });
    // A start limit of 1 s: a service not ready is given up at 3 s (still starting), unless the pace scales it.
    const manifest = join(config, '..', 'fixtures', 'operations', 'fixture.json');
    const fixture = JSON.parse(await readFile(manifest, 'utf8'));
    fixture.service.startTimeoutMs = 1000;
    await writeFile(manifest, JSON.stringify(fixture, null, 2));
    // The preflight's start first waits 0.8 s (start limit at least 4 s, 12 s while still starting); the trial's 3.5 s.
    const waits = [800, 3500];
    let starts = 0;
    const remove = installMachineFaults({
      serviceCommand: (argv) => ['sh', '-c', 'sleep "$0" && exec "$@"', String((waits[starts++] ?? 0) / 1000), ...argv],
    });
    try {
      const { results } = await runTrialSet({ configPath: config, outDir: await tempDir('trialgate-run-') });
      const [trial] = results.tasks[0]!.trials;
      assert.equal(trial!.env_error, undefined);
      assert.equal(trial!.outcome, 'pass');
      assert.equal(starts, 2, 'the preflight’s start, then the trial’s (unmeasured, it was the trial’s own start that waited 0.8 s)');
    } finally {
      remove();
    }
  });
});

describe('trialgate validate on a tools fixture, at this machine’s pace', () => {
  it('a reference agent ended at its time limit is an env error, never judged (a rejection it would "prove")', async () => {
    const project = await tempDir('trialgate-validate-wall-');
    const dir = join(project, await copyFixtureInto(project, OPERATIONS, 'operations'));
    const manifest = JSON.parse(await readFile(join(dir, 'fixture.json'), 'utf8'));
    // One boundary, its practice, and a reference agent that never finishes within the limit.
    manifest.faults = { 'lost-response': manifest.faults['lost-response'] };
    manifest.tools.practices = { 'lost-response': 'Lost answers' };
    manifest.tools.agent = 'sleep 30';
    await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest, null, 2));
    const sandbox = await openSandbox('auto');
    try {
      const validation = await validateTools({
        fixture: await loadFixture(dir),
        sandbox,
        outDir: await tempDir('trialgate-validate-out-'),
        scrubber: Scrubber.none,
        agentWallMs: 300,
      });
      assert.deepEqual(
        validation.rows.map((r) => `${r.subject}, ${r.variant}: ${r.actual}`),
        ['full skill, none', 'full skill, lost-response', 'without ## Lost answers, none', 'without ## Lost answers, lost-response'].map(
          (row) => `${row}: env error`,
        ),
      );
      assert.match(validation.rows[0]!.failed.join(), /reference agent was ended at its limit of 0\.3 s/);
    } finally {
      await sandbox.dispose();
    }
  });
});
