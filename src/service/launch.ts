// Starts one service variant as a fresh process in its sandbox and waits for its readiness probe.
// Isolated, the service has a private network and is reachable only through a socket the runner holds
// (and hands to its acceptor): no agent and no other trial can reach it. Every failure here is an
// EnvironmentError: a fixture's service that cannot start is trialgate's machinery failing (retried once,
// service/pace.ts scales its limit to the machine); the caller that starts a candidate's own code (a code
// task) counts it against the candidate, and the messages speak to whoever owns the failing part
// (ServiceLaunch.candidate). A process still starting at its limit (running, nothing answered its probe
// yet, and not listening on some other port instead of PORT) gets more time, up to STILL_STARTING_FACTOR
// times the limit.
import { randomBytes } from 'node:crypto';
import { readableMounts, serviceOf, type Fixture } from '../fixture/load.ts';
import { baseEnvironment } from '../isolation/open.ts';
import { stillRunning } from '../isolation/processes.ts';
import type { Sandbox, ServiceAddress } from '../isolation/sandbox.ts';
import { EnvironmentError, MachineryError } from '../util/errors.ts';
import { goCacheFix } from '../util/go-cache.ts';
import { NoAnswerError, sendAll, type HttpAnswer, type HttpOptions, type HttpRequest } from './http.ts';
import { KeptConnections } from './kept-connections.ts';
import { listeningPorts } from './listening.ts';
import { machineFaults } from './machine-faults.ts';
import { EXCHANGE_TIMEOUT_MS, STILL_STARTING_FACTOR, type MachinePace, type ScaledLimit } from './pace.ts';

export interface RunningService {
  address: ServiceAddress;
  /** One exchange with the service over its own connections (closed when it stops). */
  request(path: string, options?: Omit<HttpOptions, 'agent' | 'timeoutMs' | 'socketPath'> & { timeoutMs?: number }): Promise<HttpAnswer>;
  /**
   * Many exchanges in one round trip: `requests` sent at once on a fresh connection, their answers in order
   * (http.ts sendAll). Any one unanswered fails them all. Only for a service that answers requests sent so
   * exactly as one by one (the reset proof shows it of each variant before a run relies on it).
   */
  requestAll(requests: readonly HttpRequest[]): Promise<HttpAnswer[]>;
  /** Whether it speaks the control channel (reset, coverage). */
  coverage: boolean;
  /** How long its start took, to its first ready answer (what a preflight measures). */
  startMs: number;
  /** Secret of the control channel; never given to a candidate. */
  controlToken: string;
  /** The service's stderr so far (capped), for the evidence of an env error. */
  stderr(): string;
  /** Told by the control channel after a reset it answered: the service is in its seed state again. */
  markReset(): void;
  /**
   * Whether another use may have it: it still runs, every request it was sent was answered (none is
   * still at work inside it), and the last one was a reset.
   */
  reusable(): boolean;
  /** How its process ended (`SIGKILL`, `code 1`), once it has, whoever ended it; undefined while it runs. */
  ended(): string | undefined;
  /**
   * The same, as the kernel says now: an exit already there is read first. A busy machine's event loop can read
   * the service's end after the acceptance command's, though it came before.
   */
  endedNow(): Promise<string | undefined>;
  stop(): Promise<void>;
}

const STDERR_CAP = 16 * 1024;
const START_ATTEMPTS = 3;
/**
 * The readiness probe's first wait is short (a Node service on a quiet machine is ready within a few
 * polls) and each next one longer, up to READY_POLL_MAX_MS: every poll of a service not yet listening is a
 * connection through its relay, which on a busy machine costs the CPU the start is waiting for.
 */
const READY_POLL_MS = 20;
const READY_POLL_GROWTH = 1.3;
const READY_POLL_MAX_MS = 100;

/** The wait after readiness poll `n` (0-based), ms. Pure. */
export function readyPollDelay(n: number): number {
  return Math.min(READY_POLL_MAX_MS, Math.round(READY_POLL_MS * READY_POLL_GROWTH ** n));
}
/** Past its limit, how often a service still starting is looked at again (its ports read from /proc). */
const STILL_STARTING_POLL_MS = 500;

