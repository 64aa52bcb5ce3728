// One HTTP exchange over node:http, for the runner's own calls: to the model judge, a tool's upstream, and
// a service's request that kept-connections.ts does not send itself (its exchanges go there, on connections
// of its own destroyed with it: a run starts hundreds of services on fresh ports, and a shared client pool
// would keep a connection pool per dead origin, memory that grows with the trial set). Not `fetch`: its
// first call compiles undici's WebAssembly HTTP parser, a ~30 MiB passing peak in a run whose whole budget
// is 80 MiB.
// Many requests at once (sendAll) go out pipelined on one fresh connection: the check of a reused service
// after each use is ~45 exchanges, and one round trip through the service's relay instead of 45 is most of
// what that check costs the machine. node:http's client sends one request per connection at a time, so
// those answers are read with http-parser-js (pure JS, as node:http's own parser was).
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import { failUnlessReadMeanwhile } from '../util/pending-reads.ts';

export interface HttpAnswer {
  status: number;
  text: string;
}

/**
 * No answer at all: the connection was refused or dropped, the deadline passed, or the answer ran past
 * its cap. Never an assertion failure; whose failure it is depends on whose service it was (the caller's call).
 */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
  constructor(
    message: string,
    /**
     * `connection`: refused or dropped (ECONNREFUSED, ECONNRESET, …); `timeout`: silent past `timeoutMs`;
     * `deadline`: the caller's `deadlineMs` passed (told apart by the timer that fired, never by reading a clock
     * after it: a timer may fire up to a millisecond before performance.now() reaches its due time);
     * `too-long`: past the cap.
     */
    readonly reason: 'connection' | 'timeout' | 'deadline' | 'too-long' = 'connection',
  ) {
    super(message);
  }

  /** A limit on time passed, silence or the deadline (as opposed to a refused or dropped connection). */
  get timedOut(): boolean {
    return this.reason === 'timeout' || this.reason === 'deadline';
  }
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The longest the connection may stay silent. */
  timeoutMs: number;
  /** The whole exchange, answer included, must end within this many ms. */
  deadlineMs?: number;
  agent?: Agent;
  /** Connect to this unix socket instead of the URL's host and port (an isolated service). */
  socketPath?: string;
  /** Answers longer than this are cut off as no answer: a service cannot flood the runner's memory. */
  maxBytes?: number;
}

/** The longest answer read when the caller names no cap. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function newAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 4 });
}

/** Times a request that failed on a kept-alive connection its server had just closed is sent again. */
export const STALE_RETRIES = 3;

export async function send(url: string, options: HttpOptions): Promise<HttpAnswer> {
  const deadlineAt = options.deadlineMs === undefined ? undefined : performance.now() + options.deadlineMs;
  for (let retry = 0; ; retry++) {
    try {
      return await sendOnce(url, deadlineAt === undefined ? options : { ...options, deadlineMs: Math.max(0, deadlineAt - performance.now()) });
    } catch (e) {
      // A connection kept alive that its server closed as idle (its keep-alive timeout) just as this request
      // went out: the server never read the request, so it is sent again, as Node's documentation advises
      // (request.reusedSocket). On a busy machine the runner's event loop sees the close late, so this is
      // no rarity there: left alone, it failed a reset proof and every use of the run started a fresh service.
      if (!(e instanceof StaleConnection) || retry >= STALE_RETRIES) throw e;
    }
  }
}

/** A reused kept-alive connection reset before any answer: the request never reached the server, and is sent again. */
export class StaleConnection extends NoAnswerError {}

