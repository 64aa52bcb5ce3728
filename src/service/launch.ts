// Starts one service variant as a fresh process in its sandbox and waits for its readiness probe.
// Isolated, the service has a private network and is reachable only through a socket the runner holds
// (and hands to its acceptor): no agent and no other trial can reach it. Every failure here is the
// environment's (EnvironmentError), never the candidate's.
import { randomBytes } from 'node:crypto';
import type { Fixture } from '../fixture/load.ts';
import { baseEnvironment } from '../isolation/open.ts';
import type { Sandbox, ServiceAddress } from '../isolation/sandbox.ts';
import { EnvironmentError } from '../util/errors.ts';
import { newAgent, send, type HttpAnswer, type HttpOptions } from './http.ts';

export interface RunningService {
  address: ServiceAddress;
  /** One exchange with the service over its own connections (closed when it stops). */
  request(path: string, options?: Omit<HttpOptions, 'agent' | 'timeoutMs' | 'socketPath'> & { timeoutMs?: number }): Promise<HttpAnswer>;
  /** Whether it speaks the control channel (reset, coverage). */
  coverage: boolean;
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
  stop(): Promise<void>;
}

const STDERR_CAP = 16 * 1024;
const START_ATTEMPTS = 3;
/** Short and fixed: a Node service is usually ready within a few polls, and start-up dominates acceptance. */
const READY_POLL_MS = 20;

/**
 * Start the fixture's service with `fault` selected, from `fixture` (an acceptance copy). An unisolated
 * service gets a probed free port that another process may take first, so a start that dies is retried.
 */
export async function startService(sandbox: Sandbox, fixture: Fixture, fault: string): Promise<RunningService> {
  let lastError: EnvironmentError | undefined;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(sandbox, fixture, fault);
    } catch (e) {
      if (!(e instanceof EnvironmentError)) throw e;
      lastError = e;
    }
  }
  throw lastError!;
}

async function startOnce(sandbox: Sandbox, fixture: Fixture, fault: string): Promise<RunningService> {
  const spec = fixture.manifest.service;
  const placement = await sandbox.placeService();
  const controlToken = randomBytes(16).toString('hex');
  const process = sandbox.spawn({
    argv: spec.command,
    cwd: fixture.dir,
    env: {
      ...baseEnvironment(),
      PORT: String(placement.port),
      [spec.faultEnv]: fault,
      ...(spec.coverage ? { TRIALGATE_CONTROL_TOKEN: controlToken } : {}),
    },
    mounts: [{ path: fixture.root }],
    conceal: [fixture.root],
    network: placement.network,
    ...(placement.expose ? { expose: placement.expose } : {}),
  });
  let stderr = '';
  process.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < STDERR_CAP) stderr += chunk.slice(0, STDERR_CAP - stderr.length);
  });
  process.child.stdout!.resume();
  const exited = process.exited.then(({ code, signal }) => (code === 127 ? `could not start ${spec.command[0]}` : `exited with ${signal ?? `code ${code}`} before it was ready`));
  const agent = newAgent();
  const address = placement.address;
  let running = true;
  void process.exited.then(() => (running = false));
  // Set once the service is ready: a refused probe before then is no request left at work.
  let ready = false;
  let unanswered = false;
  let reset = false;
  const service: RunningService = {
    address,
    coverage: spec.coverage,
    controlToken,
    request: async (path, options = {}) => {
      reset = false;
      try {
        return await send(address.url + path, { timeoutMs: 5000, ...options, agent, ...(address.socketPath ? { socketPath: address.socketPath } : {}) });
      } catch (e) {
        if (ready) unanswered = true;
        throw e;
      }
    },
    stderr: () => stderr,
    markReset: () => (reset = true),
    reusable: () => running && ready && !unanswered && reset,
    stop: async () => {
      agent.destroy();
      process.kill();
      await process.exited;
    },
  };
  const answer = await Promise.race([waitReady(service, spec.health, spec.startTimeoutMs), exited]);
  if (answer === true) {
    ready = true;
    return service;
  }
  await service.stop();
  const why = answer === false ? `no 200 from ${spec.health} within ${spec.startTimeoutMs} ms` : answer;
  throw new EnvironmentError(
    `service ${spec.command.join(' ')} (variant ${fault}) ${why}${stderr ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`,
    'the service under test did not start: an environment failure, excluded from pass rates',
  );
}

async function waitReady(service: RunningService, health: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await service.request(health, { timeoutMs: 1000 })).status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  return false;
}
