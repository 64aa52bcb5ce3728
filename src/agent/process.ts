// Runs an agent command in its sandbox under its wall-time budget, capturing its output (capped, secrets
// scrubbed). Everything it started ends with it: at the budget (with the time a busy machine kept it waiting
// for a core given back, starvation.ts) it is asked to end (SIGTERM) and given a short grace to write what
// it has (its usage), then killed. A command that could not even start (not
// found, a program or path it names that it cannot see) is told apart as a setup mistake, and one that
// declares its environment failed (env-failure.ts) as that: the environment's failures, not the agent's.
import { existsSync } from 'node:fs';
import { basename, sep } from 'node:path';
import type { Forward, Mount, Sandbox } from '../isolation/sandbox.ts';
import { stillRunning } from '../isolation/processes.ts';
import { commandPrograms, namedPaths } from '../util/command-paths.ts';
import { MACHINERY_RULE } from '../util/errors.ts';
import type { Scrubber } from '../util/scrub.ts';
import { ClaimWatch } from './claims.ts';
import { declaredEnvFailure, shellCannotRun, tail } from './env-failure.ts';
import { atBudget, CpuWaitMeter, STARVED_RULE, STARVED_STRETCH, WAIT_READ_EVERY_MS, type WaitMeter } from './starvation.ts';

export interface AgentProcessOptions {
  sandbox: Sandbox;
  command: string;
  cwd: string;
  env: Record<string, string>;
  mounts: readonly Mount[];
  conceal: readonly string[];
  network: 'host' | 'none';
  /** A listener the runner holds for this run (a tool proxy), reached from inside the sandbox. */
  forward?: Forward;
  wallMs: number;
  logCapBytes: number;
  scrubber: Scrubber;
  /** The command's programs its preflight found: a "not found" the output claims for one of them is not believed. */
  found?: readonly string[];
  /** How the time the agent (the processes below its root) waited for a core is read: CpuWaitMeter's /proc. */
  waitMeter?: (root: number) => WaitMeter;
}

/** How one run of an agent ended. */
export interface AgentExit {
  exitCode: number | null;
  signal: string | null;
  budgetExhausted: boolean;
  agentMs: number;
  logBytes: number;
  logCapped: boolean;
  /**
   * Why the environment failed around the agent, when it did: a setup failure (a program or file the
   * command names is missing or hidden) or a failure the agent declared (its provider refused the key, …).
   * Never a verdict on the agent.
   */
  setupError?: string;
  /** The rule that excludes such a run from pass rates, when it is not the setup mistake's. */
  envRule?: string;
  /** The agent itself declared the failure (exit 75, docs/agents.md), rather than trialgate finding it. */
  envDeclared?: boolean;
  /** The listener forwarded into its sandbox could not be set up there (a fixed port taken): the environment's failure. */
  forwardError?: string;
  /** Its sandbox never started the command: trialgate's machinery failed (setupError says how), and no agent ran. */
  machinery?: boolean;
}

export interface AgentProcessRun extends AgentExit {
  /** The captured output, capped and scrubbed: evidence/agent.log. */
  log: string;
  /** Its output, all of it and not only what the log keeps, claimed that the tests pass (claims.ts). */
  claimedSuccess: boolean;
}

const COMMAND_NOT_FOUND = 127;
const NOT_EXECUTABLE = 126;
/** After SIGTERM at the budget, how long the agent has to end before it is killed. */
export const BUDGET_GRACE_MS = 5000;
/** The end of the output is kept apart from the capped log: the declared reason is printed last. */
const TAIL_BYTES = 8 * 1024;
export const READ_PAST_RULE =
  'the agent ended while trialgate read its processes at its budget, past its budget but owed time for waiting on a core that went unseen: not a verdict on the agent (neither a pass past its budget nor a fail for the machine); run again on a quieter runner, or with fewer processes';
export const OUT_OF_SIGHT_RULE =
  'the agent ran past its budget on time given back for waiting on a core, but some of its processes ran where their CPU is counted nowhere (SIGCHLD ignored, or detached), so that wait may have been for its own work: not a verdict on the agent (neither a pass past its budget nor a fail for the machine); run it again on a quieter runner, or without ignoring SIGCHLD or detaching processes';
