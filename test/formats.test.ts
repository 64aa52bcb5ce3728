// Every file trialgate writes has its format in src/schemas/formats.ts and follows it. Real runs make the
// files: an http-cases task judged by the model judge beside a `command` task, a gate against that run
// (a head run, pairwise judging), a repair saved and then re-applied by the next run, a tools task, the
// failure archive and a calibration. Every JSON file of their run directories must be claimed by a format
// and validate against it, and every format of a run directory must have been met.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { main } from '../src/cli/main.ts';
import { FILE_FORMATS } from '../src/schemas/formats.ts';
import type { TaskJudge } from '../src/schemas/judge.ts';
import { Results } from '../src/schemas/results.ts';
import { INVENTORY, inventoryCopy, ROOT, tempDir } from './support/fixtures.ts';
import { checkRunDirectory, problemsOf } from './support/formats.ts';
import { captureIo } from './support/io.ts';
import { writeToolsTrialSet } from './support/tools.ts';
import { BUILTIN_SKILL, SCRIPTED_AGENT, writeTrialSet } from './support/trialset.ts';

// Runs that hostile-agent tests elsewhere could reach through the top of the temporary directory stay one level down.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-formats-'));

const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8')) as { judge: { model: string }; tasks: { judge: TaskJudge }[] };
const judge = { model: repo.judge.model, command: 'node fixture/judge/scripted-judge.mjs', calibration: 'fixture/judge/calibration.json' };
const skill = await readFile(BUILTIN_SKILL, 'utf8');
const withoutIdempotency = skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');

/** A `command` acceptor: one real check of the service, in trialgate's report format. */
const ACCEPTOR = `
import { writeFileSync } from 'node:fs';
const item = await (await fetch(process.env.TRIALGATE_SERVICE_URL + '/items/SKU-A')).json();
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 1, executed: 1, complete: true, records: [
  { test: 'stock-is-read', status: item.available === 10 ? 'passed' : 'failed', assertion: 'available == 10' },
] }));
`;

/** A project with the judged inventory task and a task whose fixture has a `command` acceptor. */
async function project(agentSkill: string): Promise<string> {
  const commandFixture = await inventoryCopy((manifest) => {
    manifest.acceptance = { kind: 'command', command: 'node acceptor.mjs' };
  });
  await writeFile(join(commandFixture, 'acceptor.mjs'), ACCEPTOR);
  return writeTrialSet({
    skill: agentSkill,
    // As an agent that calls a model reports its usage (docs/agents.md).
    command: `${SCRIPTED_AGENT} && echo '{"input_tokens": 1200, "output_tokens": 340}' > evidence/usage.json`,
    extra: {
      judge,
      tasks: [
        { id: 'inventory', fixture: 'fixture', acceptance: 'http-cases', judge: { labels: 'fixture/judge/labels', items: repo.tasks[0]!.judge.items } },
        { id: 'own-acceptor', fixture: commandFixture, faults: { 'reject-writes': 'rejected reservation still changes stock' } },
      ],
    },
  });
}

const run = async (args: string[], cwd: string, expected: number[] = [0]) => {
  const io = captureIo(cwd);
  const code = await main(args, io);
  assert.ok(expected.includes(code), `trialgate ${args.join(' ')}: exit ${code}\n${io.err}`);
  return io;
};

describe('every file trialgate writes follows its format', () => {
  it('run, gate (pairwise), repair saved and re-applied, a tools run, the failure archive and a calibration', async () => {
    const baseConfig = await project(skill);
    const headConfig = await project(withoutIdempotency);
    const [baseProject, headProject] = [dirname(baseConfig), dirname(headConfig)];
    const [base, head, again, tools] = [
      join(await tempDir(), 'base'),
      join(await tempDir(), 'head'),
      join(await tempDir(), 'again'),
      join(await tempDir(), 'tools'),
    ];

    await run(['calibrate', '--config', baseConfig], baseProject, [0, 1]);
    await run(['run', '--config', baseConfig, '--out', base], baseProject);
    await run(['gate', '--config', headConfig, '--base', join(base, 'results.json'), '--out', head, '--confirm-trials', '0'], headProject, [0, 1, 3]);

    const failed = Results.parse(JSON.parse(await readFile(join(head, 'results.json'), 'utf8'))).tasks[0]!.trials.find((t) => t.outcome === 'fail');
    assert.ok(failed, 'without its idempotency section the agent misses a defect');
    const trialDir = join(head, failed.evidence);
    await run(['repair', trialDir], headProject);
    for (const file of ['spec.json', 'cases.json']) await cp(join(INVENTORY, 'reference', file), join(trialDir, 'repair', 'candidate', file));
    await run(['repair', trialDir, '--done', '--minutes', '5', '--save', '--config', headConfig], headProject);
    await run(['run', '--config', headConfig, '--out', again], headProject);

    await run(['run', '--config', await writeToolsTrialSet(), '--out', tools], ROOT);
    const archive = join(headProject, 'trialgate.failures.json');
    await run(['failures', head, again, '--archive', archive], headProject);

    const followed = new Set<string>();
    for (const dir of [base, head, again, tools]) {
      const checked = await checkRunDirectory(dir);
      assert.deepEqual(checked.problems, [], dir);
      for (const name of checked.followed) followed.add(name);
    }
    const unmet = FILE_FORMATS.filter((f) => f.root === 'run' && !followed.has(f.name)).map((f) => f.name);
    assert.deepEqual(unmet, [], 'every format of a run directory was written by one of these runs');

    const format = (name: string) => FILE_FORMATS.find((f) => f.name === name)!;
    const committed = JSON.parse(await readFile(join(again, 'results.json'), 'utf8')).tasks[0].trials.find((t: { repair?: unknown }) => t.repair);
    assert.equal(committed?.repair.source, 'committed', 'the next run re-applied the saved repair');
    const saved = join(headProject, 'repairs', 'inventory', `${failed.candidate_sha256}.json`);
    assert.deepEqual(await problemsOf(format('committed-repair'), saved), []);
    assert.deepEqual(await problemsOf(format('failures'), archive), []);
    assert.deepEqual(await problemsOf(format('calibration'), join(baseProject, judge.calibration)), []);
  });
});
