// One HTTP exchange over node:http, for the runner's own calls: to a service, and to the model judge.
// Each service gets its own keep-alive agent, destroyed with it: a run starts hundreds of services on
// fresh ports, and a shared client pool would keep a connection pool per dead origin (memory that grows
// with the trial set). Not `fetch`: its first call compiles undici's WebAssembly HTTP parser, a ~30 MiB
// passing peak in a run whose whole budget is 80 MiB.
import { Agent, request as httpRequest } from 'node:http';

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
    /** `connection`: refused or dropped (ECONNREFUSED, ECONNRESET, …); `timeout`: a deadline passed; `too-long`: past the cap. */
    readonly reason: 'connection' | 'timeout' | 'too-long' = 'connection',
  ) {
    super(message);
  }

  /** The deadline passed (as opposed to a refused or dropped connection). */
  get timedOut(): boolean {
    return this.reason === 'timeout';
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

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function newAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 4 });
}

/** Times a request that failed on a kept-alive connection its server had just closed is sent again. */
const STALE_RETRIES = 3;

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

/** ECONNRESET on a reused kept-alive connection before any answer: the request never reached the server. */
class StaleConnection extends NoAnswerError {}

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
    const end = (reason: NoAnswerError) => req.destroy((endedBecause = reason));
    const timedOut = (ms: number) => end(new NoAnswerError(`timed out after ${Math.round(ms)} ms`, 'timeout'));
    const deadline = options.deadlineMs === undefined ? undefined : setTimeout(timedOut, options.deadlineMs, options.deadlineMs);
    const fail = (e: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      const stale = !endedBecause && !answered && req.reusedSocket && e.code === 'ECONNRESET';
      reject(endedBecause ?? (stale ? new StaleConnection('ECONNRESET') : new NoAnswerError(e.code ?? e.message)));
    };
    req.on('timeout', () => timedOut(options.timeoutMs));
    req.on('error', fail);
    req.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      let bytes = 0;
      const cap = options.maxBytes ?? MAX_ANSWER_BYTES;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > cap) end(new NoAnswerError(`answer longer than ${cap} bytes`, 'too-long'));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(options.body);
  });
}
