// Many requests sent at once on one connection (service/http.ts sendAll), as the check of a reused service
// after each use sends them: a service must read exactly the bytes node:http's client sends one by one, and
// the answers come back in order whatever their framing; anything short of one answer per request fails the
// whole batch as no answer. Loopback servers in this process stand in for a service.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { NoAnswerError, newAgent, send, sendAll, type HttpRequest } from '../src/service/http.ts';
import { closeServers, serve } from './support/raw-http.ts';

after(closeServers);

const OK = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok';

/** The requests a check sends: reads, a reset with its token, a JSON write, a release. */
const REQUESTS: HttpRequest[] = [
  { method: 'GET', path: '/items/SKU-A' },
  { method: 'POST', path: '/__control/reset', headers: { 'x-trialgate-control': 'token' } },
  { method: 'POST', path: '/reservations', headers: { 'content-type': 'application/json' }, body: '{"request_id":"r-1","sku":"SKU-Ä","quantity":2}' },
  { method: 'DELETE', path: '/reservations/r-1', headers: {} },
  { method: 'PUT', path: '/items/SKU-B', body: '' },
];

describe('requests sent at once', () => {
  it('are the bytes node:http’s client sends one by one', async () => {
    const oneByOne = await serve(() => OK);
    const agent = newAgent();
    for (const { path, ...options } of REQUESTS) await send(oneByOne.url + path, { ...options, timeoutMs: 5000, agent });
    agent.destroy();
    const atOnce = await serve(() => OK);
    assert.equal((await sendAll(atOnce.url, REQUESTS, { timeoutMs: 5000 })).length, REQUESTS.length);
    const withoutPort = (text: string) => text.replaceAll(/Host: 127\.0\.0\.1:\d+/g, 'Host: 127.0.0.1:PORT');
    assert.equal(withoutPort(atOnce.received()), withoutPort(oneByOne.received()));
  });

  it('get their answers in order, however each is framed: sized (after an interim 100), chunked, none (204, HEAD), or to the end of the connection', async () => {
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
    const got = await sendAll(
      server.url,
      ['/sized', '/chunked', '/empty', '/head', '/last'].map((path) => ({ method: path === '/head' ? 'HEAD' : 'GET', path })),
      { timeoutMs: 5000 },
    );
    assert.deepEqual(got, [
      { status: 201, text: '{"id":"é1"}' },
      { status: 200, text: '[1,2]' },
      { status: 204, text: '' },
      { status: 200, text: '' },
      { status: 200, text: 'until the end' },
    ]);
  });

  const three = [1, 2, 3].map((n) => ({ method: 'GET', path: `/${n}` }));
  const rejects = (promise: Promise<unknown>, reason: NoAnswerError['reason'], message: RegExp) =>
    assert.rejects(promise, (e: unknown) => {
      assert.ok(e instanceof NoAnswerError, String(e));
      assert.equal(e.reason, reason);
      assert.match(e.message, message);
      return true;
    });

  it('fail as a whole when the connection closes before every answer, naming how many came', async () => {
    const server = await serve(({ url }, socket) => (url === '/2' ? void socket.destroy() : OK));
    await rejects(sendAll(server.url, three, { timeoutMs: 5000 }), 'connection', /^the connection closed with 1 of 3 requests sent at once answered$/);
  });

  it('fail as a whole on an answer nobody asked for', async () => {
    const server = await serve(() => OK + OK);
    await rejects(sendAll(server.url, three, { timeoutMs: 5000 }), 'connection', /^an answer no request asked for, after [1-3] of 3 requests/);
  });

  it('fail as a whole on an answer past the cap', async () => {
    const server = await serve(() => OK);
    await rejects(sendAll(server.url, three, { timeoutMs: 5000, maxBytes: 1 }), 'too-long', /^answer 1 longer than 1 bytes$/);
  });

  it('fail as a whole when an answer is late: the connection silent past its limit', async () => {
    const server = await serve(({ url }) => (url === '/3' ? undefined : OK));
    await rejects(sendAll(server.url, three, { timeoutMs: 200 }), 'timeout', /^timed out after 200 ms with 2 of 3 requests sent at once answered$/);
  });

  it('fail on bytes that are no HTTP answer', async () => {
    const server = await serve(() => 'SSH-2.0-OpenSSH\r\n');
    await rejects(sendAll(server.url, three, { timeoutMs: 5000 }), 'connection', /^no HTTP answer after 0 of 3 requests/);
  });

  it('fail on framing node:http’s client refuses, which would hand one answer’s bytes to the next (as the kept connections do)', async () => {
    // http-parser-js alone reads a length that is not digits as an empty body, and a chunk size that is not hex
    // as the last chunk: the rest would be read as the next answer, and the batch would pass on another's bytes.
    for (const [framing, code] of [
      ['content-length: abc', 'HPE_INVALID_CONTENT_LENGTH'],
      ['content-length: 2\r\ntransfer-encoding: chunked', 'HPE_INVALID_TRANSFER_ENCODING'],
    ]) {
      const server = await serve(() => `HTTP/1.1 200 OK\r\n${framing}\r\n\r\n${OK}`);
      await rejects(sendAll(server.url, three, { timeoutMs: 5000 }), 'connection', new RegExp(`^no HTTP answer after 0 of 3 requests.*: ${code}`));
    }
    const chunked = await serve(() => `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n${OK}`);
    await assert.rejects(sendAll(chunked.url, three, { timeoutMs: 5000 }), /HPE_INVALID_CHUNK_SIZE|no HTTP answer/);
  });
});
