// An answer that arrived within its limit is an answer, however late trialgate's event loop gets to read it.
// The loop runs due timers before it reads what arrived, so trialgate held off its core (a busy machine) past a
// request's limit on silence or its deadline made an answer already there 'no answer': the fixture's service
// failing, trialgate's machinery, an env_error. Each client's limit gets one turn of the loop to read first.
// The service here is in this process: its answer is written, and the process then held, in one synchronous
// step after the request went out, so the answer is there before the limit passes however busy the machine:
// the hold starts only once the kernel shows the answer in the client's socket (loopback delivery runs in the
// kernel's soft interrupts, which a busy machine defers: held at once, the answer could still be on its way).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { GitHubClient } from '../src/github/client.ts';
import { newAgent, send, sendAll } from '../src/service/http.ts';
import { KeptConnections } from '../src/service/kept-connections.ts';

const LIMIT_MS = 100;
const ANSWER = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok';
const OK = { status: 200, text: 'ok' };

/** Hold this process's thread for `ms`, as a machine too busy to run it would. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The bytes waiting in the receive queue of the loopback TCP socket whose local port is `port`, per /proc/net/tcp. */
function received(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`)) return Number.parseInt(f[4]!.split(':')[1]!, 16);
    }
  }
  return 0;
}

/** Whether this machine has /proc's socket tables (Linux). */
const existsProc = (() => {
  try {
    readFileSync('/proc/net/tcp');
    return true;
  } catch {
    return false;
  }
})();

/** Hold this process once the answer written to `server` (its end of a connection) is in the client's socket. */
function stallOnceDelivered(server: Socket, ms: number): void {
  // Without /proc (not Linux) the hold starts at once, as before.
  if (!existsProc) return stall(ms);
  // Bounded: a table that never shows the socket (another network namespace's) must not hang the test.
  for (let waited = 0; received(server.remotePort!) === 0 && waited < 10_000; waited++) stall(1);
  stall(ms);
}

/** A service that answers each request at once while `answering`, and otherwise leaves the answer to the test. */
async function service() {
  const sockets: Socket[] = [];
  const state = { answering: true, sockets, url: '' };
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', () => state.answering && socket.write(ANSWER));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  after(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return state;
}

/** The request on the one kept connection, its answer written and the process held past the limit at once. */
async function answeredThenHeld<T>(kept: Awaited<ReturnType<typeof service>>, request: () => Promise<T>, holdFirst: 'now' | 'after-ticks'): Promise<T> {
  assert.equal(kept.sockets.length, 1, 'one connection, kept');
  kept.answering = false;
  const answer = request();
  kept.sockets[0]!.write(ANSWER);
  // node:http's client takes its kept socket, and sets its limit, in a tick after the request: hold after that.
  if (holdFirst === 'now') stallOnceDelivered(kept.sockets[0]!, 4 * LIMIT_MS);
  else process.nextTick(() => process.nextTick(() => stallOnceDelivered(kept.sockets[0]!, 4 * LIMIT_MS)));
  return answer;
}

describe('an answer already there when its limit passes', () => {
  for (const limit of ['silence', 'deadline'] as const) {
    const options = limit === 'silence' ? { timeoutMs: LIMIT_MS } : { timeoutMs: 60_000, deadlineMs: LIMIT_MS };

    it(`kept connections: past the limit on ${limit}`, async () => {
      const kept = await service();
      const connections = new KeptConnections(kept.url);
      after(() => connections.destroy());
      assert.deepEqual(await connections.request('/warm', { timeoutMs: 60_000 }), OK);
      assert.deepEqual(await answeredThenHeld(kept, () => connections.request('/a', options), 'now'), OK);
    });

    it(`node:http’s client: past the limit on ${limit}`, async () => {
      const kept = await service();
      const agent = newAgent();
      after(() => agent.destroy());
      assert.deepEqual(await send(`${kept.url}/warm`, { timeoutMs: 60_000, agent }), OK);
      assert.deepEqual(await answeredThenHeld(kept, () => send(`${kept.url}/a`, { ...options, agent }), 'after-ticks'), OK);
    });
  }

  it('requests sent at once: past the limit on silence', async () => {
    // A fresh connection each batch: answered once both requests are read, then held. The limit (a second)
    // bounds only the time from their sending, which started it, to their reading, the next turn of the loop.
    const sockets: Socket[] = [];
    const server = createServer((socket) => {
      sockets.push(socket);
      let read = '';
      socket.on('data', (data) => {
        read += String(data);
        if (read.split('GET /').length - 1 < 2) return;
        socket.write(ANSWER.repeat(2));
        stallOnceDelivered(socket, 3000);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    after(() => {
      for (const socket of sockets) socket.destroy();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const requests = [
      { method: 'GET', path: '/a' },
      { method: 'GET', path: '/b' },
    ];
    assert.deepEqual(await sendAll(url, requests, { timeoutMs: 1000 }), [OK, OK]);
  });
});

describe('an answer of the GitHub API already there when its limit passes', () => {
  it('the pull request’s files: read, though trialgate was held past the limit on silence', async () => {
    // The answer is written and the process held in one step, as soon as the request arrives.
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.on('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]');
        stallOnceDelivered(socket, 4 * LIMIT_MS);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    after(() => server.close());
    const api = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const client = new GitHubClient({ owner: 'o', repo: 'r' }, 'token', 1, api, LIMIT_MS);
    assert.deepEqual(await client.listPullRequestFiles(1), []);
  });
});
