#!/usr/bin/env node
// A STAND-IN AGENT (deterministic, not an LLM), so that the starter works out of the box. It writes one
// test per `## ` section of its prompt (agent/prompt.md), the way a model's output follows its prompt:
// delete the "## Validation" section and the defect goes undetected, which the gate then reports.
// Replace `agent.command` in trialgate.yml with your real agent (docs/agents.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const prompt = readFileSync(process.env.AGENT_PROMPT ?? join(process.env.TRIALGATE_PROJECT, 'agent', 'prompt.md'), 'utf8');
const sections = [...prompt.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => m[1].toLowerCase());
console.log(`stand-in agent: prompt sections ${sections.join(', ') || '(none)'}`);

const TESTS = {
  'happy path': `test('adding a positive count raises the tally', async () => {
  assert.equal((await add('apples', 3)).status, 200);
  assert.equal(await count('apples'), 3);
});`,
  validation: `test('zero and negative counts are refused and change nothing', async () => {
  for (const n of [0, -2]) assert.equal((await add('pears', n)).status, 400, \`add \${n}\`);
  assert.equal(await count('pears'), 0);
});`,
};

const tests = sections.flatMap((s) => (TESTS[s] ? [TESTS[s]] : []));
writeFileSync(
  join(process.env.TRIALGATE_CANDIDATE, 'service.test.mjs'),
  `import assert from 'node:assert/strict';
import { test } from 'node:test';

const url = process.env.TRIALGATE_SERVICE_URL;
const count = async (name) => (await (await fetch(\`\${url}/items/\${name}\`)).json()).count;
const add = (name, n) => fetch(\`\${url}/items/\${name}\`, { method: 'POST', body: JSON.stringify({ add: n }) });

${tests.join('\n\n')}
`,
);
console.log(`wrote candidate/service.test.mjs with ${tests.length} test(s)`);
