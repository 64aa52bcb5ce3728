// The fault-injecting tool proxy: the only address the agent gets. It checks the agent's token before
// anything else, records every call that carries it (the tool trajectory), and carries out the variant's
// fault schedule between the agent and the unchanged service. A request without the token is refused and
// never recorded: whoever else reaches the proxy cannot change this trial's trajectory. Isolated, it
// listens on a unix socket forwarded into its agent's sandbox only (Sandbox.placeListener). A proxy that
// cannot listen, dies, or loses the service is an environment failure, never the agent's; nothing the
// agent sends can make it one.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { jsonDepth, MAX_JSON_DEPTH } from '../../acceptance/snapshot.ts';
import type { ListenAt, ServiceAddress } from '../../isolation/sandbox.ts';
import type { Exchange } from '../../schemas/tools.ts';
import { newAgent, send as sendUpstream } from '../../service/http.ts';
import { EXCHANGE_TIMEOUT_MS, type MachinePace } from '../../service/pace.ts';
import { EnvironmentError } from '../../util/errors.ts';
import { decide, INJECTION, type Action } from './boundaries.ts';
import type { GoalChannel } from './goal.ts';

export interface ProxyOptions {
  /** The service under the proxy. */
  upstream: ServiceAddress;
  /** The bearer token the agent must present. */
  token: string;
  /** `none` or a boundary id: which fault schedule applies. */
  variant: string;
  goal: GoalChannel;
  /** Where it listens; default a free port on 127.0.0.1. */
  listen?: ListenAt;
  /** This machine's pace, as the preflight measured it: the limit on each call's exchange with the service scales with it. */
  pace?: MachinePace;
}

