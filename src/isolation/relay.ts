// A byte relay that runs inside a sandbox as the parent of the sandboxed command: it listens first, then
// starts the command, and exits with the command's status. It joins a sandbox's private network to a unix
// socket that the runner (or another sandbox) holds, so that an isolated service is reachable by trialgate
// and by its own acceptor only, never by an agent or by another trial. Forwarded into a sandbox that shares
// the runner's network (an agent with `network: full`), it serves only the processes of its own sandbox:
// the kernel's socket table says which process holds the connecting socket, and the sandbox's /proc shows
// only its own processes, so a connection from anywhere else is closed before a byte is relayed.
// It is passed to `node -e`, so it is CommonJS source and must stay self-contained.

/** Where the relay listens and where it connects: a unix socket path or a loopback TCP port (0: any free one). */
export type RelayEnd = { path: string } | { host: '127.0.0.1'; port: number };

/** The loopback base URL a local endpoint prints on stdout (judge.command): how the relay and the runner find its port. */
export const LOOPBACK_URL = /(https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+(?:\/[^\s]*)?)/;

export interface RelayConfig {
  listen: RelayEnd;
  /** Where to connect; `printed`: the loopback port in the URL the command prints on stdout (passed through). */
  to: RelayEnd | 'printed';
  /**
   * Start the command only once the relay listens (a client that connects at once, an acceptor), or at
   * the same time (a service: its readiness probe retries, and two starts in parallel halve the wait).
   */
  listenFirst: boolean;
  /** Close every connection that no process of this sandbox made (a relay on a network other sandboxes share). */
  ownPeersOnly?: boolean;
  /** Give the command its relay's address in this variable, `http://127.0.0.1:<port>` (the port it got). */
  urlVariable?: string;
  /**
   * An inherited descriptor on which the relay says, once, whether it listens (`{"listening":port}`) or
   * why not (`{"error":…}`), then closes it before the command starts: the command cannot forge it.
   */
  statusFd?: number;
}

// Joins a client to its upstream both ways; an error on either end ends both.
const JOIN_SOURCE = `const join = (client, upstream) => {
  const connection = net.connect(upstream);
  const end = () => { client.destroy(); connection.destroy(); };
  client.on('error', end);
  connection.on('error', end);
  client.pipe(connection).pipe(client);
};`;

export const RELAY_SOURCE = `'use strict';
const net = require('node:net');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const [config, ...argv] = process.argv.slice(1);
const { listen, to, listenFirst, ownPeersOnly, urlVariable, statusFd } = JSON.parse(config);
const LOOPBACK_URL = new RegExp(${JSON.stringify(LOOPBACK_URL.source)});
let upstream = to === 'printed' ? undefined : to;
${JOIN_SOURCE}
// The socket of a TCP connection's client end, from the socket table of this network (IPv4 and IPv6).
const clientInode = (socket) => {
  const hex = (port) => port.toString(16).toUpperCase().padStart(4, '0');
  const [from, at] = [hex(socket.remotePort), hex(socket.localPort)];
  const loopback = (address, port) => /^(0100007F|0000000000000000FFFF00000100007F):/.test(address) && address.endsWith(':' + port);
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try { text = fs.readFileSync(table, 'utf8'); } catch { continue; }
    for (const line of text.split('\\n').slice(1)) {
      const f = line.trim().split(/\\s+/);
      if (f.length > 9 && loopback(f[1], from) && loopback(f[2], at) && f[9] !== '0') return f[9];
    }
  }
  return undefined;
};
// Whether a process this sandbox shows holds the socket: its /proc lists its own processes only.
const ownPeer = (socket) => {
  const inode = clientInode(socket);
  if (!inode) return false;
  const held = 'socket:[' + inode + ']';
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(pid)) continue;
    let fds = [];
    try { fds = fs.readdirSync('/proc/' + pid + '/fd'); } catch { continue; }
    for (const fd of fds) {
      try { if (fs.readlinkSync('/proc/' + pid + '/fd/' + fd) === held) return true; } catch {}
    }
  }
  return false;
};
// The first line on the status descriptor is the relay's: unsaid, the command must not start and say it.
const status = (value) => {
  if (statusFd === undefined) return;
  try {
    fs.writeSync(statusFd, JSON.stringify(value) + '\\n');
    fs.closeSync(statusFd);
  } catch (e) {
    process.stderr.write('trialgate relay: cannot report its status: ' + e.message + '\\n');
    process.exit(70);
  }
};
const server = net.createServer((client) => {
  if (!upstream || (ownPeersOnly && !ownPeer(client))) return void client.destroy();
  join(client, upstream);
});
let listening = false;
server.on('error', (e) => {
  if (!listening) status({ error: e.code || e.message });
  process.stderr.write('trialgate relay: ' + e.message + '\\n');
  process.exit(70);
});
const start = () => {
  const child = spawn(argv[0], argv.slice(1), { stdio: ['inherit', to === 'printed' ? 'pipe' : 'inherit', 'inherit'] });
  if (to === 'printed') {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (upstream || printed.length > 16384) return;
      printed += chunk.toString('utf8');
      const url = LOOPBACK_URL.exec(printed);
      if (url) {
        const { hostname, port } = new URL(url[1]);
        upstream = { host: hostname === '[::1]' ? '::1' : '127.0.0.1', port: Number(port) };
      }
    });
  }
  child.on('error', (e) => { process.stderr.write('trialgate relay: cannot start ' + argv[0] + ': ' + e.message + '\\n'); process.exit(127); });
  child.on('exit', (code, signal) => process.exit(code === null ? 128 + (constants.signals[signal] || 9) : code));
  for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(name, () => child.kill(name));
};
const listened = () => {
  listening = true;
  const { port } = server.address() || {};
  if (urlVariable) process.env[urlVariable] = 'http://127.0.0.1:' + port;
  status({ listening: port === undefined ? listen.path : port });
};
if (listenFirst) server.listen(listen, () => { listened(); start(); });
else {
  start();
  server.listen(listen, listened);
}
`;