/** How to start one service process: what `startService` makes of a fixture's variant, or a code task of its candidate. */
export interface ServiceLaunch {
  command: readonly string[];
  health: string;
  startTimeoutMs: number;
  /** The working directory, inside `root`. */
  cwd: string;
  /** What the process is shown (read-only unless `writable`). */
  root: string;
  writable?: boolean;
  /** Host directories it also reads (a fixture's `readable`: a virtualenv, node_modules). */
  readable?: { path: string; at?: string }[];
  /** Variables besides PORT and the base environment. */
  env: Record<string, string>;
  coverage: boolean;
  /** Names the service in messages: `(variant none)`, `(the candidate's code)`. */
  what: string;
  /**
   * The process runs the candidate's code (a code task), not the fixture's service: what goes wrong is the
   * candidate's, and its messages speak to the candidate's author rather than the fixture's.
   */
  candidate?: boolean;
  /** This machine's pace as the run's preflight measured it: scales the start limit and each exchange's. */
  pace?: MachinePace;
}

/**
 * Start the fixture's service with `fault` selected, from `fixture` (an acceptance copy). An unisolated
 * service gets a probed free port that another process may take first, so a start that dies is retried;
 * isolated, its port is its own (a failed start is retried by the acceptance that needed it, accept.ts).
 */
export async function startService(sandbox: Sandbox, fixture: Fixture, fault: string, pace?: MachinePace): Promise<RunningService> {
  const spec = serviceOf(fixture, 'this');
  const controlToken = randomBytes(16).toString('hex');
  return startProcess(
    sandbox,
    {
      command: spec.command,
      health: spec.health,
      startTimeoutMs: spec.startTimeoutMs,
      cwd: fixture.dir,
      root: fixture.root,
      readable: readableMounts(fixture),
      env: { [spec.faultEnv]: fault, ...(spec.coverage ? { TRIALGATE_CONTROL_TOKEN: controlToken } : {}) },
      coverage: spec.coverage,
      what: `(variant ${fault})`,
      ...(pace ? { pace } : {}),
    },
    sandbox.privateServices ? 1 : START_ATTEMPTS,
    controlToken,
  );
}

/**
 * Start `launch` and wait for its readiness probe, up to `attempts` times; every failure is an
 * EnvironmentError naming why (the caller says whose failure it is).
 */
export async function startProcess(
  sandbox: Sandbox,
  launch: ServiceLaunch,
  attempts = START_ATTEMPTS,
  controlToken = randomBytes(16).toString('hex'),
): Promise<RunningService> {
  let lastError: EnvironmentError | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await startOnce(sandbox, launch, controlToken);
    } catch (e) {
      if (!(e instanceof EnvironmentError)) throw e;
      lastError = e;
      // Only a process that died may have lost its port to another; one that ran and was never ready would again.
      if (!(e instanceof ServiceDidNotStart && e.exited)) break;
    }
  }
  throw lastError!;
}

