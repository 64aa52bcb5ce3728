#!/usr/bin/env node
// trialgate's adapter for Claude Code (docs/agents.md#claude-code): `claude -p` in print mode with the
// prompt on its standard input, edits accepted inside the trial directory (its working directory) and
// nothing else allowed unless the arguments after the adapter's own allow it (`-- --allowedTools Bash`),
// its stream of JSON events kept as the raw output, and its final result turned into evidence/usage.json.
//
//   ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)  the key; pass it with agent.pass_env
//   ANTHROPIC_BASE_URL                           the provider, default https://api.anthropic.com
//   ANTHROPIC_MODEL                              the model (Claude Code's default otherwise)
//   AGENT_SKILL                                  the prompt or skill file under test
//   CLAUDE_CODE_BIN                              the claude program, when it is not on PATH
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runAdapter } from './lib/run-cli.mjs';

export const claudeCode = {
  name: 'claude-code',
  keyVars: ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN'],
  baseUrlVar: 'ANTHROPIC_BASE_URL',
  defaultBaseUrl: 'https://api.anthropic.com',
  args: () => ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'acceptEdits'],
  env: ({ env, providerUrl }) => ({
    ...env,
    ANTHROPIC_BASE_URL: providerUrl,
    // No update checks, telemetry or error reports: a trial talks to its provider and nothing else.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  }),
  /**
   * The final `result` event's usage, summed over every model the run used (cache reads and writes are
   * input tokens too). Its cost only when Claude Code knew each model's price: it computes the figure
   * itself, and for a model it does not know (costBasis "unknown") the figure is a guess.
   */
  usage: (event, previous) => {
    if (event.type !== 'result') return previous;
    const models = Object.values(event.modelUsage ?? {});
    const sum = (pick) => models.reduce((s, m) => s + (Number(pick(m)) || 0), 0);
    const input = models.length
      ? sum((m) => m.inputTokens) + sum((m) => m.cacheReadInputTokens) + sum((m) => m.cacheCreationInputTokens)
      : (event.usage?.input_tokens ?? 0) + (event.usage?.cache_read_input_tokens ?? 0) + (event.usage?.cache_creation_input_tokens ?? 0);
    const output = models.length ? sum((m) => m.outputTokens) : (event.usage?.output_tokens ?? 0);
    const priced = models.length > 0 && models.every((m) => m.costBasis !== 'unknown') && Number.isFinite(event.total_cost_usd);
    return { input_tokens: input, output_tokens: output, total_tokens: input + output, ...(priced ? { cost_usd: event.total_cost_usd } : {}) };
  },
  /** npm installed the package without running its install script: the claude program is a placeholder. */
  failure: ({ stderr }) =>
    /native binary not installed/.test(stderr)
      ? 'Claude Code is installed without its native binary (npm skipped its install script): run `npm install-scripts approve @anthropic-ai/claude-code` and install again, or run node_modules/@anthropic-ai/claude-code/install.cjs'
      : undefined,
};

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await runAdapter(claudeCode, process.argv.slice(2));
