// One HTTP exchange over node:http, for the runner's own calls to a service. Each service gets its own
// keep-alive agent, destroyed with it: a run starts hundreds of services on fresh ports, and a shared
// client pool would keep a connection pool per dead origin (memory that grows with the trial set).
import { Agent, request as httpRequest } from 'node:http';

export interface HttpAnswer {
  status: number;
  text: string;
}

/** No answer at all (refused, reset, timed out): an execution error, never an assertion failure. */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
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

export function send(url: string, options: HttpOptions): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: options.method ?? 'GET',
      headers: { ...options.headers, ...(options.body === undefined ? {} : { 'content-length': Buffer.byteLength(options.body) }) },
      ...(options.agent ? { agent: options.agent } : {}),
      ...(options.socketPath ? { socketPath: options.socketPath } : {}),
      timeout: options.timeoutMs,
    });
    req.on('timeout', () => req.destroy(new NoAnswerError(`timed out after ${Math.round(options.timeoutMs)} ms`)));
    req.on('error', (e: NodeJS.ErrnoException) => reject(e instanceof NoAnswerError ? e : new NoAnswerError(e.code ?? e.message)));
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const cap = options.maxBytes ?? MAX_ANSWER_BYTES;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > cap) req.destroy(new NoAnswerError(`answer longer than ${cap} bytes`));
        else chunks.push(chunk);
      });
      response.on('error', (e: NodeJS.ErrnoException) => reject(new NoAnswerError(e.code ?? e.message)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.end(options.body);
  });
}
