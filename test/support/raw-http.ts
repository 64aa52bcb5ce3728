// A loopback server that stands in for a service at the level of bytes: it records every byte it reads and
// answers each request it parses with the text a test gives (or nothing, or by ending the connection), so a
// test sees exactly what trialgate's HTTP client sent and can answer it with framings no HTTP library writes.
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';

export interface RawRequest {
  method: string;
  url: string;
  /** Its place among every request the server parsed, from 1. */
  nth: number;
}

const servers: Server[] = [];
const sockets = new Set<Socket>();

/**
 * A server that, per request it parses, writes what `answer` returns for it (undefined: nothing); `answer`
 * may also end the connection through `socket`.
 */
export async function serve(answer: (request: RawRequest, socket: Socket) => string | undefined) {
  const received: Buffer[] = [];
  let connections = 0;
  let nth = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    const parser = new HTTPParser(HTTPParser.REQUEST);
    let request: RawRequest = { method: '', url: '', nth: 0 };
    parser[HTTPParser.kOnHeadersComplete] = (info) => void (request = { method: HTTPParser.methods[info.method]!, url: info.url, nth: ++nth });
    parser[HTTPParser.kOnMessageComplete] = () => {
      const text = answer(request, socket);
      if (text !== undefined && !socket.destroyed) socket.write(text);
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      parser.execute(data);
    });
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  servers.push(server);
  return { url: `http://127.0.0.1:${port}`, received: () => Buffer.concat(received).toString('utf8'), connections: () => connections };
}

/** Every server `serve` started, and its connections, closed: a test file's `after`. */
export function closeServers(): void {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.close();
}
