// `judge.command`: a local judge endpoint that trialgate starts for a run and stops after it (the
// repository's scripted stand-in, or a local model server). The command is the trial set's own
// configuration, trusted like the rest of it: it sees the filesystem as the runner's user does and gets
// only the base environment and the key variable. It binds a loopback port of its choosing and prints its
// base URL on stdout. Isolated, that loopback is a network of its own: the runner reaches it through a
// relay's unix socket that no sandbox is shown, so no agent can find the judge, ask it, or stall it.
import { baseEnvironment } from '../isolation/open.ts';
import { LOOPBACK_URL } from '../isolation/relay.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import { EnvironmentError } from '../util/errors.ts';
import { afterPendingReads } from '../util/pending-reads.ts';

export interface LocalEndpoint {
  baseUrl: string;
  /** When set, connect here instead of to the URL's host and port (the judge's own network, isolated). */
  socketPath?: string;
  stop(): Promise<void>;
}

const START_MS = 15_000;
const STOP_GRACE_MS = 2_000;
const OUTPUT_CAP = 16 * 1024;

export const START_RULE = 'the judge endpoint (judge.command) did not start: an environment failure, not the agent’s';

/** Start `command` and wait up to `startMs` for it to print its loopback URL. */
export async function startLocalEndpoint(
  sandbox: Sandbox,
  command: string,
  cwd: string,
  env: Record<string, string>,
  startMs = START_MS,
): Promise<LocalEndpoint> {
  const placement = await sandbox.placeService();
  const endpoint = sandbox.spawn({
    argv: ['sh', '-c', command],
    cwd,
    env: { ...baseEnvironment(), ...env },
    mounts: [],
    filesystem: 'host',
    network: placement.network,
    ...(placement.expose ? { expose: { socketPath: placement.expose.socketPath, port: 'printed' as const } } : {}),
  });
  const { child } = endpoint;
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < OUTPUT_CAP) stderr += chunk;
  });
  let ended = false;
  void endpoint.exited.then(() => (ended = true));
  const stop = async () => {
    if (ended) return;
    endpoint.terminate();
    const timer = setTimeout(() => endpoint.kill(), STOP_GRACE_MS);
    await endpoint.exited;
    clearTimeout(timer);
  };
  const url = await new Promise<string | Error>((resolve) => {
    // A URL already in the pipe when the limit passes is read first (util/pending-reads.ts): the first resolve wins.
    const timer = setTimeout(() => afterPendingReads(() => resolve(new Error(`printed no loopback URL within ${startMs / 1000} s`))), startMs);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < OUTPUT_CAP) stdout += chunk;
      const found = LOOPBACK_URL.exec(stdout);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    void endpoint.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      resolve(new Error(`exited with ${signal ?? `code ${code}`} before printing its URL`));
    });
  });
  // Isolated, its relay listened before the command started: reached through that socket, pinned (sandbox.ts).
  const pinned = url instanceof Error ? true : ((await placement.pin?.()) ?? true);
  if (url instanceof Error || pinned !== true) {
    const why = url instanceof Error ? url.message : pinned === false ? 'made no socket for its relay' : pinned;
    await stop();
    const tail = stderr.trim().split('\n').slice(-5).join(' | ');
    throw new EnvironmentError(`judge.command ${JSON.stringify(command)} ${why}${tail ? `; stderr: ${tail}` : ''}`, START_RULE);
  }
  // Its output is no longer read; draining it keeps a chatty server from blocking on a full pipe.
  child.stdout!.resume();
  return { baseUrl: url, ...(placement.address.socketPath ? { socketPath: placement.address.socketPath } : {}), stop };
}
