// The runner's exchanges with one service, one at a time on connections it keeps alive: the bytes
// node:http's client writes (http.ts requestBytes) written straight to the socket and the answer read with
// http-parser-js, as the check after a use already reads its batch (http.ts sendAll). node:http's client
// cost the runner ~180 µs of CPU per exchange (a ClientRequest, its agent's bookkeeping, an answer stream)
// against ~95 µs here (3,000 exchanges through the in-process relay, CPU read from /proc), and an acceptance
// of a trial is ~150 exchanges, all while the cores are the bottleneck. What a service reads is unchanged (test/kept-connections.unit.test.ts compares the bytes);
// http-parser-js frames leniently where node:http's client refuses (a length that is not digits or beside a
// transfer coding, a chunk size that is not hex, a head past 16 KiB) or reads otherwise (a body on a 1xx, 204
// or 304; 'gzip, chunked'): held to node's framing here, so no answer's bytes are read as another's. A
// request whose bytes this file cannot vouch for (a header named twice in two casings, a method node:http
// would refuse) goes through node:http's client as before.
import type { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import {
  answerHead,
  answerParser,
  MAX_ANSWER_BYTES,
  newAgent,
  NoAnswerError,
  requestBytes,
  send,
  STALE_RETRIES,
  StaleConnection,
  type HttpAnswer,
  type HttpOptions,
  type HttpRequest,
} from './http.ts';
import { afterPendingReads, failUnlessReadMeanwhile } from '../util/pending-reads.ts';

/** Methods sent by these connections; any other goes through node:http's client, which checks it. */
const PLAIN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type ExchangeOptions = Pick<HttpOptions, 'method' | 'headers' | 'body' | 'timeoutMs' | 'deadlineMs' | 'maxBytes'>;

/** The exchange a connection is carrying, if any. */
interface Exchange {
  head: boolean;
  cap: number;
  status: number;
  body: Buffer[];
  bytes: number;
  /** Bytes of an answer seen: a failure after them is no stale connection. */
  answered: boolean;
  keepAlive: boolean;
  reused: boolean;
  done: boolean;
  resolve(answer: HttpAnswer): void;
  fail(error: NoAnswerError): void;
}

interface Connection {
  socket: Socket;
  parser: InstanceType<typeof HTTPParser>;
  exchange?: Exchange;
  /** The current exchange's limit on silence. */
  timeoutMs: number;
  /** Bytes read on it so far: a limit on silence that passed while they came was no silence. */
  received: number;
}

/** One service's kept-alive connections (a unix socket path, or the URL's loopback port). */
export class KeptConnections {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly host: string;
  private readonly port: number;
  private readonly hostname: string;
  /** node:http's client, for what these connections do not send themselves. */
  private fallback?: Agent;
  private destroyed = false;

  constructor(
    private readonly url: string,
    private readonly socketPath?: string,
  ) {
    const { host, hostname, port } = new URL(url);
    [this.host, this.hostname, this.port] = [host, hostname, Number(port || 80)];
  }

  /** One exchange, as http.ts `send` makes it with a keep-alive agent: the same bytes sent, the same errors. */
  async request(path: string, options: ExchangeOptions & { timeoutMs: number }): Promise<HttpAnswer> {
    const request = this.plain(path, options);
    if (!request) return send(this.url + path, { ...options, agent: (this.fallback ??= newAgent()), ...this.where() });
    const bytes = requestBytes(request, this.host);
    const deadlineAt = options.deadlineMs === undefined ? undefined : performance.now() + options.deadlineMs;
    for (let retry = 0; ; retry++) {
      try {
        const left = deadlineAt === undefined ? undefined : Math.max(0, deadlineAt - performance.now());
        return await this.exchange(bytes, request.method === 'HEAD', options.timeoutMs, left, options.maxBytes ?? MAX_ANSWER_BYTES);
      } catch (e) {
        if (!(e instanceof StaleConnection) || retry >= STALE_RETRIES) throw e;
      }
    }
  }

  /** Close every connection: the service is stopped. */
  destroy(): void {
    this.destroyed = true;
    for (const connection of this.all) connection.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
    this.fallback?.destroy();
  }

  private where(): { socketPath?: string } {
    return this.socketPath ? { socketPath: this.socketPath } : {};
  }

  /**
   * The request as node:http's client would send it for `this.url + path` (the path as the URL parser
   * leaves it, the fragment dropped), or undefined when these connections do not send it themselves.
   */
  private plain(path: string, options: ExchangeOptions): HttpRequest | undefined {
    const method = options.method ?? 'GET';
    if (!PLAIN_METHODS.has(method)) return undefined;
    let target: URL;
    try {
      target = new URL(this.url + path);
    } catch {
      return undefined;
    }
    const headers = options.headers ?? {};
    const names = new Set<string>();
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      // node:http sends one of two names differing only in case, and sets these itself.
      if (names.has(lower) || lower === 'host' || lower === 'connection' || lower === 'content-length' || lower === 'transfer-encoding' || lower === 'expect')
        return undefined;
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || !/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) return undefined;
      names.add(lower);
    }
    return { method, path: target.pathname + target.search, headers, ...(options.body === undefined ? {} : { body: options.body }) };
  }

  private exchange(bytes: Buffer, head: boolean, timeoutMs: number, deadlineMs: number | undefined, cap: number): Promise<HttpAnswer> {
    if (this.destroyed) return Promise.reject(new NoAnswerError('ECONNRESET'));
    const kept = this.idle.pop();
    const connection = kept ?? this.open();
    return new Promise<HttpAnswer>((resolve, reject) => {
      const deadline =
        deadlineMs === undefined
          ? undefined
          : setTimeout(() => afterPendingReads(() => end(new NoAnswerError(`timed out after ${Math.round(deadlineMs)} ms`, 'deadline'))), deadlineMs);
      const settle = () => {
        exchange.done = true;
        clearTimeout(deadline);
        connection.exchange = undefined;
        connection.socket.setTimeout(0);
      };
      const exchange: Exchange = {
        head,
        cap,
        status: 0,
        body: [],
        bytes: 0,
        answered: false,
        keepAlive: false,
        reused: kept !== undefined,
        done: false,
        resolve: (answer) => {
          settle();
          if (exchange.keepAlive && !this.destroyed && !connection.socket.destroyed) this.idle.push(connection);
          else this.close(connection);
          resolve(answer);
        },
        fail: (error) => {
          settle();
          this.close(connection);
          reject(error);
        },
      };
      const end = (error: NoAnswerError) => !exchange.done && exchange.fail(error);
      connection.exchange = exchange;
      connection.parser = newParser(connection, () => this.close(connection));
      connection.timeoutMs = timeoutMs;
      connection.socket.setTimeout(timeoutMs);
      connection.socket.write(bytes);
    });
  }

  private open(): Connection {
    const socket = this.socketPath ? connect(this.socketPath) : connect(this.port, this.hostname);
    const connection: Connection = { socket, parser: new HTTPParser(HTTPParser.RESPONSE), timeoutMs: 0, received: 0 };
    this.all.add(connection);
    const failed = (error: NoAnswerError) => {
      const exchange = connection.exchange;
      // A kept-alive connection the service closed as this request went out: it never read the request.
      const stale = exchange?.reused && !exchange.answered && (error.message === 'ECONNRESET' || error.message === 'EPIPE');
      if (exchange && !exchange.done) exchange.fail(stale ? new StaleConnection(error.message) : error);
      else this.close(connection);
    };
    socket.on('timeout', () => {
      const exchange = connection.exchange;
      // No silence if bytes came meanwhile, nor if the exchange it was meant for ended and another began.
      failUnlessReadMeanwhile(
        () => (connection.exchange === exchange ? connection.received : -1),
        () => failed(new NoAnswerError(`timed out after ${connection.timeoutMs} ms`, 'timeout')),
      );
    });
    socket.on('data', (data: Buffer) => {
      connection.received += data.length;
      const exchange = connection.exchange;
      // Bytes nobody asked for: the connection is no longer one to keep.
      if (!exchange) return this.close(connection);
      exchange.answered = true;
      const parsed = connection.parser.execute(data);
      if (parsed instanceof Error && !exchange.done) exchange.fail(new NoAnswerError(`HPE_INVALID: ${parsed.message}`));
    });
    socket.on('end', () => {
      const exchange = connection.exchange;
      // An answer without a length ends with its connection.
      if (exchange && exchange.answered) connection.parser.finish();
      // node:http's client calls a connection closed before its answer a hang-up, ECONNRESET.
      failed(new NoAnswerError('ECONNRESET'));
    });
    socket.on('error', (e: NodeJS.ErrnoException) => failed(new NoAnswerError(e.code ?? e.message)));
    socket.on('close', () => failed(new NoAnswerError('ECONNRESET')));
    return connection;
  }

  private close(connection: Connection): void {
    connection.socket.destroy();
    this.all.delete(connection);
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
  }
}

