// The run's pool checks an instance after its use off the trial's path (service/pool.ts): giving it back
// never waits for the check, a later use waits for an instance being checked rather than start a fresh
// one, and an instance the check finds unlike a fresh start is stopped and replaced. The instances and the
// check are stand-ins the test controls; no process is started (the sandbox refuses to start any).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadFixture } from '../src/fixture/load.ts';
import type { Sandbox } from '../src/isolation/sandbox.ts';
import type { RunningService } from '../src/service/launch.ts';
import { ServicePool, type ProvedReset } from '../src/service/pool.ts';
import { INVENTORY } from './support/fixtures.ts';

const fixture = await loadFixture(INVENTORY);

/** A sandbox in which starting a service is an error the test can recognise. */
const noStarts = {
  placeService: async () => {
    throw new Error('a fresh service was started');
  },
} as unknown as Sandbox;

function instance(name: string): RunningService & { stopped: boolean } {
  const service = {
    name,
    stopped: false,
    reusable: () => !service.stopped,
    ended: () => (service.stopped ? 'SIGTERM' : undefined),
    endedNow: async () => (service.stopped ? 'SIGTERM' : undefined),
    stop: async () => void (service.stopped = true),
  };
  return service as unknown as RunningService & { stopped: boolean };
}

/** A check after a use that answers only when the test says: `pass()` or `differ()` the next one waiting. */
function heldChecks() {
  const waiting: ((difference: string | undefined) => void)[] = [];
  let asked!: () => void;
  let wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const reset: ProvedReset = {
    instances: new Map(),
    check: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        asked();
      }),
  };
  const answer = async (difference: string | undefined) => {
    await wasAsked;
    wasAsked = new Promise<void>((resolve) => (asked = resolve));
    waiting.shift()!(difference);
  };
  return { reset, pass: () => answer(undefined), differ: () => answer('state probe /records: fresh start «…», after a use «…»') };
}

async function poolWith(checks: ReturnType<typeof heldChecks>, ...services: RunningService[]) {
  const pool = new ServicePool(noStarts);
  await pool.allow(fixture, { ...checks.reset, instances: new Map([['none', services]]) }, 'proved', 2, 1);
  return pool;
}

describe('the check after a use', () => {
  it('is not waited for by the use that gives the instance back; the next use waits for it and gets the same instance', async () => {
    const checks = heldChecks();
    const a = instance('a');
    const pool = await poolWith(checks, a);
    assert.equal(await pool.borrow(fixture, 'none'), a);
    await pool.giveBack(a); // returns while its check is still held
    const next = pool.borrow(fixture, 'none');
    await checks.pass();
    assert.equal(await next, a, 'the checked instance, not a fresh start');
    await pool.giveBack(a);
    await checks.pass();
    await pool.decided();
    assert.deepEqual(pool.use(fixture), { reused: true, why: 'proved', started: 2, uses: 2, replaced: 0 });
    await pool.close();
    assert.equal(a.stopped, true);
  });

  it('finding the instance unlike a fresh start: it is stopped, counted as replaced, and the waiting use starts a fresh one', async () => {
    const checks = heldChecks();
    const a = instance('a');
    const pool = await poolWith(checks, a);
    await pool.giveBack(await pool.borrow(fixture, 'none'));
    const next = pool.borrow(fixture, 'none');
    await checks.differ();
    await assert.rejects(next, /a fresh service was started/);
    assert.equal(a.stopped, true);
    assert.equal(pool.use(fixture).replaced, 1);
    await pool.close();
  });

  it('at the end of the run, no check is waited for: no use is left to need it, and closing cuts it short', async () => {
    const checks = heldChecks();
    const a = instance('a');
    const pool = await poolWith(checks, a);
    await pool.giveBack(await pool.borrow(fixture, 'none'));
    // The check is held until the pool closes: a decided() that waited for it would never return.
    await pool.decided();
    assert.deepEqual(pool.use(fixture), { reused: true, why: 'proved', started: 2, uses: 1, replaced: 0 });
    const closed = pool.close();
    await checks.differ();
    await closed;
    assert.equal(a.stopped, true);
    assert.equal(pool.use(fixture).replaced, 0, 'a check cut short is no replacement');
  });

  it('at the end of the run, an instance still being checked is stopped with the rest', async () => {
    const checks = heldChecks();
    const a = instance('a');
    const pool = await poolWith(checks, a);
    await pool.giveBack(await pool.borrow(fixture, 'none'));
    const closed = pool.close();
    await checks.pass();
    await closed;
    assert.equal(a.stopped, true);
    assert.equal(pool.use(fixture).replaced, 0, 'a check cut short by the end is no replacement');
  });
});
