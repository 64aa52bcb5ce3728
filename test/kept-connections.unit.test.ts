// The runner's exchanges with a service on connections it keeps alive (service/kept-connections.ts), in
// place of node:http's client: a service must read exactly the bytes node:http's client sends, the answers
// read as node:http's client reads them, and every failure the same NoAnswerError, the stale kept-alive
// connection's retry included. Loopback servers in this process stand in for a service.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, describe, it } from 'node:test';
import { NoAnswerError, newAgent, send } from '../src/service/http.ts';
import { KeptConnections, type ExchangeOptions } from '../src/service/kept-connections.ts';
import { closeServers, serve } from './support/raw-http.ts';

const opened: KeptConnections[] = [];
after(() => {
  for (const kept of opened) kept.destroy();
  closeServers();
});

function keep(url: string): KeptConnections {
  const kept = new KeptConnections(url);
  opened.push(kept);
  return kept;
}

const OK = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok';
const OK_TO_HEAD = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n';
const ok = ({ method }: { method: string }) => (method === 'HEAD' ? OK_TO_HEAD : OK);

/** Requests as a case and the runner send them: reads, a reset with its token, JSON writes, paths the URL parser rewrites. */
const REQUESTS: [string, Omit<ExchangeOptions, 'timeoutMs'>][] = [
  ['/items/SKU-A', {}],
  ['/__control/reset', { method: 'POST', headers: { 'x-trialgate-control': 'token' } }],
  ['/reservations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"request_id":"r-1","sku":"SKU-Ä","quantity":2}' }],
  ['/reservations/r-1', { method: 'DELETE', headers: {} }],
  ['/items/SKU-B', { method: 'PUT', body: '' }],
  ['/items/SKU-B', { method: 'PATCH' }],
  ['/records?sku=SKU-A&x=%C3%A4#fragment', {}],
  ['/a/./b/../c/ä', { method: 'HEAD' }],
  // Two names in two casings: node:http sends one of them, so these go through node:http's client.
  ['/reservations', { method: 'POST', headers: { 'content-type': 'application/json', 'Content-Type': 'text/plain' }, body: '{}' }],
];

