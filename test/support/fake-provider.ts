// A loopback model provider that speaks the wire protocols of the agent CLIs trialgate ships adapters for:
// Anthropic Messages (Claude Code, streamed as server-sent events), the OpenAI Responses API (Codex CLI,
// streamed events) and chat completions (qwen-code streamed, the example agent not). It is a scripted
// model, not a model: it answers with the tool calls that make the CLI write the task's candidate files,
// one file per turn, then ends the turn; every answer reports usage, totalled here so a test can compare it
// with what reached results.json. Its mode makes it a provider in trouble: a refused key, an exhausted
// quota, an outage (5xx), rate limits (429), a model that never answers, an error after a 200 in the middle
// of a stream, a stream cut in the middle or just before its last event, a stall after the first byte, a
// connection reset before any header, a 200 whose body is not the protocol (a proxy's page); `faultFrom`
// and `faultOnce` make the trouble start at a step of each trial's conversation, or strike once per trial;
// closing it leaves the port refusing connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `ok`: answers; `unauthorized`: 401 whatever the key; `quota`: the account's quota is spent; `overloaded`:
 * 5xx; `rate-limited`: 429 rate limits (retry-after 1 s); `hang`: never answers, not even its headers;
 * `error-mid-stream`: a streamed answer starts (200) and then reports an internal error (an Anthropic
 * `error` event, `response.failed`, an error chunk), while an answer not streamed comes whole; `cut`: every
 * answer starts (200) and its connection is cut in the middle; `cut-late`: every streamed answer is cut
 * after all its events but the last (`message_stop`, `response.completed`, `[DONE]`); `stall`: every answer
 * starts (200, its first event or half its JSON) and then nothing more comes; `reset`: the connection is
 * reset before any header; `not-protocol`: a 200 whose body is an HTML page (a proxy's or a portal's).
 */
export type ProviderMode =
  'ok' | 'unauthorized' | 'quota' | 'overloaded' | 'rate-limited' | 'hang' | 'error-mid-stream' | 'cut' | 'cut-late' | 'stall' | 'reset' | 'not-protocol';
export type Protocol = 'anthropic' | 'responses' | 'chat';

export interface ProviderRequest {
  protocol: Protocol | 'other';
  method: string;
  path: string;
  status: number;
  stream: boolean;
  /** Whether the request carried the provider's key. */
  authorized: boolean;
}

export interface FakeProviderOptions {
  /** The one key the provider accepts (as `x-api-key` or a bearer token). */
  key: string;
  /** The candidate files the model writes (name → content), given the conversation's text. */
  files: (prompt: string) => Record<string, string>;
  mode?: ProviderMode;
  /** The mode applies from this step of a trial's conversation on (0, the first call, unless given); earlier steps are answered. */
  faultFrom?: number;
  /** The mode strikes one call per trial (its conversation's candidate directory), at `faultFrom`; every other call is answered. */
  faultOnce?: boolean;
}

