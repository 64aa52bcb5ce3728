// The adapters' provider watch (adapters/lib/provider-watch.mjs) between a plain HTTP client and the
// loopback fake provider, in each wire protocol the shipped adapters speak: every byte passes through
// unchanged, and what the provider does after its 200 (an error event, a stream cut, silence) is read as
// the provider failing, while an answer the model gives (a refusal, an incomplete answer, a request the
// provider rejects as malformed) and a failure the client retried with success are nothing.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { ANSWER_USAGE, FakeProvider, type Protocol, type ProviderMode } from './support/fake-provider.ts';

interface Watch {
  url: string;
  pending(): string | undefined;
  usage(): { input_tokens: number; output_tokens: number; total_tokens: number } | undefined;
  close(): Promise<void>;
}
interface WatchModule {
  startProviderWatch(o: { upstream: string; key: string; keyVar: string; onFatal: (r: string) => void; failures?: number; silenceMs?: number }): Promise<Watch>;
  silenceFor(budgetSeconds: unknown, override?: string): number;
}
interface AnswerModule {
  answerReader(
    headers: Record<string, string>,
    request?: { method?: string; status?: number },
  ): { push(chunk: Buffer): void; end(complete: boolean): { kind: string; what?: string } };
  classifyReported(error: unknown): string;
}
const { startProviderWatch, silenceFor } = (await import('../adapters/lib/provider-watch.mjs' as string)) as WatchModule;
const { answerReader, classifyReported } = (await import('../adapters/lib/provider-answer.mjs' as string)) as AnswerModule;

const KEY = 'sk-watch-test-0123456789';
const PATHS: Record<Protocol, string> = { anthropic: '/v1/messages', responses: '/v1/responses', chat: '/v1/chat/completions' };
const HEADERS: Record<Protocol, Record<string, string>> = {
  anthropic: { 'x-api-key': KEY, 'content-type': 'application/json' },
  responses: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
  chat: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
};
const PROTOCOLS = Object.keys(PATHS) as Protocol[];

/** A watch in front of `upstream`, and a promise of the reason it declares (or of nothing, once closed). */
async function watching(upstream: string, options: { failures?: number; silenceMs?: number } = {}) {
  let fatal: (reason: string) => void = () => undefined;
  const declared = new Promise<string>((resolve) => (fatal = resolve));
  const reasons: string[] = [];
  const watch = await startProviderWatch({
    upstream,
    key: KEY,
    keyVar: 'THE_KEY',
    failures: options.failures ?? 1,
    silenceMs: options.silenceMs ?? 60_000,
    onFatal: (r) => {
      reasons.push(r);
      fatal(r);
    },
  });
  return { watch, declared, reasons };
}

/** One streamed call as a CLI makes it: the status and the whole body, or how reading it failed. */
async function call(base: string, protocol: Protocol, options: { stream?: boolean; key?: string; signal?: AbortSignal } = {}) {
  const headers = { ...HEADERS[protocol] };
  if (options.key) for (const name of ['x-api-key', 'authorization']) if (headers[name]) headers[name] = headers[name]!.replace(KEY, options.key);
  const body = JSON.stringify({ model: 'm', stream: options.stream ?? true, messages: [{ role: 'user', content: 'hello' }], input: [] });
  try {
    const answer = await fetch(`${base}${PATHS[protocol]}`, { method: 'POST', headers, body, signal: options.signal });
    try {
      return { status: answer.status, text: await answer.text() };
    } catch (e) {
      return { status: answer.status, cut: (e as Error).message };
    }
  } catch (e) {
    return { status: 0, cut: (e as Error).name === 'AbortError' || (e as Error).name === 'TimeoutError' ? 'aborted' : (e as Error).message };
  }
}

async function provider(mode: ProviderMode = 'ok'): Promise<FakeProvider> {
  return FakeProvider.start({ key: KEY, mode, files: () => ({ 'spec.json': '{"a":1}', 'cases.json': '{"b":2}' }) });
}

