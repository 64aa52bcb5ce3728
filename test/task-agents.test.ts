// A task's own prompt/skill files and agent settings (trialgate.yml `tasks[].watch`, `tasks[].agent`):
// its agent runs its own command and environment, sees the trial set's files and its own but no other
// task's, and each trial records the version it ran (its command and the hashes of its watched files).
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runTrialSet } from '../src/trial/run-set.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory; these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-task-agents-'));

/** Two tasks on the inventory fixture, each with its own skill; `second` runs a command of its own. */
async function twoSkills(extraSecond: Record<string, unknown> = {}): Promise<string> {
  const config = await writeTrialSet({
    extra: {
      watch: [],
      tasks: [
        {
          id: 'first',
          fixture: 'fixture',
          acceptance: 'http-cases',
          watch: ['skills/first/**'],
          agent: { env: { AGENT_SKILL: '${TRIALGATE_PROJECT}/skills/first/skill.md' } },
        },
        {
          id: 'second',
          fixture: 'fixture',
          acceptance: 'http-cases',
          watch: ['skills/second/**'],
          agent: {
            command: 'node "$TRIALGATE_PROJECT/agents/second.mjs"',
            env: { AGENT_SKILL: '${TRIALGATE_PROJECT}/skills/second/skill.md' },
            files: ['agents'],
          },
          ...extraSecond,
        },
      ],
    },
  });
  const dir = dirname(config);
  const skill = await readFile(BUILTIN_SKILL, 'utf8');
  for (const id of ['first', 'second']) {
    await mkdir(join(dir, 'skills', id), { recursive: true });
    await writeFile(join(dir, 'skills', id, 'skill.md'), skill);
  }
  await mkdir(join(dir, 'agents'));
  // Says in its log whether it can see the other task's skill, then does the work.
  await writeFile(
    join(dir, 'agents', 'second.mjs'),
    `import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const project = process.env.TRIALGATE_PROJECT;
console.log('sees first skill: ' + existsSync(join(project, 'skills', 'first', 'skill.md')));
console.log('sees own skill: ' + existsSync(process.env.AGENT_SKILL));
execFileSync(process.execPath, [join(project, 'fixture', 'agent', 'scripted-agent.mjs')], { stdio: 'inherit' });
`,
  );
  return config;
}

describe("a task's own agent settings", () => {
  it('resolve over the trial set’s: the command replaced, env and files added, the watch globs its own after the shared ones', async () => {
    const set = await loadTrialSet(await twoSkills());
    const [first, second] = set.tasks;
    assert.equal(first!.agent.command, set.config.agent.command);
    assert.equal(second!.agent.command, 'node "$TRIALGATE_PROJECT/agents/second.mjs"');
    assert.equal(second!.agent.env.AGENT_SKILL, '${TRIALGATE_PROJECT}/skills/second/skill.md');
    assert.deepEqual(first!.agent.watch, ['skills/first/**']);
    assert.ok(second!.agent.files.includes(join(set.dir, 'agents')), 'its own files');
    assert.ok(second!.agent.files.includes(join(set.dir, 'fixture', 'agent')), "the trial set's files");
    assert.ok(!second!.agent.files.includes(join(set.dir, 'skills', 'first', 'skill.md')), "no other task's watched file");
    assert.ok(first!.agent.files.includes(join(set.dir, 'skills', 'first', 'skill.md')), 'its own watched file');
  });

  it('are checked like the trial set’s, naming the task’s field', async () => {
    await assert.rejects(
      loadTrialSet(await twoSkills({ watch: ['../outside/**'] })),
      /tasks\[1\]\.watch\[0\]: \.\.\/outside\/\*\*: globs are relative to the project/,
    );
    await assert.rejects(
      loadTrialSet(await twoSkills({ agent: { files: ['missing'] } })),
      /tasks\[1\]\.agent\.files\[0\]: missing does not exist in the project/,
    );
    await assert.rejects(
      loadTrialSet(await twoSkills({ watch: [], agent: { files: ['fixture'] } })),
      /tasks\[1\]\.agent\.files\[0\]: fixture would show the agent fixture\/\S+ \(a protected file of task first, which no agent may see/,
    );
    await assert.rejects(
      loadTrialSet(await twoSkills({ watch: ['skills/second/skil.md'] })),
      /tasks\[1\]\.watch\[0\]: skills\/second\/skil\.md matches no file in the project: the watched files are the version under test/,
    );
    await assert.rejects(
      loadTrialSet(await writeTrialSet({ extra: { watch: ['skills/**', 'prompts/sytem.md'] } })),
      /watch\[1\]: prompts\/sytem\.md matches no file/,
    );
    const none = await writeTrialSet({ extra: { watch: [] } });
    await assert.rejects(loadTrialSet(none), /watch: at least one glob of the prompt\/skill files under test/);
  });

  it(
    'run: each task’s agent with its own command and environment, shown no other task’s files; each trial records its version',
    { skip: NO_ISOLATION },
    async () => {
      const config = await twoSkills();
      const { results, runDir } = await runTrialSet({ configPath: config, outDir: join(await tempDir(), 'run'), isolation: 'required' });
      for (const task of results.tasks)
        assert.deepEqual(
          task.trials.map((t) => t.outcome),
          ['pass'],
          `${task.id}: ${JSON.stringify(task.trials[0]!.layers)}`,
        );
      const second = results.tasks.find((t) => t.id === 'second')!.trials[0]!;
      const log = await readFile(join(runDir, second.evidence, 'evidence', 'agent.log'), 'utf8');
      assert.match(log, /^sees first skill: false$/m);
      assert.match(log, /^sees own skill: true$/m);
      for (const id of ['first', 'second']) {
        const trial = results.tasks.find((t) => t.id === id)!.trials[0]!;
        const recorded = JSON.parse(await readFile(join(runDir, trial.evidence, 'config.json'), 'utf8')) as {
          agent_command: string;
          watched: { files: Record<string, string> };
        };
        assert.deepEqual(Object.keys(recorded.watched.files), [`skills/${id}/skill.md`]);
        assert.equal(recorded.agent_command, id === 'second' ? 'node "$TRIALGATE_PROJECT/agents/second.mjs"' : results.agent.command);
      }
      // The run's version is every task's watched files.
      assert.deepEqual(Object.keys(results.watched.files).sort(), ['skills/first/skill.md', 'skills/second/skill.md']);
    },
  );
});
