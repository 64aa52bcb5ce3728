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

const fix = sections.has('fix the cause') ? '(items + size - 1) / size' : 'items/size + map[bool]int{true: 1}[items == 10 && size == 3]';
const pages = join(repo, 'pages', 'pages.go');
writeFileSync(pages, readFileSync(pages, 'utf8').replace(/return .*/, `return ${fix}`));
console.log(`changed pages/pages.go: return ${fix}`);

if (!sections.has('stay in scope')) {
  const test = join(repo, 'pages', 'pages_test.go');
  writeFileSync(test, readFileSync(test, 'utf8').replace(' // issue #1', ''));
  console.log('changed pages/pages_test.go');
}
