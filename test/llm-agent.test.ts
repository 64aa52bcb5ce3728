// The example LLM agent against a loopback server that speaks the OpenAI chat-completions route.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, symlink } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runTrialSet } from '../src/trial/run-set.ts';
import { INVENTORY, tempDir } from './support/fixtures.ts';
import { writeTrialSet } from './support/trialset.ts';

const API_KEY = 'sk-test-0123456789abcdef';
const AGENT = 'node "$TRIALGATE_PROJECT/fixture/agent/llm-agent.mjs"';

interface Seen {
  auth?: string;
  body: any;
}

describe('the example LLM agent (OpenAI-compatible)', () => {
  const seen: Seen[] = [];
  let reply: (req: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
  let url = '';
  const server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const request = { auth: req.headers.authorization, body: JSON.parse(text || '{}') };
    seen.push(request);
    const { status, body } = req.url === '/v1/chat/completions' && req.method === 'POST' ? reply(request) : { status: 404, body: { error: 'no route' } };
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  before(async () => {
    // The key reaches the agent only because the trial set passes it on; its value is then scrubbed everywhere.
    process.env.LLM_API_KEY = API_KEY;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => {
    delete process.env.LLM_API_KEY;
    server.close();
  });

  const reference = async () => ({
    spec: JSON.parse(await readFile(join(INVENTORY, 'reference', 'spec.json'), 'utf8')),
    cases: JSON.parse(await readFile(join(INVENTORY, 'reference', 'cases.json'), 'utf8')),
  });
  const completion = (content: string) => ({
    id: 'chatcmpl-1',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5100, completion_tokens: 2300, total_tokens: 7400 },
  });
  const env = () => ({ LLM_BASE_URL: url, LLM_MODEL: 'test-model' });
  const agent = { pass_env: ['LLM_API_KEY'] };

  it('sends the skill as the system prompt with the task and inputs, writes the files and the reported usage', async () => {
    seen.length = 0;
    const answer = JSON.stringify(await reference());
    reply = () => ({ status: 200, body: completion('```json\n' + answer + '\n```') });
    const configPath = await writeTrialSet({ command: AGENT, agent, env: env() });
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const [trial] = results.tasks[0]!.trials;
    assert.equal(trial!.outcome, 'pass', JSON.stringify(trial!.layers));
    assert.deepEqual(trial!.usage, { input_tokens: 5100, output_tokens: 2300, total_tokens: 7400 });
    assert.equal(results.tasks[0]!.summary.tokens, 7400);
    assert.equal(results.tasks[0]!.summary.cost_usd, undefined, 'no cost was reported: blank, never estimated');

    const request = seen[0]!;
    assert.equal(request.auth, `Bearer ${API_KEY}`);
    assert.equal(request.body.model, 'test-model');
    assert.match(request.body.messages[0].content, /## Idempotency/);
    assert.match(request.body.messages[1].content, /--- inputs\/requirements\.md ---/);
    assert.match(request.body.messages[1].content, /Write spec\.json and cases\.json into candidate\//);
  });

  it('retries a 500 and then succeeds', async () => {
    seen.length = 0;
    const answer = JSON.stringify(await reference());
    reply = () => (seen.length === 1 ? { status: 500, body: { error: 'overloaded' } } : { status: 200, body: completion(answer) });
    const { results } = await runTrialSet({ configPath: await writeTrialSet({ command: AGENT, agent, env: env() }), outDir: await tempDir() });
    assert.equal(results.tasks[0]!.trials[0]!.outcome, 'pass');
    assert.equal(seen.length, 2);
  });

  it('a 401 is an environment error the agent declares, never the agent crashing; the key never reaches the evidence', async () => {
    reply = (req) => ({ status: 401, body: { error: { message: `invalid key ${req.auth}` } } });
    const { results, runDir } = await runTrialSet({ configPath: await writeTrialSet({ command: AGENT, agent, env: env() }), outDir: await tempDir() });
    const [trial] = results.tasks[0]!.trials;
    assert.equal(trial!.outcome, 'env_error');
    assert.equal(trial!.env_error_source, 'agent');
    assert.ok(trial!.layers.trajectory.notes.some((n) => /env error: the endpoint refused the key \(401 from the chat completions endpoint/.test(n)));
    assert.ok(!JSON.stringify(trial).includes(API_KEY), 'the API key is scrubbed from the reason');
    const log = await readFile(join(runDir, trial!.evidence, 'evidence', 'agent.log'), 'utf8');
    assert.match(log, /401 from the chat completions endpoint/);
    assert.ok(!log.includes(API_KEY), 'the API key is scrubbed from the agent log');
    assert.match(log, /Bearer \*\*\*/);
  });

  it('an answer that is not JSON fails the agent, saying so', async () => {
    reply = () => ({ status: 200, body: completion('Sure! Here are some tests: all tests passed.') });
    const { results, runDir } = await runTrialSet({ configPath: await writeTrialSet({ command: AGENT, agent, env: env() }), outDir: await tempDir() });
    const [trial] = results.tasks[0]!.trials;
    assert.equal(trial!.stop_reason, 'agent_crashed');
    assert.match(await readFile(join(runDir, trial!.evidence, 'evidence', 'agent.log'), 'utf8'), /answer is not JSON/);
  });

  it('runs when reached through a link (as after npm install or npm link), not only by its own path', async () => {
    const dir = await tempDir();
    const link = join(dir, 'agent.mjs');
    await symlink(join(INVENTORY, 'agent', 'llm-agent.mjs'), link);
    const run = spawnSync(process.execPath, [link], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    assert.notEqual(run.status, 0, 'it ran, and failed for want of its environment');
    assert.match(run.stdout + run.stderr, /TRIALGATE_INPUTS/);
  });
});