async function sendOnce(url: string, options: HttpOptions): Promise<HttpAnswer> {
  // TLS is loaded only by a caller that needs it (a hosted judge), never on a service's path.
  const request = url.startsWith('https:') ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': Buffer.byteLength(options.body) }) },
      ...(options.agent ? { agent: options.agent } : {}),
      ...(options.socketPath ? { socketPath: options.socketPath } : {}),
      timeout: options.timeoutMs,
    });
    // The reason this side ended the exchange, reported whichever stream surfaces the error first.
    let endedBecause: NoAnswerError | undefined;
    let answered = false;
    let settled = false;
    // Bytes of the answer read so far (its head counts as one): a limit that passed while they came is not silence.
    let progress = 0;
    const end = (reason: NoAnswerError) => req.destroy((endedBecause = reason));
    const timedOut = (ms: number, reason: 'timeout' | 'deadline') =>
      // The deadline is the caller's, whatever arrives; silence is silence only if nothing did.
      failUnlessReadMeanwhile(
        () => (reason === 'deadline' ? 0 : progress),
        () => !settled && end(new NoAnswerError(`timed out after ${Math.round(ms)} ms`, reason)),
      );
    const deadline = options.deadlineMs === undefined ? undefined : setTimeout(timedOut, options.deadlineMs, options.deadlineMs, 'deadline');
    const fail = (e: NodeJS.ErrnoException) => {
      settled = true;
      clearTimeout(deadline);
      const stale = !endedBecause && !answered && req.reusedSocket && e.code === 'ECONNRESET';
      reject(endedBecause ?? (stale ? new StaleConnection('ECONNRESET') : new NoAnswerError(e.code ?? e.message)));
    };
    req.on('timeout', () => timedOut(options.timeoutMs, 'timeout'));
    req.on('error', fail);
    req.on('response', (response) => {
      answered = true;
      progress += 1;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const cap = options.maxBytes ?? MAX_ANSWER_BYTES;
      response.on('data', (chunk: Buffer) => {
        progress += chunk.length;
        bytes += chunk.length;
        if (bytes > cap) end(new NoAnswerError(`answer longer than ${cap} bytes`, 'too-long'));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        settled = true;
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(options.body);
  });
}

/** One request of many sent at once (sendAll). */
export interface HttpRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Methods for which node:http's client sends no `Content-Length: 0` when the request has no body. */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/**
 * The bytes node:http's client writes for `request` on a kept-alive connection to `host` (as `send` sends
 * it): the service reads the same request whichever way it was sent. Pure.
 */
export function requestBytes(request: HttpRequest, host: string): Buffer {
  const headers = { ...request.headers, ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }) };
  const lines = [`${request.method} ${request.path} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  lines.push(`Host: ${host}`, 'Connection: keep-alive');
  if (request.body === undefined && !BODILESS.has(request.method)) lines.push('Content-Length: 0');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`, 'utf8');
}

export interface BatchOptions {
  /** The longest the connection may stay silent while an answer is due. */
  timeoutMs: number;
  socketPath?: string;
  /** Each answer longer than this is no answer. */
  maxBytes?: number;
}

/**
 * Send `requests` at once on one fresh connection (HTTP/1.1 pipelining) and read their answers, in order.
 * Any request left unanswered (the connection closed or fell silent for `timeoutMs`), an answer past its
 * cap, bytes that are no HTTP answer, or an answer nobody asked for is a NoAnswerError for the whole batch,
 * never retried: the connection was fresh, so no stale kept-alive connection explains it.
 */
export function sendAll(url: string, requests: readonly HttpRequest[], options: BatchOptions): Promise<HttpAnswer[]> {
  const { host, hostname, port } = new URL(url);
  const cap = options.maxBytes ?? MAX_ANSWER_BYTES;
  return new Promise((resolve, reject) => {
    const answers: HttpAnswer[] = [];
    if (!requests.length) return resolve(answers);
    const socket = options.socketPath ? connect(options.socketPath) : connect(Number(port), hostname);
    let done = false;
    const fail = (e: NoAnswerError) => {
      if (done) return;
      done = true;
      socket.destroy();
      reject(e);
    };
    const answered = () => `${answers.length} of ${requests.length} requests sent at once answered`;
    let status = 0;
    let body: Buffer[] = [];
    let bytes = 0;
    const parser = answerParser();
    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      const head = answerHead(parser, info, requests[answers.length]?.method === 'HEAD');
      if ('refused' in head) {
        fail(new NoAnswerError(`no HTTP answer after ${answered()}: ${head.refused}`));
        return 1;
      }
      status = info.statusCode;
      return head.bodiless ? 1 : 0;
    };
    parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
      if (done) return;
      bytes += length;
      if (bytes > cap) return fail(new NoAnswerError(`answer ${answers.length + 1} longer than ${cap} bytes`, 'too-long'));
      body.push(chunk.subarray(offset, offset + length));
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      if (done) return;
      // An interim answer (100 Continue) precedes the answer, as node:http's client reads it.
      if (status < 200 && status !== 101) return void ([body, bytes] = [[], 0]);
      if (answers.length === requests.length) return fail(new NoAnswerError(`an answer no request asked for, after ${answered()}`));
      answers.push({ status, text: Buffer.concat(body).toString('utf8') });
      [body, bytes] = [[], 0];
    };
    const settle = () => {
      if (done || answers.length < requests.length) return;
      done = true;
      socket.destroy();
      resolve(answers);
    };
    let received = 0;
    socket.setTimeout(options.timeoutMs, () =>
      failUnlessReadMeanwhile(
        () => received,
        () => fail(new NoAnswerError(`timed out after ${options.timeoutMs} ms with ${answered()}`, 'timeout')),
      ),
    );
    socket.on('data', (data: Buffer) => {
      received += data.length;
      const parsed = parser.execute(data);
      if (parsed instanceof Error) return fail(new NoAnswerError(`no HTTP answer after ${answered()}: ${parsed.message}`));
      settle();
    });
    socket.on('end', () => {
      // An answer without a length ends with its connection.
      const finished = parser.finish();
      if (finished instanceof Error) return fail(new NoAnswerError(`the connection closed mid-answer, with ${answered()}`));
      settle();
      fail(new NoAnswerError(`the connection closed with ${answered()}`));
    });
    socket.on('error', (e: NodeJS.ErrnoException) => fail(new NoAnswerError(e.code ?? e.message)));
    socket.write(Buffer.concat(requests.map((r) => requestBytes(r, host))));
  });
}