export const DECLARED_RULE =
  'the agent declared that its environment failed (exit 75: its provider refused the key, its quota is spent, the provider is down, hung or failing, or a program it needs is missing): not a verdict on the agent; fix the environment and run again';

export async function runAgentProcess(options: AgentProcessOptions): Promise<AgentProcessRun> {
  const started = performance.now();
  const agent = options.sandbox.spawn({
    argv: ['sh', '-c', options.command],
    cwd: options.cwd,
    env: options.env,
    mounts: options.mounts,
    conceal: options.conceal,
    network: options.network,
    ...(options.forward ? { forward: options.forward } : {}),
  });
  const chunks: Buffer[] = [];
  let kept = 0;
  let logBytes = 0;
  let end = Buffer.alloc(0);
  const claims = { stdout: new ClaimWatch(), stderr: new ClaimWatch() };
  const capture = (chunk: Buffer) => {
    logBytes += chunk.length;
    end = Buffer.concat([end, chunk]).subarray(-TAIL_BYTES);
    const room = options.logCapBytes - kept;
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    kept += part.length;
    chunks.push(part);
  };
  agent.child.stdout!.on('data', (chunk: Buffer) => (claims.stdout.feed(chunk), capture(chunk)));
  agent.child.stderr!.on('data', (chunk: Buffer) => (claims.stderr.feed(chunk), capture(chunk)));

  let budgetExhausted = false;
  let starved: number | undefined;
  // Ended while its processes were read at its budget, this long after the read began, ms: undecided.
  let pastInRead: number | undefined;
  // Still running at its budget: whatever it did after ran on time given back.
  let pastBudget = false;
  let exited = false;
  let grace: NodeJS.Timeout | undefined;
  // The time the machine kept the agent waiting for a core is given back (starvation.ts).
  let given = 0;
  const root = agent.child.pid;
  const meter = root === undefined ? undefined : (options.waitMeter ?? ((pid: number) => new CpuWaitMeter(pid, agent.processes?.bind(agent))))(root);
  const reads = setInterval(() => void meter?.read(), WAIT_READ_EVERY_MS);
  // A decision at the budget under way: the agent may end while its processes are read.
  let deciding: Promise<void> | undefined;
  // Ended, as node or (before node is told, on a busy machine) the kernel says.
  const ended = () => exited || agent.child.exitCode !== null || agent.child.signalCode !== null || (root !== undefined && !stillRunning(root));
  const atEnd = async () => {
    // Ended before its budget: it ran within it.
    if (ended()) return;
    pastBudget = true;
    const readFrom = performance.now();
    const waited = await meter?.read();
    const next = atBudget(options.wallMs, waited, given);
    if (ended()) {
      // Ended while its processes were read, running at its budget when the read began. Owed more by that
      // read and ended within it: it ran within its budget.
      if ('more' in next && performance.now() <= started + options.wallMs + given + next.more) return;
      // Otherwise it ran past its budget by up to the read's time, which an agent can stretch (thousands of
      // processes to read, seconds on a busy runner): never a pass. Nor a fail where a wait could be owed: its
      // last wait went unseen with its processes. Undecided, unless no wait is known (the budget is the budget).
      if (waited === undefined) budgetExhausted = true;
      else if ('end' in next && next.end === 'starved') starved = next.waitedMs;
      else pastInRead = performance.now() - readFrom;
      return;
    }
    if ('more' in next) {
      given += next.more;
      // Due from the budget's start, not from this read's end: a read that took long (many processes, a busy
      // machine) or a timer that fired late is no time of the agent's.
      const due = started + options.wallMs + given - performance.now();
      if (!exited) budget = setTimeout(() => void (deciding = atEnd()), Math.max(0, due));
      return;
    }
    if (next.end === 'starved') starved = next.waitedMs;
    else budgetExhausted = true;
    agent.terminate();
    grace = setTimeout(() => agent.kill(), BUDGET_GRACE_MS);
  };
  let budget = setTimeout(() => void (deciding = atEnd()), options.wallMs);
  const { code, signal } = await agent.exited;
  const agentMs = performance.now() - started;
  exited = true;
  clearInterval(reads);
  clearTimeout(budget);
  await deciding;
  clearTimeout(grace);
  const logCapped = logBytes > options.logCapBytes;
  let log = Buffer.concat(chunks).toString('utf8');
  if (logCapped) log += `\n[trialgate: agent output capped at ${options.logCapBytes} bytes; ${logBytes - options.logCapBytes} bytes dropped]\n`;
  log = options.scrubber.text(log);
  const ending = options.scrubber.text(end.toString('utf8'));
  const claimedSuccess = claims.stdout.claimed || claims.stderr.claimed;
  const exit = { exitCode: code, signal, budgetExhausted, agentMs, logBytes, logCapped, claimedSuccess, log };
  // Said by the relay before the agent started: the agent never ran against its forward.
  const forwardError = await agent.forwardFailure;
  if (forwardError) return { ...exit, forwardError };
  // A budget kill is the agent's, whatever it says in its grace; one the machine's starving forced is the environment's.
  if (budgetExhausted) return exit;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (pastInRead !== undefined) {
    return {
      ...exit,
      setupError: `the agent ended while its processes were read at its budget of ${s(options.wallMs + given)} (${s(given)} given back for waiting on a core), within ${s(pastInRead)} of that read: past its budget, but its last wait for a core went unseen with its processes`,
      envRule: READ_PAST_RULE,
    };
  }
  if (starved !== undefined) {
    return {
      ...exit,
      setupError: `the agent waited ${s(starved)} for a CPU core, runnable while the machine's cores ran other work, and was ended at ${s(options.wallMs + given)}: its budget of ${s(options.wallMs)} and ${s(given)} given back for the wait, the most given back (${STARVED_STRETCH} budgets)`,
      envRule: STARVED_RULE,
    };
  }
  // Ran on time given back for a wait that its own uncounted work may have caused: undecided, as above.
  const unseen = pastBudget ? meter?.outOfSight?.() : undefined;
  if (unseen !== undefined) {
    return {
      ...exit,
      setupError: `the agent ended at ${s(agentMs)}, past its budget of ${s(options.wallMs)}, on time given back for waiting on a core, but ${unseen}`,
      envRule: OUT_OF_SIGHT_RULE,
    };
  }
  const notStarted = await agent.notStarted;
  if (notStarted)
    return {
      ...exit,
      setupError: `the agent's sandbox did not start: ${notStarted}${tail(ending) ? ` (${tail(ending)})` : ''}`,
      envRule: MACHINERY_RULE,
      machinery: true,
    };
  const declared = declaredEnvFailure(code, ending);
  if (declared) return { ...exit, setupError: declared, envRule: DECLARED_RULE, envDeclared: true };
  const setupError = setupMistake(code, options, log, ending);
  return { ...exit, ...(setupError ? { setupError } : {}) };
}

