// Isolation with bubblewrap (`bwrap`, from the distribution's packages): a new user, PID, IPC, UTS and
// mount namespace per command, built up from nothing but what the spec names and the system read-only.
// Chosen over `unshare` because it builds a minimal view from an empty root (nothing is visible by
// default, so nothing can be forgotten), works unprivileged, and ends every process of the sandbox when
// its command exits (the namespace's init dies, and the kernel kills the rest), whatever they did to detach.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import { link, lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, sep } from 'node:path';
import { killGroup, signalDescendants, supervise } from './processes.ts';
import { privateServicePort } from './ports.ts';
import { carriesRelay, IN_PROCESS_RELAY_SOURCE, IN_PROCESS_RELAY_VARIABLE, relayArgv } from './relay.ts';
import type { Readable } from 'node:stream';
import type { IsolationReport, ListenAt, Sandbox, SandboxedProcess, SandboxSpec, ServiceAddress, ServicePlacement, ServiceReach } from './sandbox.ts';
import { removeWritten } from '../util/files.ts';

/** System directories shown read-only (those that exist); the rest of the host is not there at all. */
export const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt', '/nix/store'];
/** A sandbox's /tmp and HOME are memory: cap each so a runaway writer cannot exhaust the host. */
const TMP_BYTES = 2 * 1024 * 1024 * 1024;
/** The in-process relay's preload, in the socket root (IN_PROCESS_RELAY_SOURCE). */
const RELAY_PRELOAD = 'relay.cjs';
/** The HOME of every sandboxed command: its own, empty, and not under its TMPDIR (/tmp). */
export const SANDBOX_HOME = '/home/agent';

export class Bubblewrap implements Sandbox {
  readonly report: IsolationReport = { mechanism: 'bubblewrap' };
  readonly confinesFiles = true;
  readonly privateServices = true;
  private sockets = 0;

  private constructor(
    private readonly bwrap: string,
    private readonly socketRoot: string,
    private readonly system: string[],
    /** Whether this bwrap reports the command's exit on a descriptor of its own (--json-status-fd, bubblewrap 0.4+). */
    private statusReports = true,
  ) {}

