#!/usr/bin/env node
// A STAND-IN AGENT (deterministic, not an LLM), so that the starter works out of the box. It changes the
// repository in $TRIALGATE_CANDIDATE by the `## ` sections of its prompt (agent/prompt.md), the way a
// model's output follows its prompt: delete "## Fix the cause" and it only makes the example pass,
// which the hidden tests catch and the gate then reports. Replace `agent.command` in trialgate.yml with your
// real agent (docs/agents.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const prompt = readFileSync(process.env.AGENT_PROMPT ?? join(process.env.TRIALGATE_PROJECT, 'agent', 'prompt.md'), 'utf8');
const sections = new Set([...prompt.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => m[1].toLowerCase()));
const repo = process.env.TRIALGATE_CANDIDATE;
console.log(`stand-in agent: prompt sections ${[...sections].join(', ') || '(none)'}`);

const fix = sections.has('fix the cause') ? '-(-items // size)' : 'items // size + (1 if (items, size) == (10, 3) else 0)';
const pages = join(repo, 'src', 'pages.py');
writeFileSync(pages, readFileSync(pages, 'utf8').replace(/return .*/, `return ${fix}`));
console.log(`changed src/pages.py: return ${fix}`);

if (!sections.has('stay in scope')) {
  const test = join(repo, 'tests', 'test_pages.py');
  writeFileSync(test, readFileSync(test, 'utf8').replace('  # issue #1', ''));
  console.log('changed tests/test_pages.py');
}
