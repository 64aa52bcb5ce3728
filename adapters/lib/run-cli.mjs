// Runs one agent CLI for one trial, the part every adapter shares: find the CLI, give it the prompt on its
// standard input and the provider through the provider watch, keep its raw output in a temporary
// directory of the adapter's own (never in evidence/) while passing it on to the trial's log, and at the
// end write evidence/usage.json from what the CLI reported. The environment's failures (no CLI, no key, and
// what the provider watch sees: a refused key, a spent quota, a provider hung, failing or cut off) are
// declared as such (env-failure.mjs, watched-run.mjs), never passed off as the agent failing. At the budget
// trialgate sends SIGTERM: the CLI is stopped and the usage it reported so far is written within trialgate's grace.
import { spawn } from 'node:child_process';
import { accessSync, constants, createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { declareEnvironmentFailure } from './env-failure.mjs';
import { buildPrompt } from './prompt.mjs';
import { watchedRun } from './watched-run.mjs';

const MANIFEST = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'manifest.json'), 'utf8'));
const STDERR_TAIL = 4096;
/** How long the CLI's output may stay open after it exited. */
const OUTPUT_DRAIN_MS = 1000;

/**
 * An adapter: `name` (its entry in manifest.json), the provider it talks to (`keyVars`, the variables the
 * key may come from, first set wins; `baseUrlVar` and `defaultBaseUrl`), `args(run)` and `env(run)` for the
 * CLI, `promptArgs` after the user's arguments (when the CLI must be told to read the prompt from its
 * standard input), `usage(event, previous)` folding one event of its JSON output into the usage so far,
 * and optionally `failure({ code, stderr })`: an environment failure the CLI itself reports (a broken installation).
 */
export async function runAdapter(adapter, argv) {
  // The arguments after the adapter's own (`adapter.mjs -- --allowedTools Bash`) are the CLI's.
  const extraArgs = argv[0] === '--' ? argv.slice(1) : argv;
  const entry = MANIFEST[adapter.name];
  const env = process.env;
  const trialDir = required(env, 'TRIALGATE_TRIAL_DIR');
  const candidateDir = required(env, 'TRIALGATE_CANDIDATE');
  const program = findProgram(env[entry.binVar] || entry.program, env.PATH ?? '');
  if (!program)
    declareEnvironmentFailure(
      `${entry.cli} (${env[entry.binVar] || entry.program}) is not installed where the agent can see it: ` +
        `install it system-wide (npm install -g ${entry.package}@${entry.tested}), or list its directory in agent.files and set ${entry.binVar} to its path`,
    );
  const keyVar = adapter.keyVars.find((name) => env[name]);
  if (!keyVar) declareEnvironmentFailure(`${adapter.keyVars.join(' or ')} is not set for the agent: pass it with agent.pass_env from the workflow's secrets`);
  const upstream = env[adapter.baseUrlVar] || adapter.defaultBaseUrl;

  const supervisor = await watchedRun({ upstream, key: env[keyVar], keyVar, env });

  const scratch = mkdtempSync(join(tmpdir(), `trialgate-${adapter.name}-`));
  const raw = createWriteStream(join(scratch, 'output.jsonl'));
  const run = { key: env[keyVar], keyVar, providerUrl: supervisor.url, trialDir, candidateDir, env };
  const prompt = buildPrompt({
    skillFile: env.AGENT_SKILL,
    taskFile: required(env, 'TRIALGATE_TASK'),
    inputsDir: required(env, 'TRIALGATE_INPUTS'),
    candidateDir,
  });
  const child = spawn(program, [...adapter.args(run), ...extraArgs, ...(adapter.promptArgs ?? [])], {
    cwd: trialDir,
    env: adapter.env(run),
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = supervisor.run(child);
  child.stdin.on('error', () => undefined);
  child.stdin.end(prompt);

  let usage;
  const lines = createInterface({ input: child.stdout });
  const outputRead = new Promise((resolve) => lines.on('close', resolve));
  lines.on('line', (line) => {
    raw.write(`${line}\n`);
    process.stdout.write(`${line}\n`);
    if (!line.startsWith('{')) return;
    try {
      usage = adapter.usage(JSON.parse(line), usage);
    } catch {
      // not one JSON event: passed on, not read
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    raw.write(chunk);
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  const { code, failedToStart } = await exited;
  if (failedToStart) declareEnvironmentFailure(`${entry.cli} could not be started (${program}): ${failedToStart.message}`);
  // What the CLI left running ends with it; its output is read to the end (or for a moment, if something still holds it).
  await Promise.race([outputRead, new Promise((resolve) => setTimeout(resolve, OUTPUT_DRAIN_MS))]);
  child.stdout.destroy();
  child.stderr.destroy();
  await supervisor.close();
  await new Promise((resolve) => raw.end(resolve));
  // A CLI stopped before it reported its usage (the watch ended it when its provider failed, or the budget did)
  // was still paid for the answers it had: what those answers reported, as they passed the watch.
  usage ??= supervisor.usage();
  if (usage) writeFileSync(join(trialDir, 'evidence', 'usage.json'), `${JSON.stringify(usage, null, 2)}\n`);
  supervisor.exit(code, code === 0 ? undefined : adapter.failure?.({ code, stderr }));
}

function required(env, name) {
  const value = env[name];
  if (!value) {
    process.stderr.write(`trialgate adapter: ${name} is not set: run this adapter as trialgate's agent.command\n`);
    process.exit(2);
  }
  return value;
}

/** `name` on PATH (or itself, when it is a path) as an executable file, or undefined. */
function findProgram(name, path) {
  const candidates = name.includes('/')
    ? [name]
    : path
        .split(delimiter)
        .filter(isAbsolute)
        .map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
