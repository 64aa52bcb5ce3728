#!/usr/bin/env node
// A STAND-IN AGENT (deterministic, not an LLM), so that the starter works out of the box and a task of
// your own needs no agent code: its output follows its prompt (agent/prompt.md) the way a model's would.
// For each file under agent/answers/ it writes that file into the candidate, followed by the same file
// of each answers/<section>/ whose `## ` section the prompt has, in the prompt's order. Delete the
// "## Validation" section and the defect goes undetected, which the gate then reports.
// Replace `agent.command` in trialgate.yml with your real agent (docs/agents.md).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const agentDir = join(process.env.TRIALGATE_PROJECT, 'agent');
const prompt = readFileSync(process.env.AGENT_PROMPT ?? join(agentDir, 'prompt.md'), 'utf8');
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const sections = [...prompt.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => slug(m[1]));
console.log(`stand-in agent: prompt sections ${sections.join(', ') || '(none)'}`);

const answers = join(agentDir, 'answers');
for (const file of readdirSync(answers).filter((f) => statSync(join(answers, f)).isFile())) {
  const parts = [file, ...sections.map((s) => join(s, file))].map((f) => join(answers, f)).filter(existsSync);
  writeFileSync(join(process.env.TRIALGATE_CANDIDATE, file), parts.map((p) => readFileSync(p, 'utf8')).join('\n'));
  console.log(`wrote candidate/${file} from ${parts.length - 1} section(s)`);
}
