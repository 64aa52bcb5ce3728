#!/usr/bin/env node
// trialgate's adapter for Codex CLI (docs/agents.md#codex-cli): `codex exec` with the prompt on its
// standard input, its JSON events kept as the raw output and their turns' usage turned into
// evidence/usage.json. Codex's own sandbox is bypassed: trialgate's sandbox is the isolation (Codex's
// cannot start inside it: as root its nested bubblewrap cannot map users). It runs outside a git
// repository, and reaches the provider through a provider of its own configuration (Codex ignores
// OPENAI_BASE_URL and, with only OPENAI_API_KEY set, sends no key).
//
//   CODEX_API_KEY (or OPENAI_API_KEY)  the key; pass it with agent.pass_env
//   OPENAI_BASE_URL                    the provider (Responses API), default https://api.openai.com/v1
//   CODEX_MODEL                        the model (Codex's default otherwise)
//   AGENT_SKILL                        the prompt or skill file under test
//   CODEX_BIN                          the codex program, when it is not on PATH
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runAdapter } from './lib/run-cli.mjs';

const PROVIDER = 'trialgate';

export const codex = {
  name: 'codex',
  keyVars: ['CODEX_API_KEY', 'OPENAI_API_KEY'],
  baseUrlVar: 'OPENAI_BASE_URL',
  defaultBaseUrl: 'https://api.openai.com/v1',
  args: ({ providerUrl, env }) => [
    'exec',
    '--json',
    '--skip-git-repo-check',
    '--dangerously-bypass-approvals-and-sandbox',
    '--ephemeral',
    '-c',
    `model_provider="${PROVIDER}"`,
    '-c',
    `model_providers.${PROVIDER}.name="${PROVIDER}"`,
    '-c',
    `model_providers.${PROVIDER}.base_url="${providerUrl}"`,
    '-c',
    `model_providers.${PROVIDER}.env_key="CODEX_API_KEY"`,
    '-c',
    `model_providers.${PROVIDER}.wire_api="responses"`,
    ...(env.CODEX_MODEL ? ['-m', env.CODEX_MODEL] : []),
  ],
  env: ({ env, key }) => ({ ...env, CODEX_API_KEY: key }),
  // The prompt comes from standard input.
  promptArgs: ['-'],
  /** Every `turn.completed` event's usage, added up (cached input is part of input; reasoning part of output). */
  usage: (event, previous) => {
    if (event.type !== 'turn.completed' || !event.usage) return previous;
    const input = (previous?.input_tokens ?? 0) + (Number(event.usage.input_tokens) || 0);
    const output = (previous?.output_tokens ?? 0) + (Number(event.usage.output_tokens) || 0);
    return { input_tokens: input, output_tokens: output, total_tokens: input + output };
  },
};

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await runAdapter(codex, process.argv.slice(2));
