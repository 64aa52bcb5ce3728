// `judge.command`: a local judge endpoint that trialgate starts for a run and stops after it (the
// repository's scripted stand-in, or a local model server). The command is the trial set's own
// configuration, run by the trusted runner like the rest of it; it gets only the base environment and the
// key variable, binds a loopback port of its choosing and prints its base URL on stdout.
import { spawn } from 'node:child_process';
import { baseEnvironment } from '../isolation/open.ts';
import { killGroup, supervise } from '../isolation/processes.ts';
import { EnvironmentError } from '../util/errors.ts';

export interface LocalEndpoint {
  baseUrl: string;
  stop(): Promise<void>;
}

const START_MS = 15_000;
const STOP_GRACE_MS = 2_000;
const OUTPUT_CAP = 16 * 1024;
const LOOPBACK_URL = /(https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+(?:\/[^\s]*)?)/;

export const START_RULE = 'the judge endpoint (judge.command) did not start: an environment failure, not the agent’s';

export async function startLocalEndpoint(command: string, cwd: string, env: Record<string, string>): Promise<LocalEndpoint> {
  const child = spawn('sh', ['-c', command], { cwd, env: { ...baseEnvironment(), ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < OUTPUT_CAP) stderr += chunk;
  });
  // Ended with trialgate if the run is interrupted, like every process it starts; `sh -c` and what it started are one group.
  const exited = supervise(child, () => killGroup(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const url = await new Promise<string | Error>((resolve) => {
    const timer = setTimeout(() => resolve(new Error(`printed no loopback URL within ${START_MS / 1000} s`)), START_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < OUTPUT_CAP) stdout += chunk;
      const found = LOOPBACK_URL.exec(stdout);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('error', (e) => resolve(e));
    child.once('exit', (code, sig) => {
      clearTimeout(timer);
      resolve(new Error(`exited with ${sig ?? `code ${code}`} before printing its URL`));
    });
  });
  if (url instanceof Error) {
    await stop();
    const tail = stderr.trim().split('\n').slice(-5).join(' | ');
    throw new EnvironmentError(`judge.command ${JSON.stringify(command)} ${url.message}${tail ? `; stderr: ${tail}` : ''}`, START_RULE);
  }
  // Its output is no longer read; draining it keeps a chatty server from blocking on a full pipe.
  child.stdout.resume();
  return { baseUrl: url, stop };
}