async function startOnce(sandbox: Sandbox, spec: ServiceLaunch, controlToken: string): Promise<RunningService> {
  const started = performance.now();
  const faults = spec.candidate ? undefined : machineFaults();
  const placement = await sandbox.placeService();
  const process = sandbox.spawn({
    argv: faults?.serviceCommand?.(spec.command, spec.what) ?? spec.command,
    cwd: spec.cwd,
    env: {
      ...baseEnvironment(),
      ...spec.env,
      PORT: String(placement.port),
    },
    mounts: [{ path: spec.root, ...(spec.writable ? { writable: true } : {}) }, ...(spec.readable ?? [])],
    conceal: [spec.root],
    network: placement.network,
    ...(placement.expose ? { expose: placement.expose } : {}),
  });
  let stderr = '';
  process.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < STDERR_CAP) stderr += chunk.slice(0, STDERR_CAP - stderr.length);
  });
  process.child.stdout!.resume();
  const exited = process.exited.then(({ code, signal }) => {
    // A candidate's code runs from a command the acceptor preflight already started on the reference fix,
    // so a 127 now is a program the changed code itself runs.
    if (code === 127 && spec.candidate) return 'exited with code 127 before it was ready (a program the changed code runs was not found)';
    return code === 127 ? `could not start ${spec.command[0]}` : `exited with ${signal ?? `code ${code}`} before it was ready`;
  });
  const address = placement.address;
  const connections = new KeptConnections(address.url, address.socketPath);
  let running = true;
  let ended: string | undefined;
  void process.exited.then(({ code, signal }) => {
    running = false;
    ended = signal ?? `code ${code}`;
  });
  // Set once the service is ready: a refused probe before then is no request left at work.
  let ready = false;
  let unanswered = false;
  let reset = false;
  // Read at each exchange: an instance the preflight started serves under what the preflight measured since.
  const exchangeLimit = () => spec.pace?.exchangeLimit().ms ?? EXCHANGE_TIMEOUT_MS;
  const service: RunningService = {
    address,
    coverage: spec.coverage,
    startMs: 0,
    controlToken,
    request: async (path, options = {}) => {
      reset = false;
      try {
        const injected = await faults?.beforeExchange?.({
          what: spec.what,
          method: options.method ?? 'GET',
          path,
          control: path.startsWith(CONTROL_PREFIX),
          ready,
        });
        if (injected === 'connection-reset') throw new NoAnswerError('ECONNRESET');
        if (injected === 'timeout') throw new NoAnswerError(`timed out after ${options.timeoutMs ?? exchangeLimit()} ms`, 'timeout');
        return await connections.request(path, { timeoutMs: exchangeLimit(), ...options });
      } catch (e) {
        if (ready) unanswered = true;
        throw e;
      }
    },
    requestAll: async (requests) => {
      reset = false;
      try {
        if (faults?.beforeExchange) {
          // Each exchange of the batch meets the faults as it would one by one; the first injected fails the batch.
          for (const { method, path } of requests) {
            const injected = await faults.beforeExchange({ what: spec.what, method, path, control: path.startsWith(CONTROL_PREFIX), ready });
            if (injected === 'connection-reset') throw new NoAnswerError('ECONNRESET');
            if (injected === 'timeout') throw new NoAnswerError(`timed out after ${exchangeLimit()} ms`, 'timeout');
          }
        }
        return await sendAll(address.url, requests, { timeoutMs: exchangeLimit(), ...(address.socketPath ? { socketPath: address.socketPath } : {}) });
      } catch (e) {
        if (ready) unanswered = true;
        throw e;
      }
    },
    stderr: () => stderr,
    markReset: () => (reset = true),
    reusable: () => running && ready && !unanswered && reset,
    ended: () => ended,
    endedNow: async () => {
      const pid = process.child.pid;
      if (ended === undefined && pid !== undefined && !stillRunning(pid)) await process.exited;
      return ended;
    },
    stop: async () => {
      connections.destroy();
      process.kill();
      await process.exited;
    },
  };
  const limit = spec.pace?.startLimit(spec.startTimeoutMs) ?? { ms: spec.startTimeoutMs, scaling: '' };
  const pinned = placement.pin ?? (async () => true);
  const answer = await Promise.race([waitReady(service, spec.health, limit.ms, placement.port, process.child.pid, () => running, spec.what, pinned), exited]);
  if (answer === true) {
    ready = true;
    service.startMs = performance.now() - started;
    return service;
  }
  const why = typeof answer === 'string' ? answer : await notReady(answer, spec, limit, placement.port, process.child.pid, process.relayInProcess);
  await service.stop();
  throw new ServiceDidNotStart(`service ${spec.command.join(' ')} ${spec.what} ${why}`, stderr, typeof answer === 'string');
}

/** The control channel's routes (control.ts): a fault injected there is a reset's. */
const CONTROL_PREFIX = '/__control/';

const START_RULE = 'the service under test did not start: an environment failure, excluded from pass rates';

/** The service never answered its readiness probe: why, and what it wrote to stderr. */
export class ServiceDidNotStart extends MachineryError {
  constructor(
    readonly why: string,
    readonly stderr: string,
    /** It died before it was ready, so it may have lost its port to another process: worth another start. */
    readonly exited = false,
  ) {
    const go = goCacheFix(stderr);
    super(`${why}${go ? `; fix: ${go}` : ''}${stderr ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`, START_RULE);
  }
}

/**
 * The last answer to the readiness probe, when it never was a 200 (no status: nothing ever answered), and
 * how long it was waited for when it was still starting at its limit.
 */
type NotReady = { status?: number; body?: string; stillStartingMs?: number };

/**
 * Poll the readiness probe up to `limitMs`; past it, a process still starting (running, nothing answered,
 * not listening elsewhere instead of on `port`) is waited for up to STILL_STARTING_FACTOR times the limit,
 * and looked at again every STILL_STARTING_POLL_MS: once it answers anything, or listens only elsewhere, it
 * is no longer starting.
 */