describe('the provider watch passes answers through unchanged', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol}: the stream arrives byte for byte as the provider sent it, and a good call is nothing`, async () => {
      const fake = await provider();
      const { watch, reasons } = await watching(fake.url);
      try {
        const direct = await call(fake.url, protocol);
        const relayed = await call(watch.url, protocol);
        // The fake's answers differ only in their timestamps (chat chunks' `created`).
        const stable = (t?: string) => t?.replace(/"created":\d+/g, '"created":0');
        assert.equal(relayed.status, 200);
        assert.equal(stable(relayed.text), stable(direct.text));
        assert.match(relayed.text!, protocol === 'anthropic' ? /message_stop/ : protocol === 'responses' ? /response\.completed/ : /\[DONE\]/);
        assert.deepEqual(reasons, []);
        assert.equal(watch.pending(), undefined);
      } finally {
        await watch.close();
        await fake.close();
      }
    });
  }
});

describe('the usage the provider’s answers report, counted as they pass', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol}: every answer's tokens, streamed or not, and none from an answer that reports none`, async () => {
      const fake = await provider();
      const { watch } = await watching(fake.url);
      try {
        assert.equal(watch.usage(), undefined, 'no answer yet');
        await call(watch.url, protocol);
        if (protocol !== 'responses') await call(watch.url, protocol, { stream: false });
        // A call without the key is not this trial's.
        await call(watch.url, protocol, { key: 'sk-someone-else' });
        fake.mode = 'error-mid-stream';
        await call(watch.url, protocol);
        // A good call after them: they were counted by then.
        fake.mode = 'ok';
        await call(watch.url, protocol);
        const answers = fake.reported[protocol].answers;
        assert.equal(answers, protocol === 'responses' ? 2 : 3);
        const reported = protocol === 'anthropic' ? { input: 1200, output: 1 } : undefined; // the failed stream's message_start
        const input = answers * ANSWER_USAGE.input + (reported?.input ?? 0);
        const output = answers * ANSWER_USAGE.output + (reported?.output ?? 0);
        assert.deepEqual(watch.usage(), { input_tokens: input, output_tokens: output, total_tokens: input + output });
      } finally {
        await watch.close();
        await fake.close();
      }
    });
  }
});

