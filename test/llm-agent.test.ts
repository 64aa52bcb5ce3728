// The example LLM agent against a loopback server that speaks the OpenAI chat-completions route, streamed:
// its answer and usage, and the server in trouble (refused key, 5xx and errors in the stream retried, a
// server that sends nothing, a stream cut every time) told as the environment's.
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

/** An answer: a status and a JSON body, an event stream (its chunks, then cut when `cut`), or none at all. */
type Reply = { status: number; body: unknown } | { stream: string[]; cut?: boolean } | 'hang';

describe('the example LLM agent (OpenAI-compatible)', () => {
  const seen: Seen[] = [];
  let reply: (req: Seen) => Reply = () => ({ status: 500, body: {} });
  let url = '';
  const server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const request = { auth: req.headers.authorization, body: JSON.parse(text || '{}') };
    seen.push(request);
    const answer = req.url === '/v1/chat/completions' && req.method === 'POST' ? reply(request) : { status: 404, body: { error: 'no route' } };
    if (answer === 'hang') return;
    if ('status' in answer) return void res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(answer.stream.map((data) => `data: ${data}\n\n`).join(''), () => (answer.cut ? res.destroy() : res.end()));
  });
  before(async () => {
    // The key reaches the agent only because the trial set passes it on; its value is then scrubbed everywhere.
    process.env.LLM_API_KEY = API_KEY;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => {
    delete process.env.LLM_API_KEY;
    server.closeAllConnections();
    server.close();
  });

  const reference = async () => ({
    spec: JSON.parse(await readFile(join(INVENTORY, 'reference', 'spec.json'), 'utf8')),
    cases: JSON.parse(await readFile(join(INVENTORY, 'reference', 'cases.json'), 'utf8')),
  });
  /** The answer streamed in two pieces, its finish and its usage, as an OpenAI-compatible server streams it. */
  const chunk = (choices: unknown[], extra = {}) => JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices, ...extra });
  const completion = (content: string): Reply => ({
    stream: [
      chunk([{ index: 0, delta: { role: 'assistant', content: content.slice(0, 40) }, finish_reason: null }]),
      chunk([{ index: 0, delta: { content: content.slice(40) }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      chunk([], { usage: { prompt_tokens: 5100, completion_tokens: 2300, total_tokens: 7400 } }),
      '[DONE]',
    ],
  });
  const internalError = chunk([], { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: 500 } });
  const env = () => ({ LLM_BASE_URL: url, LLM_MODEL: 'test-model' });
  const agent = { pass_env: ['LLM_API_KEY'] };

  it('sends the skill as the system prompt with the task and inputs, writes the files and the reported usage', async () => {
    seen.length = 0;
    const answer = JSON.stringify(await reference());
    reply = () => completion('```json\n' + answer + '\n```');
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
    assert.equal(request.body.stream, true, 'streamed: a server that stops sending is told from a long answer');
    assert.match(request.body.messages[0].content, /## Idempotency/);
    assert.match(request.body.messages[1].content, /--- inputs\/requirements\.md ---/);
    assert.match(request.body.messages[1].content, /Write spec\.json and cases\.json into candidate\//);
  });

  it('retries a 500 and an error in the middle of the stream, and then succeeds: nothing happened', async () => {
    seen.length = 0;
    const answer = JSON.stringify(await reference());
    reply = () =>
      seen.length === 1 ? { status: 500, body: { error: 'overloaded' } } : seen.length === 2 ? { stream: [chunk([]), internalError] } : completion(answer);
    const { results } = await runTrialSet({ configPath: await writeTrialSet({ command: AGENT, agent, env: env() }), outDir: await tempDir() });
    assert.equal(results.tasks[0]!.trials[0]!.outcome, 'pass');
    assert.equal(seen.length, 3);
  });

  it('a server that sends nothing, a stream cut every time, an error in every stream: environment errors it declares, never its failure', async () => {
    // One task per way, told apart by the model each asks for.
    reply = (req) =>
      req.body.model === 'hang'
        ? 'hang'
        : req.body.model === 'cut'
          ? { stream: [chunk([{ index: 0, delta: { content: '{"spec": ' }, finish_reason: null }])], cut: true }
          : { stream: [chunk([]), internalError] };
    const task = (id: string) => ({ id, set: 'dev', fixture: 'fixture', acceptance: 'http-cases', agent: { env: { LLM_MODEL: id } } });
    const configPath = await writeTrialSet({
      command: AGENT,
      agent,
      // A silence limit no answering server reaches on a busy machine (a cut stream sends before it is cut).
      env: { ...env(), LLM_TIMEOUT_MS: '8000' },
      extra: { tasks: ['hang', 'cut', 'failing'].map(task) },
    });
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const reason = (id: string) => {
      const trial = results.tasks.find((t) => t.id === id)!.trials[0]!;
      assert.equal(trial.outcome, 'env_error', `${id}: ${trial.layers.trajectory.notes.join(' | ')}`);
      assert.equal(trial.env_error_source, 'agent');
      return trial.layers.trajectory.notes.find((n) => n.startsWith('env error: '));
    };
    assert.match(reason('hang')!, /the chat completions endpoint sent nothing for 8 s \(hung; LLM_TIMEOUT_MS sets the limit\)/);
    assert.match(reason('cut')!, /kept failing after 3 tries \(terminated: UND_ERR_SOCKET\)/);
    assert.match(reason('failing')!, /kept failing after 3 tries \(an error in the stream: .*server_error/);
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
    reply = () => completion('Sure! Here are some tests: all tests passed.');
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
