// A busy machine is no verdict and no env_error of the tools kind's own making: before a task's first boundary
// run the runner times its own work on a fresh service (its start, the final state's reads), and the limits
// of every run scale with what it measured: the service's start, the proxy's wait on each call it forwards.
// Slowness is made, never hoped for: the preflight's start or exchange first waits (as on a machine too busy
// to run them), and the service under a run is stopped (SIGSTOP) past the limit as written, then continued.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { loadFixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { NO_LIMITS, readCandidate } from '../src/acceptance/snapshot.ts';
import type { AgentRequest, AgentRun } from '../src/kinds/contract.ts';
import { measureToolsPace } from '../src/kinds/tools/pace.ts';
import { runBoundary } from '../src/kinds/tools/run.ts';
import { validateTools } from '../src/kinds/tools/validate.ts';
import { send, type HttpAnswer } from '../src/service/http.ts';
import { EXCHANGE_TIMEOUT_MS, MachinePace } from '../src/service/pace.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { tempDir } from './support/fixtures.ts';
import { faultsOf, installMachineFaults } from './support/machine-faults.ts';
import { copyFixtureInto, OPERATIONS, writeToolsTrialSet } from './support/tools.ts';

/** The host pids of the processes whose command line holds `mark` (a service's, its sandbox's too). */
async function processesMarked(mark: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'latin1').catch(() => '');
    if (cmdline.split('\0').includes(mark)) pids.push(Number(name));
  }
  return pids;
}

/** Signal each of `pids` still there. */
function signal(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // ended already
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the tools kind at this machine’s pace', () => {
  it('a preflight exchange measured slow gives a run’s proxy more time: an agent’s call to a service stopped past 5 s is answered', async () => {
    // A copy whose service carries a mark of its own on its command line, so that the test can stop it.
    const project = await tempDir('trialgate-tools-pace-');
    const dir = join(project, await copyFixtureInto(project, OPERATIONS, 'operations'));
    const mark = `pace-mark-${process.pid}-${Date.now()}`;
    const manifest = JSON.parse(await readFile(join(dir, 'fixture.json'), 'utf8'));
    manifest.service.command.push(mark);
    await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest, null, 2));
    const fixture = await loadFixture(dir);
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

    const trialDir = await tempDir('trialgate-tools-pace-trial-');
    let answer: HttpAnswer | undefined;
    const held: number[] = [];
    // The agent: one call through the proxy, made while the service is stopped past the limit as written.
    const runAgent = async (request: AgentRequest = {}): Promise<AgentRun> => {
      held.push(...(await processesMarked(mark)));
      signal(held, 'SIGSTOP');
      const { to } = request.forward!;
      const call = send(`${to.url}/items/SKU-A`, {
        ...(to.socketPath ? { socketPath: to.socketPath } : {}),
        headers: { authorization: `Bearer ${request.env!.TRIALGATE_TOOL_TOKEN}` },
        timeoutMs: 60_000,
      });
      await sleep(EXCHANGE_TIMEOUT_MS + 1000);
      signal(held, 'SIGCONT');
      answer = await call;
      return { exitCode: 0, signal: null, budgetExhausted: false, agentMs: 0, logBytes: 0, logCapped: false };
    };
    try {
      const run = await runBoundary(
        {
          sandbox,
          pace,
          runAgent,
          readCandidate: () => readCandidate(join(trialDir, 'candidate'), NO_LIMITS),
          writeEvidence: async (path, data) => {
            await mkdir(dirname(join(trialDir, path)), { recursive: true });
            await writeFile(join(trialDir, path), data);
            return join(trialDir, path);
          },
        },
        fixture,
        'none',
      );
      assert.ok(held.length > 0, 'the service’s processes found');
      assert.equal(run.envError, undefined, run.envError?.message);
      assert.equal(answer?.status, 200);
    } finally {
      signal(held, 'SIGCONT');
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
    // A boundary run's start (its goal channel made first, in a temporary directory of the test's own) first waits
    // 3.5 s; any other start, the preflight's, 0.8 s: the start limit becomes at least 4 s (12 s while still starting).
    const tmp = await tempDir('trialgate-tools-pace-tmp-');
    const inRun = () => readdirSync(tmp).some((name) => name.startsWith('trialgate-goal-'));
    const waits: number[] = [];
    const remove = installMachineFaults({
      serviceCommand: (argv) => {
        waits.push(inRun() ? 3500 : 800);
        return ['sh', '-c', 'sleep "$0" && exec "$@"', String(waits.at(-1)! / 1000), ...argv];
      },
    });
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const { results } = await runTrialSet({ configPath: config, outDir: await tempDir('trialgate-run-') });
      const [trial] = results.tasks[0]!.trials;
      assert.equal(trial!.env_error, undefined);
      assert.equal(trial!.outcome, 'pass');
      assert.deepEqual(waits, [800, 3500], 'the preflight’s start, then the run’s');
    } finally {
      remove();
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
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
