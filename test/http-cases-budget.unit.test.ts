// An http-cases acceptance budget that ends while a request waits on the service: the budget ended it,
// never "the service gave no answer" (trialgate's machinery failing). The request's deadline timer is what
// says so: a timer may fire up to a millisecond before performance.now() reaches its due time (it is due at a
// whole millisecond of the event loop's clock), so reading the clock after it called two in three such
// requests the machinery's, and a candidate's playbook too long for its budget became an env_error.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import type { Case } from '../src/schemas/cases.ts';
import { KeptConnections } from '../src/service/kept-connections.ts';
import type { RunningService } from '../src/service/launch.ts';
import { runCases } from '../src/kinds/http-cases/runner.ts';

/** A service that reads every request and never answers. */
async function silentService() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  after(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return `http://127.0.0.1:${port}`;
}

function serviceAt(url: string): RunningService {
  const connections = new KeptConnections(url);
  after(() => connections.destroy());
  return {
    address: { url },
    request: (path, options = {}) => connections.request(path, { ...options, timeoutMs: options.timeoutMs ?? 5000 }),
    requestAll: () => Promise.reject(new Error('not used')),
    coverage: false,
    startMs: 0,
    controlToken: 'token',
    stderr: () => '',
    markReset: () => {},
    reusable: () => false,
    ended: () => undefined,
    endedNow: async () => undefined,
    stop: async () => {},
  } as RunningService;
}

const ONE_READ: Case[] = [{ id: 'read', rules: ['r'], steps: [{ request: { method: 'GET', path: '/items/A' } }] }] as Case[];

/**
 * Run ONE_READ against `service` with a budget ending `budgetMs()` from now, again until its request was under way
 * when the budget ended: a busy machine may hold this process past so short a budget before its case or its
 * request starts ('not run', the budget's other end, not this test's).
 */
async function budgetEndingMidRequest(service: RunningService, budgetMs: () => number, budgetIsMachinery: boolean) {
  const services = { get: async () => service, fresh: async () => service };
  for (;;) {
    let machinery: { failure: string; ownCall: boolean } | undefined;
    const records = await runCases(services, ONE_READ, {
      deadline: performance.now() + budgetMs(),
      budgetNote: 'the acceptance budget of 8 s ran out',
      machinery: (failure, ownCall) => (machinery = { failure, ownCall }),
      budgetIsMachinery,
    });
    if (!/\bnot run:/.test(`${records[0]!.traceback} ${machinery?.failure}`)) return { record: records[0]!, machinery };
  }
}

describe('a budget that ends while a request waits', () => {
  it('is the budget running out, each of 30 times (a playbook too long for it: an execution error, not the machinery)', async () => {
    const service = serviceAt(await silentService());
    for (let i = 0; i < 30; i++) {
      // A fraction of a millisecond, as a budget left after earlier cases always has.
      const { record, machinery } = await budgetEndingMidRequest(service, () => 10 + Math.random() * 3, false);
      assert.equal(machinery, undefined, `try ${i + 1}: ${machinery?.failure}`);
      assert.equal(record.status, 'error');
      assert.match(record.traceback ?? '', /step 1: not finished: the acceptance budget of 8 s ran out/);
    }
  });

  it('whose cases would have fit in it is the machinery’s, said as the budget (trialgate’s own limit)', async () => {
    const { machinery } = await budgetEndingMidRequest(serviceAt(await silentService()), () => 20, true);
    assert.match(machinery?.failure ?? '', /case read: step 1: not finished: the acceptance budget of 8 s ran out/);
    assert.equal(machinery?.ownCall, true);
  });
});
