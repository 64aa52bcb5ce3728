// The fallback where no isolation is available (macOS, a kernel or policy that forbids user namespaces,
// or `isolation: none`): the command runs as a plain child in its own process group with exactly the
// environment it was given. What it can reach is whatever the user running trialgate can reach; the
// integrity checks still catch what it changes. Processes that leave the group are found by a marker in
// their environment and ended too (best effort: a process that clears its environment escapes that).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freeServicePort } from './ports.ts';
import { killGroup, killMarked, MarkedProcesses, recentProcessIds, supervise, treeBelow } from './processes.ts';
import type { IsolationReport, ListenAt, Sandbox, SandboxedProcess, SandboxSpec, ServiceAddress, ServicePlacement, ServiceReach } from './sandbox.ts';

/** Sweeps for marked processes after a command ends, at most: each one ends what the previous one missed. */
const MAX_SWEEPS = 5;
/** How old a listing of /proc may be when the agent's processes that left its tree are looked for in it, ms (a meter reads every 250). */
const LISTING_AGE_MS = 100;

export class Unisolated implements Sandbox {
  /** The command sees the host's files as the user running trialgate does. */
  readonly confinesFiles = false;
  /** A service listens on a loopback port that any process of the user can reach. */
  readonly privateServices = false;

  constructor(readonly report: IsolationReport) {}

  spawn(spec: SandboxSpec): SandboxedProcess {
    const sandboxId = randomBytes(12).toString('hex');
    const marker = `TRIALGATE_SANDBOX=${sandboxId}`;
    const [command, ...args] = spec.argv;
    // A home and a temporary directory of its own, as inside a sandbox, side by side (the home is not
    // under the TMPDIR): nothing of the user's home is offered (it still can be reached).
    const own = mkdtempSync(join(tmpdir(), 'trialgate-agent-'));
    mkdirSync(join(own, 'home'));
    mkdirSync(join(own, 'tmp'));
    // What a sandbox would show under its HOME (a directory of the user's home) is linked there, parents first:
    // one inside another already linked (~/.cargo/bin beside ~/.cargo) is shown through its parent's link.
    const inHome = spec.mounts.flatMap((m) => (m.inHome === undefined ? [] : [{ path: m.path, link: join(own, 'home', m.inHome) }]));
    for (const { path, link } of inHome.sort((a, b) => a.link.length - b.link.length)) {
      if (existsSync(link)) continue;
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(path, link);
    }
    // A forwarded listener is reached where it listens, on the loopback every process shares.
    const forwarded = spec.forward?.variable ? { [spec.forward.variable]: spec.forward.to.url } : {};
    const child = spawn(command!, args, {
      cwd: spec.cwd,
      env: { HOME: join(own, 'home'), TMPDIR: join(own, 'tmp'), ...spec.env, ...forwarded, TRIALGATE_SANDBOX: sandboxId },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    // No process at all (its program could not be run): Node says so before any 'spawn'.
    let unspawned: string | undefined;
    child.once('error', (e) => (unspawned ??= e.message));
    child.once('spawn', () => (unspawned ??= ''));
    const kill = () => {
      killGroup(child);
      void killMarked(marker);
    };
    const terminate = () => {
      killGroup(child, 'SIGTERM');
      void killMarked(marker, 'SIGTERM');
    };
    const exited = supervise(child, kill, async () => {
      // What detached from the group but kept the marker ends too; again until a sweep finds none, since a
      // process may start one (a shell its `sleep`) after a sweep listed /proc and before it was killed.
      killGroup(child);
      for (let sweep = 0; sweep < MAX_SWEEPS && (await killMarked(marker)) > 0; sweep++);
      rmSync(own, { recursive: true, force: true });
    });
    const notStarted = exited.then(() => (unspawned ? `${command} could not be started: ${unspawned}` : undefined));
    // A process that left the group keeps the marker: still the agent's, its CPU and its wait (starvation.ts).
    // Found at every read in a listing of /proc shared by every agent, each new process's environment read
    // once; the agent's own tree from its processes' lists of children.
    const marked = new MarkedProcesses(marker);
    const processes = async () => {
      if (child.pid === undefined) return [];
      return [...new Set([child.pid, ...treeBelow(child.pid), ...marked.listed(recentProcessIds(LISTING_AGE_MS))])];
    };
    return { child, exited, kill, terminate, forwardFailure: Promise.resolve(undefined), notStarted, processes };
  }

  async placeService(): Promise<ServicePlacement> {
    const port = await freeServicePort();
    return { port, address: { url: `http://127.0.0.1:${port}` }, network: 'host' };
  }

  async placeListener(port = 0): Promise<ListenAt> {
    return { host: '127.0.0.1', port };
  }

  reach(address: ServiceAddress): ServiceReach {
    return { url: address.url, network: 'host' };
  }

  async dispose(): Promise<void> {}
}
