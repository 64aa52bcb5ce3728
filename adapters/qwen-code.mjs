#!/usr/bin/env node
// trialgate's adapter for qwen-code (docs/agents.md#qwen-code), an OpenAI-compatible coding CLI: `qwen`
// in headless mode with the prompt on its standard input, file edits approved inside the trial directory
// (its working directory, its workspace) and shell commands not, unless the arguments after the adapter's
// own allow them (`-- --approval-mode yolo`), its JSON events kept as the raw output and its final result
// turned into evidence/usage.json.
//
//   OPENAI_API_KEY   the key; pass it with agent.pass_env
//   OPENAI_BASE_URL  the provider (chat completions), default https://api.openai.com/v1
//   OPENAI_MODEL     the model (required by qwen-code)
//   AGENT_SKILL      the prompt or skill file under test
//   QWEN_CODE_BIN    the qwen program, when it is not on PATH
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runAdapter } from './lib/run-cli.mjs';

export const qwenCode = {
  name: 'qwen-code',
  keyVars: ['OPENAI_API_KEY'],
  baseUrlVar: 'OPENAI_BASE_URL',
  defaultBaseUrl: 'https://api.openai.com/v1',
  args: () => ['--auth-type', 'openai', '--approval-mode', 'auto-edit', '--output-format', 'stream-json'],
  env: ({ env, providerUrl, key }) => ({ ...env, OPENAI_BASE_URL: providerUrl, OPENAI_API_KEY: key }),
  /** The final `result` event's usage (its own totals over the run). */
  usage: (event, previous) => {
    if (event.type !== 'result' || !event.usage) return previous;
    const input = Number(event.usage.input_tokens) || 0;
    const output = Number(event.usage.output_tokens) || 0;
    return { input_tokens: input, output_tokens: output, total_tokens: Number(event.usage.total_tokens) || input + output };
  },
};

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await runAdapter(qwenCode, process.argv.slice(2));
