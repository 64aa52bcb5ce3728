// What the preflight tells a user whose agent CLI is installed in the project (npm install --save-dev) but
// not on the agent's PATH: where it is, and the two settings that let the isolated agent run it.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { missingAdapterCli, missingProgram } from '../src/agent/preflight.ts';
import { tempDir } from './support/fixtures.ts';

test('a CLI installed in the project’s node_modules/.bin but not on the agent’s PATH is named with the fix', async () => {
  const project = await tempDir('trialgate-preflight-');
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  await writeFile(join(project, 'node_modules', '.bin', 'claude'), '', { mode: 0o755 });
  const env = { PATH: '/usr/bin:/bin', TRIALGATE_PROJECT: project };
  const fix =
    /it is installed in the project at .*node_modules\/\.bin\/claude, which is not on the agent's PATH: list node_modules in agent\.files and put \$\{TRIALGATE_PROJECT\}\/node_modules\/\.bin first on PATH in agent\.env/;
  assert.match(missingAdapterCli('claude-code', 'claude', 'node "$TRIALGATE_ADAPTERS/claude-code.mjs"', env, true), fix);
  assert.match(missingProgram('claude', env, true), fix);
  assert.doesNotMatch(missingProgram('claude', { ...env, TRIALGATE_PROJECT: join(project, 'elsewhere') }, true), /installed in the project/);
});

test('a misspelt program is told the one it likely meant: an agent CLI first, else one on the PATH', async () => {
  const bin = await tempDir('trialgate-preflight-bin-');
  for (const name of ['clang', 'python3']) await writeFile(join(bin, name), '', { mode: 0o755 });
  const env = { PATH: bin };
  assert.match(
    missingProgram('claud', env, true),
    /the agent command runs claud, which the agent cannot find on its PATH \(.*\): did you mean claude \(agent\.command\)\? If not, install it system-wide/,
  );
  assert.match(missingProgram('pyhton3', env, true), /did you mean python3 /);
  assert.doesNotMatch(missingProgram('codex', env, true), /did you mean/, 'a known CLI that is missing is told how to install it, not itself');
  assert.match(missingProgram('no-such-agent-at-all', env, true), /install it system-wide/, 'nothing close: the install fix');
});