async function waitReady(
  service: RunningService,
  health: string,
  limitMs: number,
  port: number,
  pid: number | undefined,
  running: () => boolean,
  what: string,
  pinned: () => Promise<true | false | string>,
): Promise<true | NotReady | string> {
  const started = Date.now();
  let deadline = started + limitMs;
  const last: NotReady = {};
  for (let poll = 0; ; poll++) {
    try {
      // Asked only through its pinned socket (sandbox.ts, ServicePlacement.pin): none yet is not listening yet.
      const pin = await pinned();
      if (typeof pin === 'string') return pin;
      if (pin) {
        const answer = await service.request(health, { timeoutMs: 1000 });
        if (answer.status === 200) return true;
        [last.status, last.body] = [answer.status, answer.text];
      }
    } catch {
      // not listening yet
    }
    // A process that ended was answered by its exit (startOnce races it): polling on to the limit would only
    // keep the caller's process alive that long, `trialgate validate` waiting out a 60 s startTimeoutMs.
    if (!running()) return last;
    const now = Date.now();
    if (now >= deadline) {
      const starting = last.status === undefined && running() && now < started + limitMs * STILL_STARTING_FACTOR && !(await listensElsewhere(pid, port));
      if (!starting) return last;
      if (last.stillStartingMs === undefined) machineFaults()?.stillStarting?.(what);
      last.stillStartingMs = Math.min(now + STILL_STARTING_POLL_MS, started + limitMs * STILL_STARTING_FACTOR) - started;
      deadline = started + last.stillStartingMs;
    }
    await new Promise((r) => setTimeout(r, readyPollDelay(poll)));
  }
}

/** Whether the process tree of `pid` listens on TCP ports, none of them `port`: it ignores PORT, and waiting will not help. */
async function listensElsewhere(pid: number | undefined, port: number): Promise<boolean> {
  if (pid === undefined) return true;
  const ports = await listeningPorts(pid);
  return ports.length > 0 && !ports.includes(port);
}

/** Why a service that kept running was never ready: still starting, what its probe was answered, or where it listens instead of PORT. */
async function notReady(
  last: NotReady,
  spec: ServiceLaunch,
  limit: ScaledLimit,
  port: number,
  pid: number | undefined,
  relayInProcess = false,
): Promise<string> {
  const { health, candidate } = spec;
  const timeoutMs = limit.ms;
  const allowed = `startTimeoutMs ${spec.startTimeoutMs} ms${limit.scaling}`;
  // A limit the machine's pace scaled says so; one as written needs no word.
  const scaled = limit.scaling ? ` (${allowed})` : '';
  if (last.status !== undefined) {
    const body = last.body?.trim().slice(0, 120);
    const fix = candidate ? `the changed code must answer 200 at ${health} once it is ready` : 'service.health must name a path it answers 200 once ready';
    return `answered ${last.status}, not 200, to GET ${health} for ${timeoutMs} ms${scaled}${body ? ` (${JSON.stringify(body)})` : ''}: ${fix}`;
  }
  const listening = pid === undefined ? [] : await listeningPorts(pid);
  const ports = listening.filter((p) => p !== port);
  // Listening on PORT and never answering: the relay in its node process answers only while that process's
  // event loop turns (docs/isolation.md).
  const blocked =
    relayInProcess && listening.includes(port)
      ? '; or its node command waits for the server synchronously (spawnSync, execSync), which blocks the relay trialgate runs in that process: start it as `sh -c "exec node …"`, or start the server with spawn'
      : '';
  if (last.stillStartingMs !== undefined && ports.length === 0) {
    const fix = candidate
      ? 'raise startTimeoutMs (code.service in fixture.json) if the changed code needs longer to start, or it must listen on 127.0.0.1 at the port in its PORT variable'
      : 'raise service.startTimeoutMs in fixture.json if it needs longer, or the service must listen on 127.0.0.1 at the port in its PORT variable';
    const state = listening.length ? `listening on PORT=${port} but not yet answering GET ${health}` : 'listening on no port yet';
    return `was still starting after ${Math.round(last.stillStartingMs)} ms: running, ${state} (${allowed}; a service still starting is given up to ${STILL_STARTING_FACTOR}× that); ${fix}${blocked}`;
  }
  const where = ports.length ? `: it listens on ${ports.join(', ')} instead, so it ignores PORT` : '';
  const fix = candidate
    ? 'the changed code must listen on 127.0.0.1 at the port in its PORT variable'
    : 'the service must listen on 127.0.0.1 at the port trialgate sets in its PORT variable (startTimeoutMs if it needs longer)';
  return `never answered on PORT=${port} within ${timeoutMs} ms${scaled}${where}; ${fix}${blocked}`;
}
