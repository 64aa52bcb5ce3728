#!/usr/bin/env node
// A STAND-IN AGENT (deterministic, not an LLM), so that the starter works out of the box and a task of
// your own needs no agent code: its output follows its prompt (agent/prompt.md) the way a model's would.
//
// Every file under agent/answers/ is a whole answer file in any language, written into the candidate as
// it stands, except its section blocks: the lines between a comment line `@section <name>` and the next
// comment line `@end` are kept only when the prompt has the `## ` section of that name (its heading in
// lower case, words joined by `-`); the marker lines themselves are never written. So a Java class keeps
// its closing brace, a Go file its imports, whatever sections the prompt loses:
//
//   class TallyTest {                      # a comment marker in the file's own syntax: //, #, --, ;
//     // @section validation
//     @Test void zeroIsRefused() { … }
//     // @end
//   }
//
// Delete the "## Validation" section of the prompt and the test that catches the defect is not written,
// which the gate then reports. A task of its own gets its own prompt and answers through its
// `agent.env` in trialgate.yml: AGENT_PROMPT and AGENT_ANSWERS (default agent/prompt.md, agent/answers). Replace `agent.command` in trialgate.yml with your real agent (docs/agents.md).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const project = process.env.TRIALGATE_PROJECT;
const agentDir = join(project, 'agent');
const prompt = readFileSync(process.env.AGENT_PROMPT ?? join(agentDir, 'prompt.md'), 'utf8');
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const sections = new Set([...prompt.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => slug(m[1])));
console.log(`stand-in agent: prompt sections ${[...sections].join(', ') || '(none)'}`);

const COMMENT = String.raw`^\s*(?:\/\/|#|--|;|\/\*|<!--)\s*`;
// A section is named as in the prompt or as its slug (`Happy path`, `happy-path`); a block comment may close the line.
const OPEN = new RegExp(`${COMMENT}@section\\s+(.+?)\\s*(?:\\*\\/|-->)?\\s*$`);
const CLOSE = new RegExp(`${COMMENT}@end\\b`);

function fail(why) {
  console.error(`stand-in agent: ${why}`);
  process.exit(1);
}

/** The file's lines without the blocks of sections the prompt lacks, and without any marker line. */
function answer(path) {
  const kept = [];
  let open;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const where = `${relative(project, path)}:${i + 1}`;
      const start = OPEN.exec(line);
      if (start) {
        if (open) fail(`${where}: @section ${start[1]} inside @section ${open.name} (line ${open.line}): close it with @end first`);
        open = { name: slug(start[1]), line: i + 1 };
      } else if (CLOSE.test(line)) {
        if (!open) fail(`${where}: @end without an @section above it`);
        open = undefined;
      } else if (!open || sections.has(open.name)) kept.push(line);
    });
  if (open) fail(`${relative(project, path)}:${open.line}: @section ${open.name} has no @end`);
  return kept.join('\n');
}

const answers = process.env.AGENT_ANSWERS ?? join(agentDir, 'answers');
for (const entry of readdirSync(answers, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const from = join(entry.parentPath ?? entry.path, entry.name);
  const to = join(process.env.TRIALGATE_CANDIDATE, relative(answers, from));
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, answer(from));
  console.log(`wrote candidate/${relative(answers, from)}`);
}