describe('kept connections to a service', () => {
  it('send the bytes node:http’s client sends, one connection for exchanges one after another', async () => {
    const viaNode = await serve(ok);
    const agent = newAgent();
    for (const [path, options] of REQUESTS) await send(viaNode.url + path, { ...options, timeoutMs: 5000, agent });
    agent.destroy();
    const kept = await serve(ok);
    const connections = keep(kept.url);
    for (const [path, options] of REQUESTS)
      assert.deepEqual(await connections.request(path, { ...options, timeoutMs: 5000 }), { status: 200, text: options.method === 'HEAD' ? '' : 'ok' });
    const withoutPort = (text: string) => text.replaceAll(/Host: 127\.0\.0\.1:\d+/g, 'Host: 127.0.0.1:PORT');
    assert.equal(withoutPort(kept.received()), withoutPort(viaNode.received()));
    // The last went through node:http's own connection.
    assert.equal(kept.connections(), 2);
  });

  it('read each answer however it is framed: sized (after an interim 100), chunked, none (204, HEAD), or to the end of the connection', async () => {
    const answers: Record<string, string> = {
      '/sized': 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\ncontent-length: 12\r\n\r\n{"id":"é1"}',
      '/chunked': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\n[1,\r\n2\r\n2]\r\n0\r\n\r\n',
      '/empty': 'HTTP/1.1 204 No Content\r\n\r\n',
      '/head': 'HTTP/1.1 200 OK\r\ncontent-length: 40\r\n\r\n',
      '/last': 'HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nuntil the end',
    };
    const server = await serve(({ url }, socket) => {
      if (url === '/last') setImmediate(() => socket.end());
      return answers[url];
    });
    const connections = keep(server.url);
    const got = [];
    for (const path of ['/sized', '/chunked', '/empty', '/head', '/last', '/sized'])
      got.push(await connections.request(path, { method: path === '/head' ? 'HEAD' : 'GET', timeoutMs: 5000 }));
    assert.deepEqual(got, [
      { status: 201, text: '{"id":"é1"}' },
      { status: 200, text: '[1,2]' },
      { status: 204, text: '' },
      { status: 200, text: '' },
      { status: 200, text: 'until the end' },
      { status: 201, text: '{"id":"é1"}' },
    ]);
    // The answer to the end of its connection closed it; the next exchange opened another.
    assert.equal(server.connections(), 2);
  });

  it('send a request again when the service closed its kept-alive connection before reading it', async () => {
    // The second request finds the first's connection closed unread, as a service's keep-alive timeout does.
    const server = await serve(({ nth }, socket) => (nth === 2 ? void socket.destroy() : OK));
    const connections = keep(server.url);
    assert.deepEqual(await connections.request('/1', { timeoutMs: 5000 }), { status: 200, text: 'ok' });
    assert.deepEqual(await connections.request('/2', { timeoutMs: 5000 }), { status: 200, text: 'ok' });
    assert.equal(server.connections(), 2);
  });

  const rejects = (promise: Promise<unknown>, reason: NoAnswerError['reason'], message: RegExp) =>
    assert.rejects(promise, (e: unknown) => {
      assert.ok(e instanceof NoAnswerError, String(e));
      assert.equal(e.reason, reason);
      assert.match(e.message, message);
      return true;
    });

  it('fail as node:http’s client does: a fresh connection closed unanswered, an answer past its cap, silence past the limit, a deadline, no listener', async () => {
    const closing = await serve((_, socket) => void socket.destroy());
    await rejects(keep(closing.url).request('/', { timeoutMs: 5000 }), 'connection', /^ECONNRESET$/);
    const long = await serve(() => OK);
    await rejects(keep(long.url).request('/', { timeoutMs: 5000, maxBytes: 1 }), 'too-long', /^answer longer than 1 bytes$/);
    const silent = await serve(() => undefined);
    await rejects(keep(silent.url).request('/', { timeoutMs: 200 }), 'timeout', /^timed out after 200 ms$/);
    // The deadline by its own name (runner.ts tells the budget's end by it), on both clients.
    await rejects(keep(silent.url).request('/', { timeoutMs: 5000, deadlineMs: 100 }), 'deadline', /^timed out after 100 ms$/);
    await rejects(send(`${silent.url}/`, { timeoutMs: 5000, deadlineMs: 100 }), 'deadline', /^timed out after 100 ms$/);
    await rejects(send(`${silent.url}/`, { timeoutMs: 200 }), 'timeout', /^timed out after 200 ms$/);
    const gone = createServer();
    gone.listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const { port } = gone.address() as { port: number };
    gone.close();
    await once(gone, 'close');
    await rejects(keep(`http://127.0.0.1:${port}`).request('/', { timeoutMs: 5000 }), 'connection', /^ECONNREFUSED$/);
  });

  it('close a connection that sends an answer nobody asked for, and answer the next request on a new one', async () => {
    const server = await serve(({ nth }) => (nth === 1 ? OK + OK : OK));
    const connections = keep(server.url);
    assert.deepEqual(await connections.request('/1', { timeoutMs: 5000 }), { status: 200, text: 'ok' });
    assert.deepEqual(await connections.request('/2', { timeoutMs: 5000 }), { status: 200, text: 'ok' });
    assert.equal(server.connections(), 2);
  });

  it('frame an answer as node:http’s client does, or refuse it as it does: never a body it would not read, nor one it would read lost', async () => {
    // What a service (a candidate's own, or one with a bug) may write for the first of two requests; the second gets OK.
    const framings = [
      'HTTP/1.1 200 OK\r\ncontent-length: abc\r\n\r\nr1',
      'HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\nr1',
      'HTTP/1.1 200 OK\r\ncontent-length: 2, 2\r\n\r\nr1',
      'HTTP/1.1 200 OK\r\ncontent-length: +2\r\n\r\nr1',
      'HTTP/1.1 200 OK\r\ncontent-length: 0x2\r\n\r\nr1',
      'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\nr1\r\n0\r\n\r\n',
      'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n2\r\nr1\r\n0\r\n\r\n',
      'HTTP/1.1 100 Continue\r\ntransfer-encoding: chunked\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nr1',
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\nr1\r\n0\r\n\r\n',
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n-1\r\nr1\r\n0\r\n\r\n',
      `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(17_000)}\r\ncontent-length: 2\r\n\r\nr1`,
    ];
    /** Each exchange's answer, or that it had none. */
    const read = (answer: Promise<unknown>) =>
      answer.then(
        (a) => a,
        (e: unknown) => (e instanceof NoAnswerError ? 'no answer' : e),
      );
    for (const framing of framings) {
      const script = ({ nth }: { nth: number }) => (nth === 1 ? framing : OK);
      const viaNode = await serve(script);
      const agent = newAgent();
      const byNode = [await read(send(viaNode.url + '/1', { timeoutMs: 5000, agent })), await read(send(viaNode.url + '/2', { timeoutMs: 5000, agent }))];
      agent.destroy();
      const kept = keep((await serve(script)).url);
      const here = [await read(kept.request('/1', { timeoutMs: 5000 })), await read(kept.request('/2', { timeoutMs: 5000 }))];
      assert.deepEqual(here, byNode, JSON.stringify(framing.slice(0, 80)));
    }
  });

  it('end every exchange when destroyed: the service was stopped', async () => {
    let reached!: () => void;
    const read = new Promise<void>((resolve) => (reached = resolve));
    const silent = await serve(() => void reached());
    const connections = keep(silent.url);
    const pending = connections.request('/', { timeoutMs: 5000 });
    await read;
    connections.destroy();
    await rejects(pending, 'connection', /^ECONNRESET$/);
  });
});