export interface Proxy {
  /** Where it listens, as the runner hands it to the agent's sandbox (a Forward). */
  address: ServiceAddress;
  /** The calls so far, in order of arrival. */
  trajectory(): Exchange[];
  /** Why the proxy could not do its job (it died, or the service stopped answering); undefined when it could. */
  failure(): string | undefined;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const PROXY_FAILED = 'the tool proxy failed, not the agent: an environment failure, excluded from pass rates';

type Answer = NonNullable<Exchange['response']>;
type Json = Answer['body'];

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const exchanges: Exchange[] = [];
  const started = performance.now();
  const upstream = newAgent();
  const sockets = new Set<Socket>();
  const inFlight = new Set<Promise<void>>();
  let failure: string | undefined;
  let stopping = false;
  let calls = 0;
  let reservations = 0;
  const expected = digest(`Bearer ${options.token}`);

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!bearerOf(request.headers.authorization, expected)) {
      request.resume();
      return send(response, { status: 401, body: { error: 'unauthorized' } });
    }
    const text = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://proxy.invalid');
    const method = request.method ?? 'GET';
    const path = url.pathname + url.search;
    const body = parseBody(text);
    const exchange: Exchange = {
      seq: exchanges.length + 1,
      at_ms: Math.round(performance.now() - started),
      request: { method, path, ...(body === undefined ? {} : { body }) },
      delivered: 0,
      upstream: [],
      response: null,
    };
    exchanges.push(exchange);
    const reply = (answer: Answer) => {
      exchange.response = answer;
      send(response, answer);
    };

    if (text === null) return reply({ status: 413, body: { error: 'body_too_large' } });
    // The service's control channel is the runner's; through the proxy it does not exist.
    if (url.pathname.startsWith('/__control/')) return reply({ status: 404, body: { error: 'not_found' } });

    const action = decide(options.variant, { calls, reservations, goal: options.goal.current() }, { method, path: url.pathname });
    calls += 1;
    if (method === 'POST' && url.pathname === '/reservations') reservations += 1;
    if (action.fault) exchange.fault = action.fault;
    if (action.kind === 'respond') return reply({ status: action.status, body: action.body as Json });

    let answer: Answer | undefined;
    for (let i = 0; i < action.deliveries; i++) {
      try {
        answer = await deliver(options.upstream, path, method, text, upstream, options.pace?.exchangeLimit().ms ?? EXCHANGE_TIMEOUT_MS);
      } catch (e) {
        failure ??= `the service behind the proxy stopped answering (${method} ${path}): ${(e as Error).message}`;
        return reply({ status: 502, body: { error: 'bad_gateway' } });
      }
      exchange.upstream.push(answer);
      exchange.delivered += 1;
    }
    await deliverLate(action, answer!, reply, response);
  };

  const deliverLate = async (action: Extract<Action, { kind: 'forward' }>, answer: Answer, reply: (a: Answer) => void, response: ServerResponse) => {
    if (action.goalChange) await options.goal.change(action.goalChange);
    if (action.dropResponse) {
      await closedOrAfter(response, action.holdMs);
      response.destroy();
      return;
    }
    if (action.holdMs > 0) await new Promise((r) => setTimeout(r, action.holdMs));
    const planted: Answer =
      action.inject && isObject(answer.body) ? { ...answer, body: { ...answer.body, [INJECTION.field]: INJECTION.text } as Json } : answer;
    reply(planted);
  };

  const server = createServer((request, response) => {
    const work = handle(request, response).catch((e: unknown) => {
      failure ??= `the tool proxy failed on ${request.method} ${request.url}: ${(e as Error).message}`;
      if (!response.headersSent) send(response, { status: 500, body: { error: 'proxy_failed' } });
      else response.destroy();
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const listen = options.listen ?? { host: '127.0.0.1', port: 0 };
  const where = 'path' in listen ? listen.path : `127.0.0.1:${listen.port}`;
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(new EnvironmentError(`the tool proxy could not listen on ${where}: ${e.code ?? e.message}`, PROXY_FAILED)),
    );
    server.listen(listen, () => resolveListen());
  });
  server.on('error', (e) => (failure ??= `the tool proxy failed: ${e.message}`));
  server.on('close', () => {
    if (!stopping) failure ??= 'the tool proxy stopped listening while the agent was still working';
  });
  const bound = server.address();
  const address: ServiceAddress =
    'path' in listen
      ? { url: 'http://127.0.0.1', socketPath: listen.path }
      : { url: `http://127.0.0.1:${typeof bound === 'object' && bound ? bound.port : listen.port}` };

  return {
    address,
    trajectory: () => exchanges.map((e) => structuredClone(e)),
    failure: () => failure,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      const closed = new Promise<void>((r) => server.close(() => r()));
      for (const socket of sockets) socket.destroy();
      await Promise.all([closed, ...inFlight]);
      upstream.destroy();
    },
  };
}

/** The proxy's failure as the environment error it is. */
export function proxyEnvironmentError(message: string): EnvironmentError {
  return new EnvironmentError(message, PROXY_FAILED);
}

async function deliver(service: ServiceAddress, path: string, method: string, text: string, agent: Agent, timeoutMs: number): Promise<Answer> {
  const answer = await sendUpstream(service.url + path, {
    ...(service.socketPath ? { socketPath: service.socketPath } : {}),
    method,
    ...(text ? { headers: { 'content-type': 'application/json' }, body: text } : {}),
    timeoutMs,
    agent,
  });
  const body = parseBody(answer.text);
  return { status: answer.status, ...(body === undefined ? {} : { body }) };
}

/** The request body as text; null when it is larger than the service would accept. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

/** JSON when it parses, the text itself when it does not (the trajectory keeps what was sent). */
function parseBody(text: string | null): Json {
  if (!text) return undefined;
  // Kept as text past the depth limit: the trajectory must stay writable whatever the agent sent.
  if (jsonDepth(text) > MAX_JSON_DEPTH) return text;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the authorization header is the expected one, compared in constant time. */
function bearerOf(header: string | undefined, expected: Buffer): boolean {
  return header !== undefined && timingSafeEqual(digest(header), expected);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function closedOrAfter(response: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolveWait) => {
    const timer = setTimeout(resolveWait, ms);
    response.once('close', () => {
      clearTimeout(timer);
      resolveWait();
    });
  });
}

function send(response: ServerResponse, answer: Answer): void {
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  response.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}
