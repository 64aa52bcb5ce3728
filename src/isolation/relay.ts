// A byte relay that runs inside a sandbox as the parent of the sandboxed command: it listens first, then
// starts the command, and exits with the command's status. It joins a sandbox's private network to a unix
// socket that the runner (or another sandbox) holds, so that an isolated service is reachable by trialgate
// and by its own acceptor only, never by an agent or by another trial.
// It is passed to `node -e`, so it is CommonJS source and must stay self-contained.

/** Where the relay listens and where it connects: a unix socket path or a loopback TCP port. */
export type RelayEnd = { path: string } | { host: '127.0.0.1'; port: number };

export interface RelayConfig {
  listen: RelayEnd;
  to: RelayEnd;
  /**
   * Start the command only once the relay listens (a client that connects at once, an acceptor), or at
   * the same time (a service: its readiness probe retries, and two starts in parallel halve the wait).
   */
  listenFirst: boolean;
}

export const RELAY_SOURCE = `'use strict';
const net = require('node:net');
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const [config, ...argv] = process.argv.slice(1);
const { listen, to, listenFirst } = JSON.parse(config);
const server = net.createServer((client) => {
  const upstream = net.connect(to);
  const end = () => { client.destroy(); upstream.destroy(); };
  client.on('error', end);
  upstream.on('error', end);
  client.pipe(upstream).pipe(client);
});
server.on('error', (e) => { process.stderr.write('trialgate relay: ' + e.message + '\\n'); process.exit(70); });
const start = () => {
  const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit' });
  child.on('error', (e) => { process.stderr.write('trialgate relay: cannot start ' + argv[0] + ': ' + e.message + '\\n'); process.exit(127); });
  child.on('exit', (code, signal) => process.exit(code === null ? 128 + (constants.signals[signal] || 9) : code));
  for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(name, () => child.kill(name));
};
if (listenFirst) server.listen(listen, start);
else {
  start();
  server.listen(listen);
}
`;

/** argv that runs `argv` behind a relay with `config`, using the node binary at `node`. */
export function relayArgv(node: string, config: RelayConfig, argv: readonly string[]): string[] {
  return [node, '-e', RELAY_SOURCE, JSON.stringify(config), ...argv];
}
