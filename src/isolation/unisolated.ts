// The fallback where no isolation is available (macOS, a kernel or policy that forbids user namespaces,
// or `isolation: none`): the command runs as a plain child in its own process group with exactly the
// environment it was given. What it can reach is whatever the user running trialgate can reach; the
// integrity checks still catch what it changes. Processes that leave the group are found by a marker in
// their environment and ended too (best effort: a process that clears its environment escapes that).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killGroup, killMarked, supervise } from './processes.ts';
import type { IsolationReport, Sandbox, SandboxedProcess, SandboxSpec, ServiceAddress, ServicePlacement, ServiceReach } from './sandbox.ts';

export class Unisolated implements Sandbox {
  /** A service listens on a loopback port that any process of the user can reach. */
  readonly privateServices = false;

  constructor(readonly report: IsolationReport) {}

  spawn(spec: SandboxSpec): SandboxedProcess {
    const marker = `TRIALGATE_SANDBOX=${randomBytes(12).toString('hex')}`;
    const [command, ...args] = spec.argv;
    // A home of its own, as inside a sandbox: nothing of the user's home is offered (it still can be reached).
    const home = mkdtempSync(join(tmpdir(), 'trialgate-home-'));
    const child = spawn(command!, args, {
      cwd: spec.cwd,
      env: { HOME: home, TMPDIR: tmpdir(), ...spec.env, TRIALGATE_SANDBOX: marker.split('=')[1]! },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const kill = () => {
      killGroup(child);
      void killMarked(marker);
    };
    const exited = supervise(child, kill, async () => {
      // What detached from the group but kept the marker ends too.
      killGroup(child);
      await killMarked(marker);
      rmSync(home, { recursive: true, force: true });
    });
    return { child, exited, kill };
  }

  async placeService(): Promise<ServicePlacement> {
    const port = await freePort();
    return { port, address: { url: `http://127.0.0.1:${port}` }, network: 'host' };
  }

  reach(address: ServiceAddress): ServiceReach {
    return { url: address.url, network: 'host' };
  }

  async dispose(): Promise<void> {}
}

/** A port free on 127.0.0.1 now (another process may take it before it is bound: callers retry). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
