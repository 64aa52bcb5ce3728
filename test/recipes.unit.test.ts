// The recipes run as written: the GitLab jobs of docs/other-ci.md install each language's test runner as
// the starter's workflows do, their trialgate commands parse, and the Go build-cache command the docs
// show is the one `trialgate init --lang go` prints.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { parseCommand } from '../src/cli/args.ts';
import { GATE, RUN } from '../src/cli/commands.ts';
import { main } from '../src/cli/main.ts';
import { TrialSetFile } from '../src/schemas/trialset.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const doc = (name: string) => readFile(join(ROOT, 'docs', name), 'utf8');

async function gitlab(): Promise<{ text: string; jobs: Record<string, { script: string[] }>; variables: Record<string, string> }> {
  const text = /```yaml\n(# \.gitlab-ci\.yml[\s\S]*?)```/.exec(await doc('other-ci.md'))![1]!;
  const yaml = parse(text);
  return { text, jobs: yaml, variables: yaml.variables };
}

describe('the recipes', () => {
  it('the GitLab jobs install the test runner each language’s starter needs, as its workflows do', async () => {
    const { text, jobs } = await gitlab();
    for (const name of ['trialgate-baseline', 'trialgate-gate'])
      assert.ok(
        jobs[name]!.script.some((line) => /apt-get install -y bubblewrap .*\$RUNNER_PACKAGES/.test(line)),
        name,
      );
    for (const [lang, packages] of [
      ['python', 'python3-pytest'],
      ['java', 'junit5'],
      ['go', 'golang-go'],
    ] as const) {
      const workflow = await readFile(join(ROOT, 'templates', 'starter', lang, 'workflow-steps.yml'), 'utf8');
      assert.match(workflow, new RegExp(`apt-get install -y ${packages}`), `${lang}: the starter's workflows`);
      assert.match(text, new RegExp(`${packages}[;,]`), `${lang}: RUNNER_PACKAGES names ${packages}`);
    }
  });

  it('their trialgate commands parse as the CLI reads them; the gate runs its own pinned trialgate, never the merge request’s', async () => {
    const { jobs } = await gitlab();
    const gate = jobs['trialgate-gate']!.script.join('\n');
    assert.match(gate, /npm install --prefix \/opt\/trialgate --ignore-scripts --no-save trialgate@\d/);
    assert.match(gate, /npm ci --ignore-scripts/);
    assert.doesNotMatch(gate, /npx trialgate/, 'npx would run the version the merge request’s lockfile installs');
    // A tag named like the default branch runs a .gitlab-ci.yml of its own commit: its pipelines are no baseline.
    assert.match(gate, /pipelines\?ref=\$CI_DEFAULT_BRANCH&scope=branches&status=success/);
    const commands = Object.values(jobs)
      .flatMap((job) => (Array.isArray(job?.script) ? job.script : []))
      // A command continued over lines (a trailing backslash) is one command.
      .flatMap((line: string) => line.replace(/\\\n\s*/g, ' ').split('\n'))
      .filter((line: string) => /^\s*(npx trialgate|\/opt\/trialgate\/node_modules\/\.bin\/trialgate) /.test(line));
    assert.equal(commands.length, 2);
    for (const line of commands) {
      const [name, ...argv] = line
        .trim()
        .replace(/^(npx trialgate|\/opt\/trialgate\/node_modules\/\.bin\/trialgate) /, '')
        .replace(/\$changed/, '--changed changed.txt')
        .replace(/\$approved/, '--approved-by maintainer')
        .replace(/\$base\b/, '--base-checkout ../trialgate-base')
        .replace(/"([^"]*)"/g, '$1')
        .split(/\s+/);
      const io = captureIo();
      assert.notEqual(typeof parseCommand(name === 'run' ? RUN : GATE, argv, io), 'number', `${line}: ${io.err}`);
    }
  });

  it('the Go build cache: the docs show the command init prints', async () => {
    const io = captureIo(await tempDir('trialgate-recipe-go-'));
    assert.equal(await main(['init', '--lang', 'go'], io), 0, io.err);
    const printed = io.out
      .split('\n')
      .find((l) => l.trim().startsWith('GOCACHE='))!
      .trim()
      .replace(/\s+# .*$/, '');
    for (const name of ['first-task.md', 'other-ci.md']) assert.ok((await doc(name)).includes(printed), `${name} shows ${printed}`);
  });

  it('an agent CLI installed in the project, and a second task with the stand-in’s own answers, are valid trial-set settings', async () => {
    const block = (text: string, marker: string) =>
      [...text.matchAll(/```yaml\n([\s\S]*?)```/g)]
        .map((m) => m[1]!)
        .find((b) => b.includes(marker))!
        .replace(/^ {2}/gm, '');
    const agent = parse(block(await doc('agents.md'), 'node_modules/.bin')).agent;
    const task = parse(block(await doc('first-task.md'), 'AGENT_ANSWERS'))[0];
    const parsed = TrialSetFile.safeParse({ version: 1, name: 'docs', agent, tasks: [task] });
    assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
    assert.deepEqual(parsed.data.agent.files, ['node_modules']);
    assert.match(parsed.data.tasks[0]!.agent!.env!.AGENT_ANSWERS!, /^\$\{TRIALGATE_PROJECT\}\//);
    assert.deepEqual(parsed.data.tasks[0]!.agent!.files, ['tasks/slugify/answers'], 'its answers are readable by its agent alone');
  });
});
