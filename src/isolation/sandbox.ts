// The isolation plug-in point: every process trialgate starts on behalf of a trial (the agent, a service
// variant, a `command` acceptor) is started through a Sandbox. An isolating sandbox shows the process only
// what the spec names and ends every process it started; the unisolated one runs it as a plain child and
// says so. Callers never branch on which one they got.
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
  /** The whole environment: nothing of trialgate's own environment is passed on implicitly. */
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
  /** Isolated only: inside, TCP 127.0.0.1:port reaches this service (an acceptor to its variant). */
  forward?: { port: number; to: ServiceAddress };
  /** Isolated only: the unix socket at `socketPath` reaches TCP 127.0.0.1:port inside (a service). */
  expose?: { socketPath: string; port: number };
}

export interface SandboxedProcess {
  child: ChildProcess;
  /** Once the command ended and every process it started is gone (as far as the sandbox can tell). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** End the command and everything it started, now. */
  kill(): void;
}

/** Where a service listens inside its sandbox and how the runner reaches it. */
export interface ServicePlacement {
  port: number;
  address: ServiceAddress;
  expose?: { socketPath: string; port: number };
  network: 'host' | 'none';
}

/** How a sandboxed client (an acceptor) is given a service: the URL it sees and what must be forwarded. */
export interface ServiceReach {
  url: string;
  network: 'host' | 'none';
  forward?: { port: number; to: ServiceAddress };
}

export interface Sandbox {
  readonly report: IsolationReport;
  /**
   * Whether a service it places is reachable only through what the runner hands out: an idle service
   * then waits out of every agent's reach, so a run may keep it between trials (service/pool.ts).
   */
  readonly privateServices: boolean;
  spawn(spec: SandboxSpec): SandboxedProcess;
  placeService(): Promise<ServicePlacement>;
  reach(address: ServiceAddress): ServiceReach;
  /** Remove what the sandbox made for this run (socket directories). */
  dispose(): Promise<void>;
}

/** A sandbox cannot be set up where it was required: the run is an environment error, not a verdict. */
export class IsolationUnavailable extends Error {
  override readonly name = 'IsolationUnavailable';
}
