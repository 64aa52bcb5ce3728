// The limits that depend on the machine (service/pace.ts): never below what the fixture or the trial set
// says, and PACE_SCALE times the slowest the run's preflight measured when that is more; the scaling is
// said where the limit is named.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { newAgent, send } from '../src/service/http.ts';
import { readyPollDelay } from '../src/service/launch.ts';
import { EXCHANGE_TIMEOUT_MS, MachinePace, PACE_SCALE } from '../src/service/pace.ts';

describe('the limits of a machine’s pace', () => {
  it('unmeasured, or measured fast: the limits as set, said as set', () => {
    const pace = new MachinePace();
    assert.deepEqual(pace.startLimit(10_000), { ms: 10_000, scaling: '' });
    pace.noteStart(300);
    pace.noteExchange(40);
    pace.noteAcceptance(900);
    assert.deepEqual(pace.startLimit(10_000), { ms: 10_000, scaling: '' });
    assert.deepEqual(pace.exchangeLimit(), { ms: EXCHANGE_TIMEOUT_MS, scaling: '' });
    assert.deepEqual(pace.acceptanceLimit(120_000), { ms: 120_000, scaling: '' });
  });

  it('measured slow: scaled to PACE_SCALE times the slowest, and the scaling says from what', () => {
    const pace = new MachinePace();
    pace.noteStart(1_000);
    pace.noteStart(4_400.4);
    pace.noteStart(2_000);
    assert.equal(pace.startLimit(10_000).ms, Math.ceil(PACE_SCALE * 4_400.4));
    assert.equal(pace.startLimit(10_000).scaling, `, scaled to ${Math.ceil(PACE_SCALE * 4_400.4)} ms: the preflight's start took 4400 ms here`);
    pace.noteExchange(1_500);
    assert.equal(pace.exchangeLimit().ms, PACE_SCALE * 1_500);
    pace.noteAcceptance(30_000);
    assert.match(pace.acceptanceLimit(120_000).scaling, /^, scaled to 150000 ms: the preflight's acceptance of the reference answers took 30000 ms here$/);
  });
});

/** How many polls a start of `ms` is given before it is seen ready. */
function pollsWithin(ms: number): number {
  let polls = 1;
  for (let waited = 0; waited < ms; polls++) waited += readyPollDelay(polls - 1);
  return polls;
}

// How often a starting service's readiness probe is polled (service/launch.ts): soon at first, so a quick
// start is seen quickly, then less and less often, so a start slowed by a busy machine is not slowed
// further by polls (each one a connection through its relay) competing for the same cores.
describe('the readiness probe of a starting service', () => {
  it('polls soon at first: a start of 100 ms is seen within 50 ms of being ready', () => {
    assert.equal(readyPollDelay(0), 20);
    let waited = 0;
    for (let n = 0; waited < 100; n++) waited += readyPollDelay(n);
    assert.ok(waited - 100 <= 50, `first poll after 100 ms at ${waited} ms`);
  });

  it('polls less often the longer a start takes, never less often than every 100 ms', () => {
    for (let n = 1; n < 50; n++) assert.ok(readyPollDelay(n) >= readyPollDelay(n - 1));
    assert.equal(readyPollDelay(100), 100);
    // A fixed 20 ms would poll a 3-second start 150 times.
    assert.ok(pollsWithin(3000) <= 40, `${pollsWithin(3000)} polls in 3 s`);
  });
});

// A service closes a kept-alive connection once it has been idle for its keep-alive timeout; on a busy
// machine the runner's event loop sees that close late and sends its next request on the dead
// connection. The server never read that request: it is sent again on a new one (service/http.ts).
describe('a request on a kept-alive connection its server has just closed', () => {
  it('is sent again on a new connection, and answered', async () => {
    const served = new Set<Socket>();
    // Its first connection answers one request and is reset at the next, as an idle one closed just then would be.
    let first: Socket | undefined;
    const server = createServer((request, response) => {
      if (request.socket === first && served.has(first)) return void first.resetAndDestroy();
      first ??= request.socket;
      served.add(request.socket);
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const agent = newAgent();
    try {
      assert.deepEqual(await send(url, { timeoutMs: 5000, agent }), { status: 200, text: 'ok' });
      assert.deepEqual(await send(url, { timeoutMs: 5000, agent, method: 'POST', body: 'x' }), { status: 200, text: 'ok' });
      assert.equal(served.size, 2, 'answered on a second connection');
    } finally {
      agent.destroy();
      server.close();
    }
  });
});