/** An answer's head as long as node:http's client reads (its default max-http-header-size). */
const MAX_HEAD_BYTES = 16 * 1024;

/**
 * A parser of HTTP answers (http-parser-js, for answers read straight from a socket) that frames them as
 * node:http's client does, with answerHead: http-parser-js alone is more lenient where framing decides which
 * bytes are whose answer. Here a chunk's size must be hex digits (and its extensions): http-parser-js reads 'zz'
 * (NaN) as the last chunk, the body then taken for the next answer's bytes, and '-1' as a chunk; and a head
 * that comes in pieces stops at node's limit.
 */
export function answerParser(): InstanceType<typeof HTTPParser> {
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  parser.maxHeaderSize = MAX_HEAD_BYTES;
  const lenient = parser as unknown as { consumeLine(): string | undefined; body_bytes: number; state: string; BODY_CHUNKHEAD(): void };
  lenient.BODY_CHUNKHEAD = function (this: typeof lenient) {
    const line = this.consumeLine();
    if (line === undefined) return;
    if (!/^[0-9a-fA-F]+[ \t]*(;.*)?$/.test(line)) throw new Error('HPE_INVALID_CHUNK_SIZE');
    this.body_bytes = parseInt(line, 16);
    this.state = this.body_bytes ? 'BODY_CHUNK' : 'BODY_CHUNKTRAILERS';
  };
  return parser;
}

type HeadInfo = Parameters<NonNullable<InstanceType<typeof HTTPParser>[typeof HTTPParser.kOnHeadersComplete]>>[0];

/**
 * An answer's head as node:http's client reads it, from answerParser's headers-complete callback: refused with
 * node's error code where node refuses it, else whether it has no body (an answer to HEAD, whatever its headers
 * say; an interim one, a 204, a 304). An answer whose last coding is chunked is read chunked ('gzip, chunked').
 */
export function answerHead(parser: InstanceType<typeof HTTPParser>, info: HeadInfo, toHead: boolean): { refused: string } | { bodiless: boolean } {
  const refused = framingRefused(info.headers, info.statusMessage);
  if (refused) return { refused };
  if (/(^|,)\s*chunked\s*$/i.test(headerValues(info.headers, 'transfer-encoding').join(','))) (parser as unknown as { isChunked: boolean }).isChunked = true;
  const status = info.statusCode;
  return { bodiless: toHead || status < 200 || status === 204 || status === 304 };
}

function headerValues(headers: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === name) values.push(headers[i + 1]!);
  return values;
}

/**
 * Why node:http's client would refuse an answer's head, for what http-parser-js reads leniently otherwise: a
 * length that is not digits ('2, 2', '+2', 'abc': http-parser-js reads NaN as an empty body and the body as the
 * next answer's bytes), a length beside a transfer coding (which of the two frames it is ambiguous: smuggling),
 * a head past node's limit.
 */
function framingRefused(headers: string[], statusMessage: string | undefined): string | undefined {
  const lengths = headerValues(headers, 'content-length');
  if (lengths.some((value) => !/^[ \t]*\d+[ \t]*$/.test(value))) return 'HPE_INVALID_CONTENT_LENGTH';
  if (lengths.length > 0 && headerValues(headers, 'transfer-encoding').length > 0) return 'HPE_INVALID_TRANSFER_ENCODING';
  let bytes = 'HTTP/1.1 200 \r\n\r\n'.length + (statusMessage?.length ?? 0);
  for (const text of headers) bytes += text.length + 2;
  return bytes > MAX_HEAD_BYTES ? 'HPE_HEADER_OVERFLOW' : undefined;
}