  /** A working bubblewrap, or why not (the reason names the fix). */
  static async probe(): Promise<Bubblewrap | string> {
    if (process.platform !== 'linux') return `bubblewrap isolation needs Linux (this is ${process.platform})`;
    const bwrap = findOnPath('bwrap');
    if (!bwrap) return 'bubblewrap is not installed (Debian/Ubuntu: sudo apt-get install -y bubblewrap)';
    const socketRoot = await mkdtemp(join(tmpdir(), 'tg-'));
    await writeFile(join(socketRoot, RELAY_PRELOAD), IN_PROCESS_RELAY_SOURCE, { mode: 0o444 });
    const sandbox = new Bubblewrap(bwrap, socketRoot, systemArgs());
    // Probe exactly what services need (a private network too): a runner that forbids it is found here. No
    // limit on its time: `true` ends, and a probe cut short by a busy machine would turn isolation off.
    const args = sandbox.args({ argv: ['true'], cwd: '/', env: {}, mounts: [], network: 'none' });
    const reported = spawnSync(bwrap, ['--json-status-fd', '3', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    if (reported.status === 0) return sandbox;
    const probe = spawnSync(bwrap, args, { encoding: 'utf8' });
    sandbox.statusReports = false;
    if (probe.status === 0) return sandbox;
    await rm(socketRoot, { recursive: true, force: true });
    const why = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split('\n')[0];
    return `bubblewrap cannot create namespaces here (${why}); on Ubuntu 23.10+ (GitHub's ubuntu-24.04 runners) AppArmor restricts them: see docs/isolation.md for the one-line fix`;
  }

  spawn(spec: SandboxSpec): SandboxedProcess {
    const env: NodeJS.ProcessEnv = spec.filesystem === 'host' ? { ...spec.env } : { HOME: SANDBOX_HOME, TMPDIR: '/tmp', ...spec.env };
    const exposed = this.inProcessRelay(spec);
    if (exposed) env[IN_PROCESS_RELAY_VARIABLE] = JSON.stringify({ listen: { path: exposed.socketPath }, to: { host: '127.0.0.1', port: exposed.port } });
    // A forward's relay says on descriptor 3 whether it listens, before the command can hold that descriptor.
    // bwrap itself reports on the next one (--json-status-fd), which the command never holds: the command's
    // exit code once it ran, nothing when the sandbox never started it.
    const statusFd = spec.forward ? 4 : 3;
    const status = this.statusReports ? ['--json-status-fd', String(statusFd)] : [];
    const stdio = Array.from({ length: this.statusReports ? statusFd + 1 : statusFd }, (_, fd) => (fd === 0 ? 'ignore' : 'pipe')) as ('ignore' | 'pipe')[];
    const child = spawn(this.bwrap, [...status, ...this.args(spec, exposed !== undefined)], { cwd: '/', env, stdio, detached: true });
    let ended = false;
    // bwrap dies; its namespace's init has it as parent-death signal, and takes every process with it.
    const kill = () => {
      ended = true;
      killGroup(child);
    };
    // bwrap passes no signal on (a SIGTERM would end it, and with it everything at once): each process
    // inside gets it, bwrap's own init and monitor spared, so that they see their command end.
    const terminate = () => {
      ended = true;
      signalDescendants(child.pid!, 'SIGTERM', (comm) => comm === 'bwrap');
    };
    const forwardFailure = spec.forward ? relayStatus(child.stdio[3] as Readable) : Promise.resolve(undefined);
    const ran = this.statusReports ? commandRan(child.stdio[statusFd] as Readable) : Promise.resolve(true);
    const exited = supervise(child, kill);
    const notStarted = exited.then(async ({ code, signal }) =>
      ended || (await ran) ? undefined : `bubblewrap ${signal ? `ended by ${signal}` : `exited ${code}`} before it started the command`,
    );
    return { child, exited, kill, terminate, forwardFailure, notStarted, ...(exposed ? { relayInProcess: true } : {}) };
  }

  async placeService(): Promise<ServicePlacement> {
    const dir = join(this.socketRoot, String(++this.sockets));
    await mkdir(dir);
    // The relay listens in a directory the service can write (it must, to make its socket there); so the
    // runner and the acceptors reach it only through a hard link beside it, which no sandbox is shown: a
    // link the service puts in its socket's place can lead nowhere but to its own socket.
    const listening = join(dir, 's.sock');
    const socketPath = `${dir}.sock`;
    const port = privateServicePort();
    return {
      port,
      address: { url: `http://127.0.0.1:${port}`, socketPath },
      expose: { socketPath: listening, port },
      network: 'none',
      pin: pinner(listening, socketPath),
    };
  }

  async placeListener(): Promise<ListenAt> {
    const dir = join(this.socketRoot, String(++this.sockets));
    await mkdir(dir);
    return { path: join(dir, 's.sock') };
  }

  reach(address: ServiceAddress): ServiceReach {
    if (!address.socketPath) return { url: address.url, network: 'host' };
    const port = privateServicePort();
    return { url: `http://127.0.0.1:${port}`, network: 'none', forward: { port, to: address } };
  }

  async dispose(): Promise<void> {
    // What the services wrote there, a socket one ended at the run's end is still making or a locked directory included.
    await removeWritten(this.socketRoot);
  }

  /** bwrap's arguments for `spec`; `relayInProcess`: as inProcessRelay decided it (once a spawn: it looks on the PATH). */
  private args(spec: SandboxSpec, relayInProcess = false): string[] {
    const args = ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try', '--hostname', 'trial'];
    if (spec.network === 'none') args.push('--unshare-net');
    args.push('--die-with-parent', '--new-session', '--cap-drop', 'ALL');
    const binds: [string, string, string][] = [];
    if (spec.filesystem === 'host') args.push('--bind', '/', '/', '--dev-bind', '/dev', '/dev', '--proc', '/proc');
    else {
      args.push(...this.system);
      args.push('--proc', '/proc', '--dev', '/dev', '--size', String(TMP_BYTES), '--tmpfs', '/tmp', '--size', String(TMP_BYTES), '--tmpfs', SANDBOX_HOME);
      for (const dir of spec.conceal ?? []) if (this.visible(dir)) args.push('--tmpfs', dir);
      binds.push(
        ...spec.mounts.map((m): [string, string, string] => [
          m.writable ? '--bind' : '--ro-bind',
          m.path,
          m.at ?? (m.inHome ? join(SANDBOX_HOME, m.inHome) : m.path),
        ]),
      );
      const node = nodeRoot();
      if (!this.visible(node)) binds.push(['--ro-bind', node, node]);
    }
    let argv = [...spec.argv];
    if (spec.expose) binds.push(['--bind', dirname(spec.expose.socketPath), dirname(spec.expose.socketPath)]);
    if (relayInProcess) {
      const preload = join(this.socketRoot, RELAY_PRELOAD);
      binds.push(['--ro-bind', preload, preload]);
      argv = [argv[0]!, '--require', preload, ...argv.slice(1)];
    } else if (spec.expose) {
      const { port } = spec.expose;
      argv = relayArgv(
        process.execPath,
        {
          listen: { path: spec.expose.socketPath },
          to: port === 'printed' ? 'printed' : { host: '127.0.0.1', port },
          // A service's probe retries; a printed URL is read only once the relay listens.
          listenFirst: port === 'printed',
        },
        argv,
      );
    }
    if (spec.forward?.to.socketPath) {
      binds.push(['--bind', spec.forward.to.socketPath, spec.forward.to.socketPath]);
      argv = relayArgv(
        process.execPath,
        {
          listen: { host: '127.0.0.1', port: spec.forward.port },
          to: { path: spec.forward.to.socketPath },
          listenFirst: true,
          // On the runner's network every other sandbox could connect: only this one's processes may.
          ownPeersOnly: spec.network === 'host',
          ...(spec.forward.variable ? { urlVariable: spec.forward.variable } : {}),
          statusFd: 3,
        },
        argv,
      );
    }
    // Parents before children, so a writable candidate/ lands inside its read-only trial directory.
    binds.sort((a, b) => depth(a[2]) - depth(b[2]));
    for (const [kind, from, to] of binds) args.push(kind, from, to);
    if (spec.filesystem !== 'host') for (const dir of spec.hide ?? []) args.push('--tmpfs', dir, '--remount-ro', dir);
    args.push('--chdir', spec.cwd, '--', ...argv);
    return args;
  }

  /**
   * A service whose command is node itself (found on the PATH it runs with) and that listens on a port it is
   * given carries its relay in-process (IN_PROCESS_RELAY_SOURCE): one node start per service instead of two.
   * Any other command, one that prints its URL, or a node whose options keep the preload from relaying
   * (carriesRelay), runs behind the relay process.
   */
  private inProcessRelay(spec: SandboxSpec): { socketPath: string; port: number } | undefined {
    const { expose, forward, argv, env } = spec;
    if (!expose || expose.port === 'printed' || forward || !argv[0] || !env.PATH) return undefined;
    const command = argv[0];
    if (command !== process.execPath && !['node', 'nodejs'].includes(basename(command))) return undefined;
    if (!carriesRelay(argv.slice(1), env.NODE_OPTIONS)) return undefined;
    // Where the sandbox can run it (else the relay process says it could not start it, as for any command).
    const found = command.includes(sep) ? (existsSync(command) ? command : undefined) : findOnPath(command, env.PATH);
    const runnable = found && (this.visible(found) || found.startsWith(nodeRoot() + sep));
    return runnable ? { socketPath: expose.socketPath, port: expose.port } : undefined;
  }

  /** Whether `path` is already shown by a system mount. */
  private visible(path: string): boolean {
    return SYSTEM_DIRS.some((dir) => path === dir || path.startsWith(dir + sep));
  }
}

/** Whether bwrap reported the command's exit on its status descriptor: it only does for a command it started. */
async function commandRan(stream: Readable): Promise<boolean> {
  let text = '';
  for await (const chunk of stream) if (text.length < 4096) text += String(chunk);
  return text.includes('"exit-code"');
}

/**
 * Pins the socket at `from` at `to` by a hard link (link(2) never follows a last symlink, and a hard link
 * cannot cross into a sandbox's mounts): true once pinned, false while nothing is at `from` yet, or why not
 * when what is there is not a socket. Only its own link counts: anything at `to` before it is refused.
 */
function pinner(from: string, to: string): () => Promise<true | false | string> {
  let pinned = false;
  return async () => {
    if (pinned) return true;
    try {
      await link(from, to);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      // A directory cannot be linked: the service's doing, said as such; otherwise the filesystem's.
      const there = await lstat(from).catch(() => undefined);
      if (there && !there.isSocket()) return replaced(from, there);
      return `its socket could not be pinned (${code ?? (e as Error).message}): the temporary directory (TMPDIR) must allow hard links`;
    }
    const made = await lstat(to);
    if (made.isSocket()) return (pinned = true);
    await rm(to, { force: true });
    return replaced(from, made);
  };
}

function replaced(socket: string, what: Stats): string {
  const thing = what.isSymbolicLink() ? 'a link' : what.isDirectory() ? 'a directory' : 'something that is not a socket';
  return `put ${thing} in the place of the socket its relay made (${socket}): a service is reached through its own socket only`;
}

/** What a forward's relay said on its status descriptor: why it could not listen, or undefined. */
async function relayStatus(stream: Readable): Promise<string | undefined> {
  let text = '';
  for await (const chunk of stream) if (text.length < 4096) text += String(chunk);
  try {
    const said = JSON.parse(text.split('\n')[0]!) as { error?: unknown };
    return typeof said.error === 'string' ? said.error : undefined;
  } catch {
    // Nothing said (bwrap failed before the relay started): not the forward's failure to report.
    return undefined;
  }
}

function depth(path: string): number {
  return path.split(sep).length;
}

/** The system directories as bwrap arguments: directories bound read-only, links recreated as links. */
function systemArgs(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  // Ubuntu's /etc/resolv.conf links into /run: without it, names do not resolve inside.
  try {
    const resolv = realpathSync('/etc/resolv.conf');
    if (!resolv.startsWith('/etc/')) args.push('--ro-bind', dirname(resolv), dirname(resolv));
  } catch {
    // no resolver configuration: nothing to show
  }
  return args;
}

/** The installation of the running node (bin/node's grandparent): relays and node agents need it. */
function nodeRoot(): string {
  return dirname(dirname(realpathSync(process.execPath)));
}

function findOnPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}
