// Bad candidate data never crashes a run or loses another trial's result: each fails its own trial with
// a message naming the file and field, results.json is written, and no service outlives the run.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { Results } from '../src/schemas/results.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { processesWith } from './support/hostile.ts';
import { writeTrialSet } from './support/trialset.ts';
import { trialSaid } from './support/trial-said.ts';

/**
 * An agent that writes the candidate a node one-liner makes on trial 1, and the honest scripted
 * playbook on trial 2: the bad one must fail alone, the good one must still pass.
 */
async function runBad(make: string, options: { limits?: Record<string, number>; acceptance?: Record<string, unknown>; concurrency?: number } = {}) {
  const marker = `tg-bad-${Math.random().toString(36).slice(2)}`;
  const script =
    'if [ "$TRIALGATE_TRIAL" = 1 ]; then node "$TRIALGATE_PROJECT/gen/make.cjs"; else node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"; fi';
  const configPath = await writeTrialSet({
    command: script,
    trials: 2,
    agent: { files: ['fixture/agent', 'gen'] },
    extra: {
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      tasks: [{ id: 'inventory', fixture: 'fixture', acceptance: { kind: 'http-cases', ...options.acceptance } }],
    },
  });
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(join(dirname(configPath), 'gen'));
  const reference = await readFile(join(dirname(configPath), 'fixture', 'reference', 'spec.json'), 'utf8');
  await writeFile(join(dirname(configPath), 'gen', 'make.cjs'), `const REFERENCE_SPEC = ${JSON.stringify(reference)};\n${make}\n`);
  const manifestPath = join(dirname(configPath), 'fixture', 'fixture.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.service.command.push(`--${marker}`);
  await (await import('node:fs/promises')).writeFile(manifestPath, JSON.stringify(manifest));
  const output = await runTrialSet({ configPath, outDir: await tempDir('trialgate-run-') });
  assert.deepEqual(await processesWith(marker), [], 'no service of the run is alive after it');
  Results.parse(JSON.parse(await readFile(output.resultsPath, 'utf8')));
  const [bad, good] = output.results.tasks[0]!.trials;
  assert.equal(good!.outcome, 'pass', `the other trial keeps its result: ${JSON.stringify(good!.layers)}`);
  return bad!;
}

const write = (files: Record<string, string>) =>
  `const fs=require('fs'),p=require('path');const c=process.env.TRIALGATE_CANDIDATE;${Object.entries(files)
    .map(
      ([name, expr]) =>
        `fs.mkdirSync(p.dirname(p.join(c,${JSON.stringify(name)})),{recursive:true});fs.writeFileSync(p.join(c,${JSON.stringify(name)}),${expr});`,
    )
    .join('')}`;
/** The reference spec.json, as the generator script holds it. */
const SPEC = 'REFERENCE_SPEC';

describe('bad candidates fail their own trial, by name', () => {
  it('deeply nested JSON', async () => {
    const trial = await runBad(
      write({ 'spec.json': `'['.repeat(200000)+']'.repeat(200000)`, 'cases.json': `'{"version":1,"cases":' + '['.repeat(100000) + ']'.repeat(100000) + '}'` }),
    );
    assert.equal(trial.outcome, 'fail', trialSaid(trial));
    assert.match(trial.layers.final_state.failures.join('\n'), /spec\.json: nested 200000 levels deep; the limit is 64/);
    assert.match(trial.layers.final_state.failures.join('\n'), /cases\.json: nested 100001 levels deep/);
  });

  it('an oversized file, and too many files, against the trial set’s limits', async () => {
    const big = await runBad(write({ 'spec.json': `Buffer.alloc(3*1024*1024, 32)`, 'cases.json': `'{}'` }), { limits: { candidate_mb: 1 } });
    assert.match(
      big.layers.final_state.failures.join('\n'),
      /candidate\/spec\.json \(3145728 bytes\) takes the candidate past 1048576 bytes \(limits\.candidate_mb\)/,
    );
    const many = await runBad(`const fs=require('fs');for(let i=0;i<30;i++)fs.writeFileSync(process.env.TRIALGATE_CANDIDATE+'/f'+i,'x')`, {
      limits: { candidate_files: 10 },
    });
    assert.match(many.layers.final_state.failures.join('\n'), /candidate\/ holds 30 files; the limit is 10 \(limits\.candidate_files\)/);
  });

  it('invalid header names and values, and an unescaped path: format problems, never sent', async () => {
    const cases = `JSON.stringify({version:1,cases:[{id:'c',rules:['r'],steps:[{request:{method:'GET',path:'/items/A B',headers:{'bad header':'x','x-ok':'line\\nbreak'}}}]}]})`;
    const trial = await runBad(write({ 'spec.json': SPEC, 'cases.json': cases }));
    const failures = trial.layers.final_state.failures.join('\n');
    assert.match(failures, /cases\.json: cases\[0\]\.steps\[0\]\.request\.path: a path without spaces/);
    assert.match(failures, /headers\.bad header: a header name/);
    assert.match(failures, /headers\.x-ok: a header value of printable characters/);
  });

  it('too many cases', async () => {
    const cases = `JSON.stringify({version:1,cases:Array.from({length:1001},(_, i)=>({id:'c'+i,rules:['r'],steps:[{request:{method:'GET',path:'/health'}}]}))})`;
    const trial = await runBad(write({ 'spec.json': SPEC, 'cases.json': cases }));
    assert.match(trial.layers.final_state.failures.join('\n'), /cases\.json: cases: at most 1000 cases/);
  });

  it('acceptance that runs past its own budget: the rest are execution errors, never detections', async () => {
    const spec = `JSON.stringify({...JSON.parse(${SPEC}),scenarios:[{case:'slow',rules:[JSON.parse(${SPEC}).rules[0].id],targets:['item.read']}]})`;
    const cases = `JSON.stringify({version:1,cases:[{id:'slow',rules:[JSON.parse(${SPEC}).rules[0].id],steps:Array.from({length:100},()=>({request:{method:'GET',path:'/items/SKU-A'},expect:{status:200}}))},...Array.from({length:999},(_, i)=>({id:'more'+i,rules:[JSON.parse(${SPEC}).rules[0].id],steps:Array.from({length:100},()=>({request:{method:'GET',path:'/items/SKU-A'}}))}))]})`;
    const trial = await runBad(write({ 'spec.json': spec, 'cases.json': cases }), { acceptance: { timeout_seconds: 8 }, concurrency: 1 });
    assert.equal(trial.outcome, 'fail', JSON.stringify({ env_error: trial.env_error, failures: trial.layers.final_state.failures }).slice(0, 4000));
    assert.ok(
      trial.judgements.every((j) => j.verdict === 'execution_error_or_skip'),
      JSON.stringify(trial.judgements.map((j) => j.verdict)),
    );
    // A busy machine's preflight may have scaled the budget (docs/isolation.md); the playbook is too long for it either way.
    assert.match(trial.layers.final_state.failures.join('\n'), /acceptance budget of 8 s \(acceptance\.timeout_seconds(, scaled to \d+ ms: [^)]*)?\) ran out/);
  });
});