/** argv that runs `argv` behind a relay with `config`, using the node binary at `node`. */
export function relayArgv(node: string, config: RelayConfig, argv: readonly string[]): string[] {
  return [node, '-e', RELAY_SOURCE, JSON.stringify(config), ...argv];
}

/**
 * The variable that hands a service's in-process relay its ends ({ listen, to } as JSON). The relay reads it
 * once and removes it, so a process the service forks with the same node flags relays nothing twice.
 */
export const IN_PROCESS_RELAY_VARIABLE = 'TRIALGATE_SERVICE_RELAY';

/**
 * Node options under which the preload is not the service's relay: with `--run` (a package script, which a
 * shell starts) and in watch mode (a restarted service finds the socket taken) the service runs in another
 * process than the one preloaded, and node 20's permission model and policies refuse a file they were not
 * told of. A node named with one of them, in its arguments or its NODE_OPTIONS, keeps the relay process.
 */
const WITHOUT_PRELOAD = /^--(?:run|watch|watch-path|experimental-permission|permission|experimental-policy|policy-integrity)(?:=|$)/;

/** Whether a node given `args` (everything after the program, its script's own included) and `nodeOptions` can carry the relay in-process. */
export function carriesRelay(args: readonly string[], nodeOptions = ''): boolean {
  return ![...args, ...nodeOptions.split(/\s+/)].some((arg) => WITHOUT_PRELOAD.test(arg));
}

/**
 * A service that is itself a node process carries its relay in-process: this file, preloaded with
 * `node --require`, listens on the unix socket and joins each connection to the service's port, so a
 * service start is one node process instead of two (a node start is most of a relay's cost). It joins a
 * private network to its socket exactly as the relay process would, and holds nothing the service could
 * misuse: its server is unreferenced, so the service's process ends when the service's own work does.
 * Plain CommonJS for whatever node the service names.
 */
export const IN_PROCESS_RELAY_SOURCE = `'use strict';
(function () {
  const config = process.env.${IN_PROCESS_RELAY_VARIABLE};
  if (!config) return;
  delete process.env.${IN_PROCESS_RELAY_VARIABLE};
  const net = require('net');
  const { listen, to } = JSON.parse(config);
  ${JOIN_SOURCE}
  const server = net.createServer((client) => join(client, to));
  server.on('error', (e) => {
    process.stderr.write('trialgate relay: ' + e.message + '\\n');
    process.exit(70);
  });
  server.listen(listen);
  server.unref();
})();
`;
