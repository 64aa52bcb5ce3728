// Agents wide, acceptance narrow: agent runs and the runner's own work (preparing, accepting) are bounded
// apart, and every trial of a run borrows from one pool of services, so a run with many agents at once
// starts no more services than acceptances run at once need.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { concurrencyLimits, runTrialSet } from '../src/trial/run-set.ts';
import { Permits } from '../src/util/permits.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { writeTrialSet } from './support/trialset.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory; these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-concurrency-'));

describe('permits', () => {
  it('never has more holders than permits, serves waiters in turn, and takes a permit again after `without`', async () => {
    const permits = new Permits(2);
    const events: string[] = [];
    let most = 0;
    const gates = new Map<string, () => void>();
    const gate = (name: string) => new Promise<void>((resolve) => gates.set(name, resolve));
    const work = (name: string, waitOutside: boolean) =>
      permits.hold(async () => {
        most = Math.max(most, permits.held);
        events.push(`${name} in`);
        if (waitOutside) await permits.without(() => gate(name));
        else await gate(name);
        events.push(`${name} out`);
      });
    const a = work('a', true);
    const b = work('b', false);
    const c = work('c', false);
    const d = work('d', false);
    await settle();
    // a gave its permit back while it waits outside: c took it; d waits.
    assert.deepEqual(events, ['a in', 'b in', 'c in']);
    gates.get('a')!();
    await settle();
    // a waits for a permit again, behind d, which came first.
    assert.deepEqual(events, ['a in', 'b in', 'c in']);
    gates.get('b')!();
    await settle();
    assert.deepEqual(events, ['a in', 'b in', 'c in', 'b out', 'd in']);
    gates.get('c')!();
    await settle();
    assert.deepEqual(events.slice(5), ['c out', 'a out']);
    gates.get('d')!();
    await Promise.all([a, b, c, d]);
    assert.equal(most, 2);
    assert.equal(permits.held, 0);
  });

  it('gives the permit back when the work throws, inside and outside', async () => {
    const permits = new Permits(1);
    await assert.rejects(
      permits.hold(() => permits.without(() => Promise.reject(new Error('outside')))),
      /outside/,
    );
    await assert.rejects(
      permits.hold(() => Promise.reject(new Error('inside'))),
      /inside/,
    );
    assert.equal(permits.held, 0);
    await permits.hold(async () => assert.equal(permits.held, 1));
  });
});

describe('how many at once', () => {
  it('takes the command line, else the trial set, else the machine: acceptance about the cores, agents four per core, never fewer agents than acceptances', () => {
    assert.deepEqual(concurrencyLimits(undefined, {}, 2), { agents: 8, acceptance: 2 });
    assert.deepEqual(concurrencyLimits(6, {}, 4), { agents: 6, acceptance: 4 });
    assert.deepEqual(concurrencyLimits(1, {}, 4), { agents: 1, acceptance: 1 });
    assert.deepEqual(concurrencyLimits({ acceptance: 3 }, {}, 2), { agents: 8, acceptance: 3 });
    assert.deepEqual(concurrencyLimits({ agents: 24, acceptance: 2 }, { agents: 4 }, 8), { agents: 4, acceptance: 2 });
    assert.deepEqual(concurrencyLimits({ agents: 24 }, { acceptance: 5 }, 8), { agents: 24, acceptance: 5 });
  });
});

/**
 * A loopback barrier: each agent calls it and is answered only once `parties` agents have called (or,
 * after `deadlineMs`, answered "alone"). The barrier is met only if that many agents ran at once.
 */
async function barrier(parties: number, deadlineMs = 120_000) {
  const waiting: import('node:http').ServerResponse[] = [];
  let met = false;
  const server = createServer((_req, res) => {
    waiting.push(res);
    if (waiting.length >= parties) {
      met = true;
      for (const r of waiting.splice(0)) r.end('met');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const timer = setTimeout(() => {
    for (const r of waiting.splice(0)) r.end('alone');
  }, deadlineMs);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    get met() {
      return met;
    },
    close() {
      clearTimeout(timer);
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The scripted agent, after it has met `BARRIER_URL`'s barrier (it fails when the barrier was not met). */
const BARRIER_AGENT = `import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const answer = await (await fetch(process.env.BARRIER_URL)).text();
if (answer !== 'met') { console.error('the barrier was not met: agents did not run at once'); process.exit(1); }
execFileSync(process.execPath, [join(import.meta.dirname, 'scripted-agent.mjs')], { stdio: 'inherit' });
`;

describe('a run with more agents than acceptances', { skip: NO_ISOLATION }, () => {
  it('runs its agents at once while one trial at a time is accepted, from one pool of services', async () => {
    const agents = 3;
    const meet = await barrier(agents);
    try {
      const config = await writeTrialSet({
        trials: agents,
        command: 'node "$TRIALGATE_PROJECT/fixture/agent/barrier-agent.mjs"',
        env: { BARRIER_URL: meet.url },
        extra: { concurrency: { agents, acceptance: 1 } },
      });
      await writeFile(join(dirname(config), 'fixture', 'agent', 'barrier-agent.mjs'), BARRIER_AGENT);
      const { results } = await runTrialSet({ configPath: config, outDir: join(await tempDir(), 'run'), isolation: 'required' });
      assert.equal(meet.met, true, 'all three agents ran at once');
      const task = results.tasks[0]!;
      assert.deepEqual(
        task.trials.map((t) => t.outcome),
        ['pass', 'pass', 'pass'],
        JSON.stringify(task.trials.map((t) => t.layers)),
      );
      const services = task.services!;
      assert.equal(services.reused, true, services.why);
      // Four variants, each used once per trial. The proof started two instances per variant; with one
      // acceptance at a time, one of each stays and serves every trial: a pool per agent would have started four more per extra agent.
      assert.deepEqual([services.started, services.uses, services.replaced ?? 0], [8, 12, 0]);
    } finally {
      meet.close();
    }
  });
});

/** Let every settled promise's continuations run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
