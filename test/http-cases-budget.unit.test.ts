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
    stop: async () => {},
  } as RunningService;
}

const ONE_READ: Case[] = [{ id: 'read', rules: ['r'], steps: [{ request: { method: 'GET', path: '/items/A' } }] }] as Case[];

describe('a budget that ends while a request waits', () => {
  it('is the budget running out, each of 30 times (a playbook too long for it: an execution error, not the machinery)', async () => {
    const service = serviceAt(await silentService());
    let waited = 0;
    // Until 30 budgets have ended while their request waited: on a busy machine the budget may also end before
    // the step is sent (a pause longer than the budget), which is the budget too, said as not run.
    for (let i = 0; waited < 30 && i < 300; i++) {
      let machinery: string | undefined;
      const options: Parameters<typeof runCases>[2] = {
        budgetNote: 'the acceptance budget of 8 s ran out',
        machinery: (failure) => (machinery = failure),
        budgetIsMachinery: false,
      };
      // A fraction of a millisecond, as a budget left after earlier cases always has; set as the case takes its
      // service, so that the case itself starts inside it.
      const take = async () => ((options.deadline = performance.now() + 5 + Math.random() * 3), service);
      const records = await runCases({ get: take, fresh: take }, ONE_READ, options);
      assert.equal(machinery, undefined, `try ${i + 1}: ${machinery}`);
      assert.equal(records[0]!.status, 'error');
      assert.match(records[0]!.traceback ?? '', /^step 1: not (finished|run): the acceptance budget of 8 s ran out/);
      if (records[0]!.traceback!.startsWith('step 1: not finished')) waited += 1;
    }
    assert.equal(waited, 30, 'the budget ended while the request waited 30 times');
  });

  it('whose cases would have fit in it is the machinery’s, said as the budget (trialgate’s own limit)', async () => {
    const service = serviceAt(await silentService());
    let machinery: { failure: string; ownCall: boolean } | undefined;
    await runCases({ get: async () => service, fresh: async () => service }, ONE_READ, {
      deadline: performance.now() + 20,
      budgetNote: 'the acceptance budget of 8 s ran out',
      machinery: (failure, ownCall) => (machinery = { failure, ownCall }),
      budgetIsMachinery: true,
    });
    assert.match(machinery?.failure ?? '', /case read: step 1: not finished: the acceptance budget of 8 s ran out/);
    assert.equal(machinery?.ownCall, true);
  });
});
