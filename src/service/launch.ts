// Starts one service variant as a fresh process on a free port and waits for its readiness probe.
// Every failure here is the environment's (EnvironmentError), never the candidate's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { ServiceSpec } from '../schemas/fixture.ts';
import { EnvironmentError } from '../util/errors.ts';
import { newAgent, send, type HttpAnswer, type HttpOptions } from './http.ts';

export interface RunningService {
  url: string;
  /** One exchange with the service over its own connections (closed when it stops). */
  request(path: string, options?: Omit<HttpOptions, 'agent' | 'timeoutMs'> & { timeoutMs?: number }): Promise<HttpAnswer>;
  /** Secret of the trusted control channel (reset, coverage); never given to a candidate. */
  controlToken: string;
  /** The service's stderr so far (capped), for the evidence of an env error. */
  stderr(): string;
  stop(): Promise<void>;
}

const STDERR_CAP = 16 * 1024;
const START_ATTEMPTS = 3;
/** Short and fixed: a Node service is usually ready within a few polls, and start-up dominates acceptance. */
const READY_POLL_MS = 20;

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

/**
 * Start `spec.command` from `cwd` with the variant in `spec.faultEnv`. The port comes from a probe
 * that another process may take before the service binds it, so a start that dies early is retried.
 */
export async function startService(cwd: string, spec: ServiceSpec, fault: string): Promise<RunningService> {
  let lastError: EnvironmentError | undefined;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(cwd, spec, fault);
    } catch (e) {
      if (!(e instanceof EnvironmentError)) throw e;
      lastError = e;
    }
  }
  throw lastError!;
}

async function startOnce(cwd: string, spec: ServiceSpec, fault: string): Promise<RunningService> {
  const port = await freePort();
  const controlToken = randomBytes(16).toString('hex');
  const [command, ...args] = spec.command;
  const child = spawn(command!, args, {
    cwd,
    env: { ...process.env, PORT: String(port), [spec.faultEnv]: fault, TRIALGATE_CONTROL_TOKEN: controlToken },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < STDERR_CAP) stderr += chunk.slice(0, STDERR_CAP - stderr.length);
  });
  const exited = new Promise<string>((resolveExit) => {
    child.once('error', (e) => resolveExit(`could not start ${command}: ${e.message}`));
    child.once('exit', (code, signal) => resolveExit(`exited with ${signal ?? `code ${code}`} before it was ready`));
  });
  const url = `http://127.0.0.1:${port}`;
  const agent = newAgent();
  const service: RunningService = {
    url,
    controlToken,
    request: (path, options = {}) => send(url + path, { timeoutMs: 5000, ...options, agent }),
    stderr: () => stderr,
    stop: async () => {
      agent.destroy();
      await stopProcess(child);
    },
  };
  const ready = await Promise.race([waitReady(service, spec.health, spec.startTimeoutMs), exited]);
  if (ready === true) return service;
  await service.stop();
  const why = ready === false ? `no 200 from ${spec.health} within ${spec.startTimeoutMs} ms` : ready;
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

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}