describe('a provider that fails after its 200', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol}: an error in the middle of the stream reaches the client and counts as a failed call`, async () => {
      const fake = await provider('error-mid-stream');
      const { watch, declared } = await watching(fake.url);
      try {
        const answer = await call(watch.url, protocol);
        assert.equal(answer.status, 200);
        assert.match(answer.text!, /error/, 'the error event passed through');
        const reason = await declared;
        assert.match(
          reason,
          /^the provider is unavailable: 1 calls in a row failed, the last 200 from POST http:\/\/127\.0\.0\.1:\d+\/v1\/\S+: an error event after the 200: /,
        );
        assert.match(reason, protocol === 'anthropic' ? /api_error: Internal server error/ : /server_error|500/);
      } finally {
        await watch.close();
        await fake.close();
      }
    });

    it(`${protocol}: a stream cut in the middle is cut for the client too, and counts as a failed call`, async () => {
      const fake = await provider('cut');
      const { watch, declared } = await watching(fake.url);
      try {
        const answer = await call(watch.url, protocol);
        assert.ok(answer.cut, `the client saw the cut, not a clean end: ${JSON.stringify(answer)}`);
        assert.match(await declared, /the stream was cut before the answer ended/);
      } finally {
        await watch.close();
        await fake.close();
      }
    });
  }

  it('an answer that is not streamed and is cut: counted, and cut for the client', async () => {
    const fake = await provider('cut');
    const { watch, declared } = await watching(fake.url);
    try {
      const answer = await call(watch.url, 'chat', { stream: false });
      assert.ok(answer.cut, JSON.stringify(answer));
      assert.match(await declared, /the connection closed before the answer ended/);
    } finally {
      await watch.close();
      await fake.close();
    }
  });

  it('a failure the client retried with success is nothing: the next failure starts a new count', async () => {
    const fake = await provider('error-mid-stream');
    const { watch, reasons } = await watching(fake.url, { failures: 2 });
    try {
      await call(watch.url, 'responses');
      assert.match(watch.pending()!, /the provider failed and the CLI gave up: 1 call\(s\) in a row failed/);
      fake.mode = 'ok';
      await call(watch.url, 'responses');
      assert.equal(watch.pending(), undefined, 'the success cleared it');
      fake.mode = 'error-mid-stream';
      await call(watch.url, 'responses');
      assert.deepEqual(reasons, [], 'one failure after a success is not two in a row');
    } finally {
      await watch.close();
      await fake.close();
    }
  });
});

describe('a provider that sends nothing', () => {
  it('a call that waits longer than the silence limit: hung, declared while the client still waits', async () => {
    const fake = await provider('hang');
    const { watch, declared } = await watching(fake.url, { silenceMs: 300 });
    const client = new AbortController();
    try {
      const waiting = call(watch.url, 'anthropic', { signal: client.signal });
      assert.match(
        await declared,
        /^the provider sent nothing for \d+(\.\d)? s while POST http:\/\/127\.0\.0\.1:\d+\/v1\/messages waited on it \(hung; TRIALGATE_PROVIDER_SILENCE_SECONDS sets the limit, now 0\.3 s\)/,
      );
      client.abort();
      await waiting;
    } finally {
      await watch.close();
      await fake.close();
    }
  });

  it('a stream that stops in the middle (its headers and first event sent, then nothing): hung', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write('event: message_start\ndata: {"type":"message_start","message":{"id":"m"}}\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { watch, declared } = await watching(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { silenceMs: 300 });
    const client = new AbortController();
    try {
      const waiting = call(watch.url, 'anthropic', { signal: client.signal });
      assert.match(await declared, /^the provider sent nothing for \d+(\.\d)? s while POST \S+\/v1\/messages waited on it \(hung/);
      client.abort();
      await waiting;
    } finally {
      await watch.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('silence on a call without the key is not counted: nobody else can declare this trial’s provider hung', async () => {
    const fake = await provider('hang');
    const { watch, reasons } = await watching(fake.url, { silenceMs: 100 });
    try {
      // The client gives up long after the limit: the watch said nothing meanwhile.
      const answer = await call(watch.url, 'anthropic', { key: 'sk-someone-else', signal: AbortSignal.timeout(1000) });
      assert.equal(answer.cut, 'aborted');
      assert.deepEqual(reasons, []);
      assert.equal(watch.pending(), undefined);
    } finally {
      await watch.close();
      await fake.close();
    }
  });

  it('a client that gives up on a silent provider before the watch would (its own timeout) counts it as a failed call; one that cancels at once does not', async () => {
    const fake = await provider('hang');
    const { watch } = await watching(fake.url, { silenceMs: 2000, failures: 5 });
    try {
      await call(watch.url, 'chat', { signal: AbortSignal.timeout(50) });
      assert.equal(watch.pending(), undefined, 'cancelled at once: the CLI’s own doing');
      await call(watch.url, 'chat', { signal: AbortSignal.timeout(1500) });
      await until(() => watch.pending() !== undefined);
      assert.match(watch.pending()!, /no byte from POST \S+\/v1\/chat\/completions for \d+(\.\d)? s, when the CLI gave up waiting/);
    } finally {
      await watch.close();
      await fake.close();
    }
  });

  it('a client whose own timeout is far below the limit and which calls again: each call it gave up on counts as failed, once it called again', async () => {
    const fake = await provider('hang');
    // Half the limit is far above the client's own timeout: only its calling again says it timed out. The
    // timeout is well above the second of silence that counts, however late the watch sees the call start.
    const { watch, reasons } = await watching(fake.url, { silenceMs: 120_000, failures: 2 });
    try {
      const timeout = () => ({ signal: AbortSignal.timeout(2500) });
      assert.ok((await call(watch.url, 'responses', timeout())).cut);
      assert.equal(watch.pending(), undefined, 'not yet: the client may have given up for its own reasons');
      await call(watch.url, 'responses', timeout());
      assert.match(
        watch.pending() ?? '(nothing pending)',
        /^the provider failed and the CLI gave up: 1 call\(s\) in a row failed, the last no byte from POST \S+\/v1\/responses for \d+(\.\d)? s, when the CLI gave up waiting and called again$/,
      );
      await call(watch.url, 'responses', timeout());
      assert.match(reasons[0] ?? '(nothing declared)', /^the provider is unavailable: 2 calls in a row failed, the last no byte from POST \S+ for/);
    } finally {
      await watch.close();
      await fake.close();
    }
  });

  it('a client that cancels a silent call and then ends, or cancels at once and calls again: nothing counted', async () => {
    const fake = await provider('stall');
    const { watch, reasons } = await watching(fake.url, { silenceMs: 120_000, failures: 1 });
    try {
      await call(watch.url, 'chat', { signal: AbortSignal.timeout(50) });
      await call(watch.url, 'chat', { signal: AbortSignal.timeout(50) });
      await call(watch.url, 'chat', { signal: AbortSignal.timeout(1200) });
      await until(() => fake.modelCalls('chat').length === 3);
      assert.equal(watch.pending(), undefined);
      assert.deepEqual(reasons, []);
    } finally {
      await watch.close();
      await fake.close();
    }
  });

  it('the limit: a third of the budget, between 10 s and 300 s, unless TRIALGATE_PROVIDER_SILENCE_SECONDS sets it', () => {
    assert.equal(silenceFor(60), 20);
    assert.equal(silenceFor(15), 10);
    assert.equal(silenceFor(1800), 300);
    assert.equal(silenceFor(600), 200);
    assert.equal(silenceFor(undefined), 300);
    assert.equal(silenceFor(60, '5'), 5);
    assert.equal(silenceFor(60, 'soon'), 20, 'a value that is no number is ignored');
  });
});

describe('what the provider answers is not the provider failing', () => {
  /** A provider that answers every call with these server-sent events (or this JSON). */
  async function scripted(answer: (res: ServerResponse) => void) {
    const server = createServer((req: IncomingMessage, res) => {
      req.resume();
      req.on('end', () => answer(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
  const events = (res: ServerResponse, ...lines: string[]) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(lines.join(''));

  const answers: [string, (res: ServerResponse) => void][] = [
    [
      'a refusal (stop_reason refusal)',
      (res) =>
        events(
          res,
          'event: message_start\ndata: {"type":"message_start","message":{"id":"m"}}\n\n',
          'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"refusal"}}\n\n',
          'event: message_stop\ndata: {"type":"message_stop"}\n\n',
        ),
    ],
    [
      'a request the provider rejects after its 200 (invalid_request_error: prompt is too long)',
      (res) =>
        events(
          res,
          'event: message_start\r\ndata: {"type":"message_start","message":{"id":"m"}}\r\n\r\n',
          'event: error\r\ndata: {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long"}}\r\n\r\n',
        ),
    ],
    [
      'an incomplete answer (its output limit)',
      (res) =>
        events(
          res,
          'data: {"type":"response.created","response":{"id":"r"}}\n\n',
          'data: {"type":"response.incomplete","response":{"id":"r","incomplete_details":{"reason":"max_output_tokens"}}}\n\n',
        ),
    ],
    [
      'a content filter ends a chat answer',
      (res) => events(res, 'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"content_filter"}]}\n\n'),
    ],
    ['an event stream of no known protocol that just ends', (res) => events(res, 'data: hello\n\n')],
    ['a JSON answer', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[{"message":{"content":"ok"}}]}')],
  ];
  for (const [what, answer] of answers) {
    it(`${what}: nothing counted`, async () => {
      const upstream = await scripted(answer);
      const { watch, reasons } = await watching(upstream.url);
      try {
        const got = await call(watch.url, 'anthropic');
        assert.equal(got.status, 200);
        assert.equal(watch.pending(), undefined);
        assert.deepEqual(reasons, []);
      } finally {
        await watch.close();
        await upstream.close();
      }
    });
  }

  it('a stream of a known protocol that ends cleanly before its last event counts as cut; a 200 JSON error counts as what it says', async () => {
    let next = 0;
    const upstream = await scripted((res) =>
      next++ === 0
        ? events(res, 'data: {"type":"response.created","response":{"id":"r"}}\n\n')
        : res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":{"message":"Invalid API key","type":"invalid_api_key"}}'),
    );
    const { watch, reasons } = await watching(upstream.url, { failures: 5 });
    try {
      await call(watch.url, 'responses');
      assert.match(watch.pending()!, /the stream ended before the answer did \(no last event\)/);
      await call(watch.url, 'chat', { stream: false });
      assert.match(reasons[0]!, /^the provider refused the key: 200 from .*an error in a 200 answer: invalid_api_key: Invalid API key \(check THE_KEY/);
    } finally {
      await watch.close();
      await upstream.close();
    }
  });
});

describe('a 200 whose body is not a model answer', () => {
  for (const protocol of PROTOCOLS) {
    it(`${protocol}: an HTML page (a proxy's, a portal's) answering the model call reaches the client and counts as a failed call`, async () => {
      const fake = await provider('not-protocol');
      const { watch, reasons } = await watching(fake.url);
      try {
        const answer = await call(watch.url, protocol);
        assert.equal(answer.status, 200);
        assert.match(answer.text!, /^<!doctype html>/, 'the page passed through');
        // A good call after it: the page's call was counted by then (or never will be).
        fake.mode = 'ok';
        await call(watch.url, protocol);
        assert.match(
          reasons[0] ?? '(nothing declared)',
          /^the provider is unavailable: 1 calls in a row failed, the last 200 from POST \S+: an HTML page, not a model answer \(Gateway\)$/,
        );
      } finally {
        await watch.close();
        await fake.close();
      }
    });
  }

  it('an HTML page without its content type, read from its first bytes; an HTML answer to a GET (a page the CLI asked for) is nothing', () => {
    const page = Buffer.from('\n <!DOCTYPE html>\n<html><head><title>\n  Sign in – portal </title></head></html>');
    for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/octet-stream' }] as Record<string, string>[]) {
      const reader = answerReader(headers);
      reader.push(page.subarray(0, 5));
      reader.push(page.subarray(5));
      assert.deepEqual(reader.end(true), { kind: 'transient', what: 'an HTML page, not a model answer (Sign in – portal)' }, JSON.stringify(headers));
    }
    const get = answerReader({ 'content-type': 'text/html' }, { method: 'GET' });
    get.push(page);
    assert.deepEqual(get.end(true), { kind: 'ok' });
    const text = answerReader({ 'content-type': 'text/plain' });
    text.push(Buffer.from('plain words'));
    assert.deepEqual(text.end(true), { kind: 'ok' }, 'text that is not a page is not read as one');
  });
});

describe('reading a stream', () => {
  it('events split anywhere between chunks, \\r\\n included, and a multi-byte character split in two, read as one stream', () => {
    const text =
      'event: message_start\r\ndata: {"type":"message_start","message":{"id":"é"}}\r\n\r\n: a comment\r\nevent: error\r\ndata: {"type":"error",\r\ndata: "error":{"type":"overloaded_error","message":"Overloaded — retry"}}\r\n\r\n';
    const bytes = Buffer.from(text);
    for (let at = 1; at < bytes.length; at++) {
      const reader = answerReader({ 'content-type': 'text/event-stream; charset=utf-8' });
      reader.push(bytes.subarray(0, at));
      reader.push(bytes.subarray(at));
      assert.deepEqual(reader.end(true), { kind: 'transient', what: 'an error event after the 200: overloaded_error: Overloaded — retry' }, `split at ${at}`);
    }
  });

  it('an error reported after a 200, in every protocol’s words', () => {
    assert.equal(classifyReported({ type: 'overloaded_error', message: 'Overloaded' }), 'transient');
    assert.equal(classifyReported({ type: 'api_error', message: 'Internal server error' }), 'transient');
    assert.equal(classifyReported({ code: 'rate_limit_exceeded', message: 'Rate limit reached' }), 'transient');
    assert.equal(classifyReported({ code: 'insufficient_quota', message: 'You exceeded your current quota' }), 'quota');
    assert.equal(classifyReported({ type: 'invalid_request_error', message: 'Your credit balance is too low' }), 'quota');
    assert.equal(classifyReported({ type: 'authentication_error', message: 'invalid x-api-key' }), 'auth');
    assert.equal(classifyReported({ code: 500, message: 'boom' }), 'transient');
    assert.equal(classifyReported({ code: 'invalid_prompt', message: 'Invalid prompt: flagged' }), 'other');
    assert.equal(classifyReported({ type: 'invalid_request_error', message: 'prompt is too long' }), 'other');
  });

  it('an answer without a body (to a HEAD request, a 204, an empty JSON answer) is nothing', () => {
    for (const [headers, request] of [
      [{ 'content-type': 'application/json' }, { method: 'HEAD' }],
      [{ 'content-type': 'text/event-stream' }, { status: 204 }],
      [{ 'content-type': 'application/json' }, {}],
    ] as const) {
      const reader = answerReader(headers, request);
      assert.deepEqual(reader.end(true), { kind: 'ok' }, JSON.stringify([headers, request]));
    }
  });

  it('a compressed answer is passed on unread: only a cut connection counts', () => {
    const reader = answerReader({ 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
    reader.push(Buffer.from('event: error\ndata: {"type":"error","error":{"type":"api_error"}}\n\n'));
    assert.deepEqual(reader.end(true), { kind: 'ok' });
    assert.equal(reader.end(false).kind, 'transient');
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
