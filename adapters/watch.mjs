#!/usr/bin/env node
// The provider watch for any agent (docs/agents.md#any-agent-behind-the-provider-watch): runs the agent's
// own program with its provider behind the watch the shipped adapters use, and declares the environment
// failed (exit 75 with the reason) when the provider refuses the key, the quota is spent, the provider
// sends nothing for too long, fails call after call (5xx, 429 rate limits, no connection, an error after a
// 200, a stream cut), or fails and the program gives up. Every byte passes through unchanged.
//
//   node "$TRIALGATE_ADAPTERS/watch.mjs" --key LLM_API_KEY --base-url LLM_BASE_URL \
//     [--default-base-url https://api.openai.com/v1] -- node agent/my-agent.mjs
//
// --key names the variable(s) the key comes from (comma-separated, the first set wins); --base-url the
// variable the program reads its provider's base URL from, which the program gets pointed at the watch.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { declareEnvironmentFailure } from './lib/env-failure.mjs';
import { watchedRun } from './lib/watched-run.mjs';

const USAGE = 'usage: watch.mjs --key VAR[,VAR…] --base-url VAR [--default-base-url URL] -- program [args…]';

function usageError(problem) {
  process.stderr.write(`trialgate watch: ${problem}\n${USAGE}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: { key: { type: 'string' }, 'base-url': { type: 'string' }, 'default-base-url': { type: 'string' } },
    allowPositionals: true,
  });
} catch (e) {
  usageError(e.message);
}
const { values, positionals } = parsed;
const [program, ...args] = positionals;
if (!values.key || !values['base-url'] || !program) usageError('--key, --base-url and the program after -- are required');
const env = process.env;
const keyVars = values.key.split(',').filter(Boolean);
const keyVar = keyVars.find((name) => env[name]);
if (!keyVar) declareEnvironmentFailure(`${keyVars.join(' or ')} is not set for the agent: pass it with agent.pass_env from the workflow's secrets`);
const baseUrlVar = values['base-url'];
const upstream = env[baseUrlVar] || values['default-base-url'];
if (!upstream) usageError(`${baseUrlVar} is not set and no --default-base-url is given: set it in agent.env`);
try {
  new URL(upstream);
} catch {
  usageError(`${baseUrlVar} is not a URL: ${JSON.stringify(upstream)}`);
}

const supervisor = await watchedRun({ upstream, key: env[keyVar], keyVar, env });
const child = spawn(program, args, { env: { ...env, [baseUrlVar]: supervisor.url }, stdio: 'inherit', detached: true });
const { code, failedToStart } = await supervisor.run(child);
await supervisor.close();
if (failedToStart) declareEnvironmentFailure(`the agent's program ${program} could not be started: ${failedToStart.message}`);
supervisor.exit(code);