/** A response parser for the connection's current exchange; an answer nobody asked for (after it) closes the connection. */
function newParser(connection: Connection, close: () => void): InstanceType<typeof HTTPParser> {
  const parser = answerParser();
  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    const exchange = connection.exchange;
    if (!exchange || exchange.done) {
      close();
      return 1;
    }
    const head = answerHead(parser, info, exchange.head);
    if ('refused' in head) {
      exchange.fail(new NoAnswerError(head.refused));
      return 1;
    }
    [exchange.status, exchange.keepAlive] = [info.statusCode, info.shouldKeepAlive];
    return head.bodiless ? 1 : 0;
  };
  parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
    const exchange = connection.exchange;
    if (!exchange || exchange.done) return;
    exchange.bytes += length;
    if (exchange.bytes > exchange.cap) return exchange.fail(new NoAnswerError(`answer longer than ${exchange.cap} bytes`, 'too-long'));
    exchange.body.push(chunk.subarray(offset, offset + length));
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    const exchange = connection.exchange;
    if (!exchange || exchange.done) return;
    // An interim answer (100 Continue) precedes the answer, as node:http's client reads it.
    if (exchange.status < 200 && exchange.status !== 101) {
      [exchange.body, exchange.bytes] = [[], 0];
      return;
    }
    exchange.resolve({ status: exchange.status, text: Buffer.concat(exchange.body).toString('utf8') });
  };
  return parser;
}
