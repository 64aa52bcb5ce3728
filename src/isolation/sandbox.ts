// The isolation plug-in point: every process trialgate starts on behalf of a trial (the agent, a service
// variant, a `command` acceptor) is started through a Sandbox. An isolating sandbox shows the process only
// what the spec names and ends every process it started; the unisolated one runs it as a plain child and
// says so. Callers never branch on which one they got: what a sandbox can do is data (`confinesFiles`,
// `privateServices`), and `report` is only ever recorded, never asked.
import type { ChildProcess } from 'node:child_process';

export type Mechanism = 'bubblewrap' | 'none';

/** What a run was isolated with, recorded in results.json; `reason` says why not, when not. */
export interface IsolationReport {
  mechanism: Mechanism;
  reason?: string;
}

export interface Mount {
  /** Host path, shown at the same path inside. */
  path: string;
  writable?: boolean;
  /** Shown at this path instead (e.g. a private scratch directory in place of evidence/). */
  at?: string;
  /** Shown at this path under the command's own HOME instead (a directory of the host's home, `~/.cargo`). */
  inHome?: string;
}

/** A service reached over a unix socket (isolated) or a host loopback port (unisolated). */
export interface ServiceAddress {
  /** For display and for clients on the host network. */
  url: string;
  /** When set, connect here instead of to the URL's host and port. */
  socketPath?: string;
}

export interface SandboxSpec {
  argv: readonly string[];
  cwd: string;
  /**
   * The whole environment: nothing of trialgate's own environment is passed on implicitly. Every sandbox
   * adds a HOME and a TMPDIR of the command's own, the HOME never under the TMPDIR (CLIs such as Codex
   * refuse to install helpers under a temporary directory).
   */
  env: Readonly<Record<string, string>>;
  mounts: readonly Mount[];
  /** Directories inside mounts that must look empty (a fixture's reference answers). */
  hide?: readonly string[];
  /**
   * Directories that must show nothing but the mounts inside them, even where a system directory would
   * show them (a project checked out under /opt): the project, the run directory, trialgate's temp files.
   */
  conceal?: readonly string[];
  /** `host`: the runner's network (an agent calling its model); `none`: loopback of its own only. */
  network: 'host' | 'none';
  /**
   * `host`: the whole filesystem as the runner's user sees it, for a trusted command whose network alone
   * is kept apart (the judge endpoint); `mounts`, `hide` and `conceal` are then not used. Default: only
   * the mounts and the system, read-only.
   */
  filesystem?: 'host';
  /** A listener the runner holds, reached from inside: see Forward. */
  forward?: Forward;
  /**
   * Isolated only: the unix socket at `socketPath` reaches TCP 127.0.0.1:port inside (a service), or the
   * loopback port of the URL the command prints on stdout (`printed`: a local judge endpoint).
   */
  expose?: { socketPath: string; port: number | 'printed' };
}

/**
 * Inside, TCP 127.0.0.1:port (0: any free one) reaches `to`, and only the sandbox's own processes reach it,
 * whatever network the sandbox shares (an acceptor to its variant, an agent to its tool proxy). With
 * `variable`, the command finds the address there. Unisolated, `to` is reached directly at its URL.
 */
export interface Forward {
  port: number;
  to: ServiceAddress;
  variable?: string;
}

/** Where the runner listens for one sandboxed command: a unix socket (isolated) or a loopback port. */
export type ListenAt = { path: string } | { host: '127.0.0.1'; port: number };

export interface SandboxedProcess {
  child: ChildProcess;
  /** Once the command ended and every process it started is gone (as far as the sandbox can tell). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ask the command and everything it started to end (SIGTERM to each): what a budget does before kill(). */
  terminate(): void;
  /** End the command and everything it started, now. */
  kill(): void;
  /**
   * With a forward: resolves, once known, to why it could not listen inside (a fixed port taken), or to
   * undefined when it listened (or nothing was forwarded). Only the runner's relay can say so.
   */
  forwardFailure: Promise<string | undefined>;
  /**
   * Once it exited: why the sandbox never started the command (it could not be set up, or its program
   * could not be run), or undefined when the command ran, or when it was ended by kill() or terminate().
   * Only the sandbox can say so: the command's own output and exit status could say anything.
   */
  notStarted: Promise<string | undefined>;
  /** A service that carries its relay in its own node process (bubblewrap.ts): its event loop must turn for it to be reached. */
  relayInProcess?: boolean;
  /**
   * The processes the command runs now, its own first: those below it, and those that left its tree but
   * are still the sandbox's (unisolated: detached, carrying its marker). Default: those below it.
   */
  processes?(): Promise<number[]>;
}

/** Where a service listens inside its sandbox and how the runner reaches it. */
export interface ServicePlacement {
  port: number;
  address: ServiceAddress;
  expose?: { socketPath: string; port: number };
  network: 'host' | 'none';
  /**
   * Isolated: the socket its relay made, pinned where the runner and acceptors reach it (address.socketPath,
   * a place no sandbox is shown): true once pinned, false while there is no socket yet; why not, when what
   * is there is not a socket (the service put something in its place). Called before each readiness probe.
   */
  pin?: () => Promise<true | false | string>;
}

/** How a sandboxed client (an acceptor) is given a service: the URL it sees and what must be forwarded. */
export interface ServiceReach {
  url: string;
  network: 'host' | 'none';
  forward?: Forward;
}

export interface Sandbox {
  /** What the run was isolated with, for results.json and the reports. */
  readonly report: IsolationReport;
  /**
   * Whether the process sees only its mounts (and the system's directories), each where `at` says: an
   * agent's evidence/ can then be a scratch directory of its own, and a path it names outside its mounts
   * is one it cannot see. Otherwise it sees the host's files as they are and `at` cannot move a mount.
   */
  readonly confinesFiles: boolean;
  /**
   * Whether a service it places is reachable only through what the runner hands out: an idle service
   * then waits out of every agent's reach, so a run may keep it between trials (service/pool.ts).
   */
  readonly privateServices: boolean;
  spawn(spec: SandboxSpec): SandboxedProcess;
  placeService(): Promise<ServicePlacement>;
  /**
   * Where the runner listens for one sandboxed command only (a tool proxy, handed to it with a Forward):
   * isolated, a unix socket no sandbox is shown but the one it is forwarded into; unisolated, a loopback
   * port (`port`, or a free one).
   */
  placeListener(port?: number): Promise<ListenAt>;
  reach(address: ServiceAddress): ServiceReach;
  /** Remove what the sandbox made for this run (socket directories). */
  dispose(): Promise<void>;
}

/** A sandbox cannot be set up where it was required: the run is an environment error, not a verdict. */
export class IsolationUnavailable extends Error {
  override readonly name = 'IsolationUnavailable';
}
