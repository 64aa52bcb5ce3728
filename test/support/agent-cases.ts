// The agents of the adapters' tests and benchmark: each shipped adapter with its CLI installed in the
// project, and the example agent, each with the variables that point it at a loopback fake provider; and
// `trialgate run` of a trial set with one of them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { readResultsFile } from '../../src/results/read.ts';
import { pathWithProjectBin, projectWithClis, removeProject, type AdapterName } from './agent-clis.ts';
import type { Protocol } from './fake-provider.ts';
import { INVENTORY, tempDir } from './fixtures.ts';
import { captureIo } from './io.ts';
import { writeTrialSet } from './trialset.ts';

export const KEY = 'sk-fake-provider-0123456789';
export const WRONG_KEY = 'sk-wrong-key-9876543210';

export interface AgentCase {
  name: string;
  /** The CLI the project installs, if any. */
  cli?: AdapterName;
  command: string;
  protocol: Protocol;
  keyVar: string;
  /** The agent's variables besides the key: the provider's base URL (and the model). */
  env: (url: string) => Record<string, string>;
  files: string[];
  /** What the reason says when the key is refused or the provider is down. */
  refused: RegExp;
  down: RegExp;
}

/** A shipped adapter: its CLI in the project, and the reasons its provider watch gives. */
const adapter = (name: AdapterName, protocol: Protocol, keyVar: string, env: AgentCase['env']): AgentCase => ({
  name,
  cli: name,
  command: `node "$TRIALGATE_ADAPTERS/${name}.mjs"`,
  files: ['node_modules'],
  protocol,
  keyVar,
  env,
  refused: new RegExp(`the provider refused the key: 401 .*check ${keyVar}`),
  down: /the provider is unavailable: \d+ calls in a row failed, the last no answer from .*ECONNREFUSED/,
});

export const AGENT_CASES: AgentCase[] = [
  adapter('claude-code', 'anthropic', 'ANTHROPIC_API_KEY', (url) => ({ ANTHROPIC_BASE_URL: url, ANTHROPIC_MODEL: 'scripted-model' })),
  // A model Codex does not know: it offers its shell tool (exec_command), which the scripted model uses.
  adapter('codex', 'responses', 'CODEX_API_KEY', (url) => ({ OPENAI_BASE_URL: `${url}/v1`, CODEX_MODEL: 'scripted-model' })),
  adapter('qwen-code', 'chat', 'OPENAI_API_KEY', (url) => ({ OPENAI_BASE_URL: `${url}/v1`, OPENAI_MODEL: 'scripted-model' })),
  {
    name: 'OpenAI-compatible example agent',
    command: 'node "$TRIALGATE_PROJECT/fixture/agent/llm-agent.mjs"',
    files: ['fixture/agent'],
    protocol: 'chat',
    keyVar: 'LLM_API_KEY',
    env: (url) => ({ LLM_BASE_URL: `${url}/v1`, LLM_MODEL: 'scripted-model' }),
    refused: /the endpoint refused the key \(401 from the chat completions endpoint/,
    down: /the chat completions endpoint kept failing after 3 tries \(fetch failed: ECONNREFUSED\)/,
  },
];

/** The inventory task's reference answer: what the scripted model writes. */
export async function referenceFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of ['spec.json', 'cases.json']) files[name] = await readFile(join(INVENTORY, 'reference', name), 'utf8');
  return files;
}

export interface AgentRunOptions {
  key?: string;
  trials?: number;
  concurrency?: number;
  wallSeconds?: number;
  env?: Record<string, string>;
  /** Instead of the case's command and agent.files. */
  command?: string;
  files?: string[];
}

/** `trialgate run` of the inventory task with `c`'s agent against `provider`: its exit status, output and results. */
export async function runAgentCase(c: AgentCase, provider: { url: string }, options: AgentRunOptions = {}) {
  const run = await runAgentTasks(c, [{ id: 'inventory', provider }], options);
  const trial = run.results.tasks[0]!.trials[0]!;
  return { ...run, trial, trialDir: join(run.out, trial.evidence) };
}

/** A task of its own for one provider: the inventory task, its agent pointed at `provider`. */
export interface ProviderTask {
  id: string;
  provider: { url: string };
  /** Added to the agent's variables for this task. */
  env?: Record<string, string>;
}

/**
 * `trialgate run` of one inventory task per provider with `c`'s agent, concurrently (all at once unless
 * `options.concurrency` says otherwise): a run tries several providers in trouble for the cost of one.
 */
export async function runAgentTasks(c: AgentCase, tasks: readonly ProviderTask[], options: AgentRunOptions = {}) {
  process.env[c.keyVar] = options.key ?? KEY;
  const dir = await projectWithClis(c.cli ? [c.cli] : []);
  try {
    const [first] = tasks;
    const configPath = await writeTrialSet({
      dir,
      trials: options.trials ?? 1,
      command: options.command ?? c.command,
      env: { ...c.env(first!.provider.url), PATH: pathWithProjectBin(), TRIALGATE_PROVIDER_FAILURES: '2', ...options.env },
      agent: { pass_env: [c.keyVar], files: options.files ?? c.files },
      wallSeconds: options.wallSeconds ?? 120,
      ...(tasks.length > 1 || first!.id !== 'inventory'
        ? {
            extra: {
              tasks: tasks.map((t) => ({
                id: t.id,
                set: 'dev',
                fixture: 'fixture',
                acceptance: 'http-cases',
                agent: { env: { ...c.env(t.provider.url), ...t.env } },
              })),
            },
          }
        : {}),
    });
    const out = join(await tempDir(), 'run');
    const io = captureIo(dir);
    const concurrency = options.concurrency ?? tasks.length;
    const code = await main(['run', '--config', configPath, '--out', out, '--concurrency', String(concurrency)], io);
    const results = await readResultsFile(join(out, 'results.json'));
    const trials = new Map(results.tasks.map((t) => [t.id, t.trials[0]!]));
    return { code, io, out, results, trials };
  } finally {
    delete process.env[c.keyVar];
    await removeProject(dir);
  }
}
