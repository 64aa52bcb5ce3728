// Runs the agent as a child process in its trial directory, under its wall-time budget.
// The agent gets its own process group so the whole tree ends when the budget does.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { open, readFile, writeFile } from 'node:fs/promises';
import { killProcessGroup } from '../util/process.ts';
import { scrubSecrets } from '../util/scrub.ts';

export interface AgentRun {
  exitCode: number | null;
  signal: string | null;
  budgetExhausted: boolean;
  agentMs: number;
  logBytes: number;
  logCapped: boolean;
}

export interface AgentOptions {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  wallMs: number;
  logPath: string;
  logCapBytes: number;
  /** Values that must never reach the evidence (tokens, API keys). */
  secrets: readonly string[];
}

const KILL_GRACE_MS = 2000;

export async function runAgent(options: AgentOptions): Promise<AgentRun> {
  const log = await open(options.logPath, 'w');
  const started = performance.now();
  const child = spawn('sh', ['-c', options.command], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let logBytes = 0;
  let written = 0;
  let writes = Promise.resolve();
  const capture = (chunk: Buffer) => {
    logBytes += chunk.length;
    const room = options.logCapBytes - written;
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    written += part.length;
    writes = writes.then(() => log.write(part).then(() => undefined));
  };
  child.stdout!.on('data', capture);
  child.stderr!.on('data', capture);

  let budgetExhausted = false;
  const killTree = (signal: NodeJS.Signals) => killProcessGroup(child, signal);
  const budget = setTimeout(() => {
    budgetExhausted = true;
    killTree('SIGTERM');
    setTimeout(() => killTree('SIGKILL'), KILL_GRACE_MS).unref();
  }, options.wallMs);

  const [exitCode, signal] = (await once(child, 'close')) as [number | null, string | null];
  clearTimeout(budget);
  // Children the agent left behind belong to its trial; they must not outlive it.
  killTree('SIGKILL');
  const agentMs = performance.now() - started;
  await writes;
  const logCapped = logBytes > options.logCapBytes;
  if (logCapped) await log.write(`\n[trialgate: agent output capped at ${options.logCapBytes} bytes; ${logBytes - options.logCapBytes} bytes dropped]\n`);
  await log.close();
  if (options.secrets.length) {
    const text = await readFile(options.logPath, 'utf8');
    const clean = scrubSecrets(text, options.secrets);
    if (clean !== text) await writeFile(options.logPath, clean);
  }
  return { exitCode, signal, budgetExhausted, agentMs, logBytes, logCapped };
}