/** Tokens each answer reports: fixed, so that a test knows the totals. */
export const ANSWER_USAGE = { input: 1200, output: 300 } as const;
/** Where the candidate directory is named in an adapter's prompt (adapters/lib/prompt.mjs). */
const CANDIDATE = /Candidate directory: (\/[^\s"\\]+)/;

export class FakeProvider {
  mode: ProviderMode;
  readonly requests: ProviderRequest[] = [];
  /** Usage reported in answers, per protocol. */
  readonly reported: Record<Protocol, { input: number; output: number; answers: number }> = {
    anthropic: { input: 0, output: 0, answers: 0 },
    responses: { input: 0, output: 0, answers: 0 },
    chat: { input: 0, output: 0, answers: 0 },
  };
  private readonly hanging = new Set<ServerResponse>();
  /** The trials (candidate directories) the mode struck once already, with `faultOnce`. */
  private readonly struck = new Set<string>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: FakeProviderOptions,
  ) {
    this.mode = options.mode ?? 'ok';
  }

  static async start(options: FakeProviderOptions): Promise<FakeProvider> {
    let provider: FakeProvider | undefined;
    const server = createServer((req, res) => void provider!.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider = new FakeProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
    return provider;
  }

  /** The port stops listening: the provider is down (connections are refused). */
  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Requests of the model's conversation (not the CLIs' side calls), with their answers' statuses. */
  modelCalls(protocol: Protocol): ProviderRequest[] {
    return this.requests.filter((r) => r.protocol === protocol && r.method === 'POST');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const path = (req.url ?? '/').split('?')[0]!;
    const protocol: Protocol | 'other' = path.endsWith('/messages')
      ? 'anthropic'
      : path.endsWith('/responses')
        ? 'responses'
        : path.endsWith('/chat/completions')
          ? 'chat'
          : 'other';
    const authorized = [req.headers['x-api-key'], req.headers.authorization].some((v) => v === this.options.key || v === `Bearer ${this.options.key}`);
    const record = (status: number, stream = false) => this.requests.push({ protocol, method: req.method ?? '', path, status, stream, authorized });

    if (protocol === 'other' || req.method !== 'POST') {
      // Side calls (Claude Code's reachability check, a models list): answered, never part of the script.
      record(req.method === 'HEAD' ? 200 : 404);
      res.writeHead(req.method === 'HEAD' ? 200 : 404, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : '{}');
      return;
    }
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      record(400);
      return sendError(res, protocol, 400, 'invalid_request_error', 'the body is not JSON');
    }
    const mode = this.modeFor(protocol, body);
    if (mode === 'hang') {
      record(0);
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (mode === 'reset') {
      record(0);
      return void req.socket.resetAndDestroy();
    }
    if (mode === 'unauthorized' || !authorized) {
      record(401);
      return sendError(res, protocol, 401, protocol === 'anthropic' ? 'authentication_error' : 'invalid_api_key', 'invalid x-api-key');
    }
    if (mode === 'quota') {
      record(429);
      return sendError(res, protocol, 429, 'insufficient_quota', 'You exceeded your current quota, please check your plan and billing details.');
    }
    if (mode === 'overloaded') {
      const status = protocol === 'anthropic' ? 529 : 503;
      record(status);
      return sendError(res, protocol, status, protocol === 'anthropic' ? 'overloaded_error' : 'server_error', 'The server is overloaded.');
    }
    if (mode === 'rate-limited') {
      record(429);
      const type = protocol === 'anthropic' ? 'rate_limit_error' : 'rate_limit_exceeded';
      return sendError(res, protocol, 429, type, 'Rate limit reached for requests per minute. Please try again in 1s.', { 'retry-after': '1' });
    }
    // The Responses API streams every answer.
    const stream = body.stream === true || protocol === 'responses';
    record(200, stream);
    if (mode === 'not-protocol') {
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html><head><title>Gateway</title></head><body><h1>Please sign in to continue</h1></body></html>\n');
    }
    const turn = this.nextTurn(protocol, body);
    const model = String(body.model ?? 'scripted');
    if (!stream) {
      const answer = protocol === 'anthropic' ? anthropicJson(model, turn) : chatJson(model, turn);
      if (mode === 'cut' || mode === 'cut-late') return cut(res, 'application/json', [answer.slice(0, answer.length >> 1)]);
      if (mode === 'stall') return this.stall(res, 'application/json', answer.slice(0, answer.length >> 1));
      this.count(protocol);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    }
    const events = protocol === 'anthropic' ? anthropicEvents(model, turn) : protocol === 'responses' ? responsesEvents(turn) : chatEvents(model, turn);
    if (mode === 'cut') return cut(res, 'text/event-stream', events.slice(0, 2).map(sseText));
    if (mode === 'cut-late') return cut(res, 'text/event-stream', events.slice(0, -1).map(sseText));
    if (mode === 'stall') return this.stall(res, 'text/event-stream', sseText(events[0]!));
    if (mode === 'error-mid-stream') return sse(res, [...events.slice(0, 1), internalErrorEvent(protocol)]);
    this.count(protocol);
    sse(res, events);
  }

  /** The mode for this call: `ok` before `faultFrom`, and after the one strike of `faultOnce`. */
  private modeFor(protocol: Protocol, body: any): ProviderMode {
    const { faultFrom = 0, faultOnce = false } = this.options;
    if (this.mode === 'ok' || (faultFrom === 0 && !faultOnce)) return this.mode;
    if (toolResults(protocol, body) < faultFrom) return 'ok';
    if (!faultOnce) return this.mode;
    const trial = CANDIDATE.exec(JSON.stringify(body).replaceAll('\\n', '\n'))?.[1] ?? '';
    if (this.struck.has(trial)) return 'ok';
    this.struck.add(trial);
    return this.mode;
  }

  /** A 200 that starts (`first`) and then sends nothing more, until the provider is closed or the client leaves. */
  private stall(res: ServerResponse, contentType: string, first: string): void {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache' });
    res.write(first);
  }

  private count(protocol: Protocol): void {
    this.reported[protocol].input += ANSWER_USAGE.input;
    this.reported[protocol].output += ANSWER_USAGE.output;
    this.reported[protocol].answers++;
  }

  /** The model's next move: write the next candidate file with the tool this CLI offers, or end the turn. */
  private nextTurn(protocol: Protocol, body: any): Turn {
    const conversation = JSON.stringify(body.messages ?? body.input ?? []) + JSON.stringify(body.system ?? body.instructions ?? '');
    const files = Object.entries(this.options.files(conversation));
    const tools: string[] = (body.tools ?? []).map((t: any) => t.name ?? t.function?.name).filter(Boolean);
    if (tools.length === 0) {
      // A plain completion (the example agent): the files as one JSON object, keyed by their names without .json.
      const answer = Object.fromEntries(files.map(([name, content]) => [name.replace(/\.json$/, ''), JSON.parse(content)]));
      return { text: JSON.stringify(answer) };
    }
    const dir = CANDIDATE.exec(conversation.replaceAll('\\n', '\n'))?.[1];
    const done = toolResults(protocol, body);
    if (!dir || done >= files.length) return { text: dir ? `Wrote ${files.map(([n]) => n).join(' and ')}.` : 'No candidate directory was named.' };
    const [name, content] = files[done]!;
    const path = `${dir.replace(/\/$/, '')}/${name}`;
    const id = `call_${done + 1}`;
    if (tools.includes('Write')) return { tool: { id, name: 'Write', input: { file_path: path, content } } };
    if (tools.includes('write_file')) return { tool: { id, name: 'write_file', input: { file_path: path, content } } };
    if (tools.includes('exec_command')) {
      const cmd = `printf %s '${Buffer.from(content).toString('base64')}' | base64 -d > '${path}'`;
      return { tool: { id, name: 'exec_command', input: { cmd, tty: false } } };
    }
    return { text: `None of the tools offered (${tools.join(', ')}) writes a file.` };
  }
}

interface Turn {
  text?: string;
  tool?: { id: string; name: string; input: Record<string, unknown> };
}

/** How many tool results the conversation holds: the model's step. */
function toolResults(protocol: Protocol, body: any): number {
  if (protocol === 'anthropic')
    return (body.messages ?? []).reduce(
      (n: number, m: any) => n + (Array.isArray(m.content) ? m.content.filter((c: any) => c.type === 'tool_result').length : 0),
      0,
    );
  if (protocol === 'responses') return (body.input ?? []).filter((i: any) => i.type === 'function_call_output').length;
  return (body.messages ?? []).filter((m: any) => m.role === 'tool').length;
}

function sendError(res: ServerResponse, protocol: Protocol, status: number, type: string, message: string, headers: Record<string, string> = {}): void {
  const body = protocol === 'anthropic' ? { type: 'error', error: { type, message } } : { error: { message, type, code: type } };
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

interface SseEvent {
  event?: string;
  data: unknown;
}

const sseText = (e: SseEvent) => `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`;

function sse(res: ServerResponse, events: SseEvent[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(sseText(e));
  res.end();
}

/** A 200 whose connection is cut after `parts`: the body's chunked encoding never ends. */
function cut(res: ServerResponse, contentType: string, parts: string[]): void {
  res.writeHead(200, { 'content-type': contentType });
  // Cut once they are written, as a provider whose connection drops mid-answer has sent them.
  res.write(parts.join(''), () => res.destroy());
}

/** What each protocol's stream says when the provider fails after the 200. */
function internalErrorEvent(protocol: Protocol): SseEvent {
  if (protocol === 'anthropic') return { event: 'error', data: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } };
  if (protocol === 'responses')
    return {
      event: 'response.failed',
      data: {
        type: 'response.failed',
        response: { id: 'resp_scripted', status: 'failed', error: { code: 'server_error', message: 'The server had an error while processing your request.' } },
      },
    };
  return { data: { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: 500 } } };
}

function anthropicEvents(model: string, turn: Turn): SseEvent[] {
  const block = turn.tool ? { type: 'tool_use', id: turn.tool.id, name: turn.tool.name, input: {} } : { type: 'text', text: '' };
  const delta = turn.tool ? { type: 'input_json_delta', partial_json: JSON.stringify(turn.tool.input) } : { type: 'text_delta', text: turn.text };
  const message = { id: 'msg_scripted', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null };
  return [
    { event: 'message_start', data: { type: 'message_start', message: { ...message, usage: { input_tokens: ANSWER_USAGE.input, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block } },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: turn.tool ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: ANSWER_USAGE.output },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}

function anthropicJson(model: string, turn: Turn): string {
  const content = turn.tool ? [{ type: 'tool_use', id: turn.tool.id, name: turn.tool.name, input: turn.tool.input }] : [{ type: 'text', text: turn.text }];
  const body = {
    id: 'msg_scripted',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: turn.tool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: ANSWER_USAGE.input, output_tokens: ANSWER_USAGE.output },
  };
  return JSON.stringify(body);
}

function responsesEvents(turn: Turn): SseEvent[] {
  const item = turn.tool
    ? {
        type: 'function_call',
        id: `fc_${turn.tool.id}`,
        call_id: turn.tool.id,
        name: turn.tool.name,
        arguments: JSON.stringify(turn.tool.input),
        status: 'completed',
      }
    : { type: 'message', id: 'msg_scripted', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] };
  const usage = {
    input_tokens: ANSWER_USAGE.input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: ANSWER_USAGE.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: ANSWER_USAGE.input + ANSWER_USAGE.output,
  };
  return [
    { event: 'response.created', data: { type: 'response.created', response: { id: 'resp_scripted', status: 'in_progress' } } },
    { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
    ...(turn.text
      ? [{ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: turn.text } }]
      : []),
    { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
    { event: 'response.completed', data: { type: 'response.completed', response: { id: 'resp_scripted', status: 'completed', usage } } },
  ];
}

const chatUsage = () => ({ prompt_tokens: ANSWER_USAGE.input, completion_tokens: ANSWER_USAGE.output, total_tokens: ANSWER_USAGE.input + ANSWER_USAGE.output });

function chatEvents(model: string, turn: Turn): SseEvent[] {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
    ...extra,
  });
  const delta = turn.tool
    ? {
        role: 'assistant',
        tool_calls: [{ index: 0, id: turn.tool.id, type: 'function', function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.input) } }],
      }
    : { role: 'assistant', content: turn.text };
  return [
    { data: chunk([{ index: 0, delta, finish_reason: null }]) },
    { data: chunk([{ index: 0, delta: {}, finish_reason: turn.tool ? 'tool_calls' : 'stop' }]) },
    { data: chunk([], { usage: chatUsage() }) },
    { data: '[DONE]' },
  ];
}

function chatJson(model: string, turn: Turn): string {
  const message = turn.tool
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: turn.tool.id, type: 'function', function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.input) } }],
      }
    : { role: 'assistant', content: turn.text };
  const body = {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: turn.tool ? 'tool_calls' : 'stop' }],
    usage: chatUsage(),
  };
  return JSON.stringify(body);
}
