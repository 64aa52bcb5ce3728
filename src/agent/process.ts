// Runs an agent command in its sandbox under its wall-time budget, capturing its output (capped, secrets
// scrubbed). Everything it started ends with it. A command that could not even start (not found, a path
// it names that it cannot see) is told apart as a setup mistake: the environment's, not the agent's.
import { existsSync } from 'node:fs';
import { basename, sep } from 'node:path';
import type { Mount, Sandbox } from '../isolation/sandbox.ts';
import { namedPaths } from '../util/command-paths.ts';
import type { Scrubber } from '../util/scrub.ts';

export interface AgentProcessOptions {
  sandbox: Sandbox;
  command: string;
  cwd: string;
  env: Record<string, string>;
  mounts: readonly Mount[];
  conceal: readonly string[];
  network: 'host' | 'none';
  wallMs: number;
  logCapBytes: number;
  scrubber: Scrubber;
}

/** How one run of an agent ended. */
export interface AgentExit {
  exitCode: number | null;
  signal: string | null;
  budgetExhausted: boolean;
  agentMs: number;
  logBytes: number;
  logCapped: boolean;
  /** Setup failures (command not found, a file it names missing or hidden): the environment's, not the agent's. */
  setupError?: string;
}

export interface AgentProcessRun extends AgentExit {
  /** The captured output, capped and scrubbed: evidence/agent.log. */
  log: string;
}

const COMMAND_NOT_FOUND = 127;
const NOT_EXECUTABLE = 126;

export async function runAgentProcess(options: AgentProcessOptions): Promise<AgentProcessRun> {
  const started = performance.now();
  const agent = options.sandbox.spawn({
    argv: ['sh', '-c', options.command],
    cwd: options.cwd,
    env: options.env,
    mounts: options.mounts,
    conceal: options.conceal,
    network: options.network,
  });
  const chunks: Buffer[] = [];
  let kept = 0;
  let logBytes = 0;
  const capture = (chunk: Buffer) => {
    logBytes += chunk.length;
    const room = options.logCapBytes - kept;
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    kept += part.length;
    chunks.push(part);
  };
  agent.child.stdout!.on('data', capture);
  agent.child.stderr!.on('data', capture);

  let budgetExhausted = false;
  const budget = setTimeout(() => {
    budgetExhausted = true;
    agent.kill();
  }, options.wallMs);
  const { code, signal } = await agent.exited;
  clearTimeout(budget);
  const agentMs = performance.now() - started;
  const logCapped = logBytes > options.logCapBytes;
  let log = Buffer.concat(chunks).toString('utf8');
  if (logCapped) log += `\n[trialgate: agent output capped at ${options.logCapBytes} bytes; ${logBytes - options.logCapBytes} bytes dropped]\n`;
  log = options.scrubber.text(log);
  const setupError = budgetExhausted ? undefined : setupMistake(code, options, log);
  return { exitCode: code, signal, budgetExhausted, agentMs, logBytes, logCapped, log, ...(setupError ? { setupError } : {}) };
}

/** Why the command could not have started at all, when the evidence says so; undefined otherwise. */
function setupMistake(code: number | null, options: AgentProcessOptions, log: string): string | undefined {
  if (code === 0 || code === null) return undefined;
  const tail = log.trim().split('\n').slice(-3).join(' | ');
  if (code === COMMAND_NOT_FOUND) return `agent command not found: ${options.command} (${tail || 'exit 127'})`;
  if (code === NOT_EXECUTABLE) return `agent command cannot be executed: ${options.command} (${tail || 'exit 126'})`;
  for (const path of namedPaths(options.command, options.env, options.cwd)) {
    if (!existsSync(path) && log.includes(basename(path))) return `the agent command names ${path}, which does not exist (${tail})`;
    if (!visibleIn(path, options.mounts) && options.sandbox.report.mechanism !== 'none' && log.includes(path)) {
      return `the agent command names ${path}, which the isolated agent cannot see: add it (or its directory) to agent.files in trialgate.yml (${tail})`;
    }
  }
  return undefined;
}

/** Shown read-only in every sandbox (the host's /tmp is not: a sandbox has its own). */
const SYSTEM_PREFIXES = ['/usr/', '/bin/', '/sbin/', '/lib', '/etc/', '/opt/', '/nix/', '/dev/', '/proc/'];

function visibleIn(path: string, mounts: readonly Mount[]): boolean {
  if (SYSTEM_PREFIXES.some((p) => path.startsWith(p))) return true;
  return mounts.some((m) => {
    const at = m.at ?? m.path;
    return path === at || path.startsWith(at + sep);
  });
}