/**
 * Why the command could not have run, when the evidence says so; undefined otherwise. Its shell's own
 * "not found" or "cannot execute" for one of its programs counts even when a later command exited 0
 * (`cli …; node usage.mjs`): the work was never done. Not for a program the preflight found: the output is
 * the agent's, and an agent could print such a line to have its failure filed as the environment's.
 */
function setupMistake(code: number | null, options: AgentProcessOptions, log: string, ending: string): string | undefined {
  if (code === null) return undefined;
  const found = new Set(options.found ?? []);
  const programs = commandPrograms(options.command);
  const unverified = programs.filter((p) => !found.has(p.name));
  const shell = shellCannotRun(ending, unverified, options.env);
  if (shell) return `${shell}: install it where the agent can see it (system-wide, or its directory in agent.files), see docs/agents.md`;
  if (code === 0) return undefined;
  const last = tail(ending);
  // Every program found before the first trial: a status of 127 or 126 is the agent's own exit.
  const allFound = programs.length > 0 && unverified.length === 0;
  if (code === COMMAND_NOT_FOUND && !allFound) return `agent command not found: ${options.command} (${last || 'exit 127'})`;
  if (code === NOT_EXECUTABLE && !allFound) return `agent command cannot be executed: ${options.command} (${last || 'exit 126'})`;
  for (const path of namedPaths(options.command, options.env, options.cwd)) {
    if (!existsSync(path) && log.includes(basename(path))) return `the agent command names ${path}, which does not exist (${last})`;
    if (!visibleIn(path, options.mounts) && options.sandbox.confinesFiles && log.includes(path)) {
      return `the agent command names ${path}, which the isolated agent cannot see: add it (or its directory) to agent.files in trialgate.yml (${last})`;
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
