// The judge's endpoint as trialgate calls it: an OpenAI-compatible `POST {base_url}/chat/completions`,
// from the trusted runner itself (never from a sandbox). Every answer is cached by (model, exact prompt)
// in the run directory, so a run and its confirmation rounds ask each prompt once; a token budget caps
// what the judge may spend; a judge that cannot be reached is an environment error, never the agent's.
import { isDeepStrictEqual } from 'node:util';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { JudgeCacheEntry, JudgeLedger } from '../schemas/judge.ts';
import { NoAnswerError, send, type HttpAnswer } from '../service/http.ts';
import { readValidJson } from '../util/files.ts';
import { sha256 } from '../util/hash.ts';
import { bound, MAX_COST_USD, MAX_TOKENS } from '../util/plausible.ts';
import { writeInside } from '../util/safe-write.ts';
import type { Scrubber } from '../util/scrub.ts';
import type { Reply } from './answer.ts';
import type { ChatMessage } from './prompt.ts';

/** Why an item the judge could not be asked about is left out of the trial's checks. */
export const OUTAGE_RULE = 'the model judge could not be asked (the environment, not the agent): the item is left out of this trial’s checks';
export const BUDGET_RULE = 'the judge-token budget (judge.max_tokens) was spent: the item is left out of this trial’s checks';

/** After this many outages in a row the endpoint is taken as down for the rest of the run. */
const OUTAGES_BEFORE_DOWN = 3;
const RETRY_DELAYS_MS = [250, 1000];
const CACHE_ENTRY_BYTES = 8 * 1024 * 1024;
const RESPONSE_BYTES = 4 * 1024 * 1024;

export interface ClientOptions {
  model: string;
  /** null: the judge cannot be reached at all (`unavailable` says why). */
  baseUrl: string | null;
  /** Connect here instead of to the base URL's host and port (a local endpoint in a network of its own). */
  socketPath?: string;
  unavailable?: string;
  apiKey?: string;
  timeoutMs: number;
  maxTokens?: number;
  price?: { input_usd_per_mtok: number; output_usd_per_mtok: number };
  /** Where answers are cached and the budget is counted: shared by a run and its confirmation rounds. */
  cacheDir: string;
  scrubber: Scrubber;
}

export type Asked =
  | {
      ok: true;
      reply: Reply;
      inputTokens?: number;
      outputTokens?: number;
      costUsd?: number;
      /** The endpoint's usage was implausible and was bounded (util/plausible.ts): what it said. */
      note?: string;
      cached: boolean;
      key: string;
    }
  | { ok: false; message: string; rule: string };

/** The part of a chat completion trialgate reads; anything else in it is ignored. */
const Completion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().nonnegative().optional(), completion_tokens: z.number().nonnegative().optional() }).nullable().optional(),
});

export class JudgeClient {
  /** Calls that reached the endpoint, and answers served from the cache. */
  calls = 0;
  cachedAnswers = 0;
  private spentTokens = 0;
  private outagesInRow = 0;
  private down: string | undefined;
  private readonly inFlight = new Map<string, Promise<Asked>>();

  private constructor(private readonly options: ClientOptions) {
    this.down = options.baseUrl === null ? (options.unavailable ?? 'no judge endpoint') : undefined;
  }

  static async open(options: ClientOptions): Promise<JudgeClient> {
    await mkdir(options.cacheDir, { recursive: true });
    const client = new JudgeClient(options);
    const ledger = await readValidJson(join(options.cacheDir, 'spent.json'), JudgeLedger, CACHE_ENTRY_BYTES);
    client.spentTokens = ledger?.tokens ?? 0;
    return client;
  }

  get model(): string {
    return this.options.model;
  }

  /** Judge tokens spent by this run and the rounds before it that shared the cache. */
  get spent(): number {
    return this.spentTokens;
  }

  /** One question. Concurrent askers of the same prompt share one call; later ones read the cache. */
  ask(messages: readonly ChatMessage[], format: object): Promise<Asked> {
    const key = sha256(JSON.stringify({ model: this.options.model, messages }));
    const pending = this.inFlight.get(key);
    if (pending) return pending.then((a) => (a.ok ? { ...a, cached: true } : a));
    const asked = this.answer(key, messages, format).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, asked);
    return asked;
  }

  private async answer(key: string, messages: readonly ChatMessage[], format: object): Promise<Asked> {
    const cached = await readValidJson(join(this.options.cacheDir, `${key}.json`), JudgeCacheEntry, CACHE_ENTRY_BYTES);
    if (cached && cached.model === this.options.model && isDeepStrictEqual(cached.messages, messages)) {
      this.cachedAnswers += 1;
      return this.asked(key, cached, true);
    }
    if (this.down) return { ok: false, message: this.down, rule: OUTAGE_RULE };
    const budget = this.options.maxTokens;
    if (budget !== undefined && this.spentTokens >= budget) {
      return { ok: false, message: `judge.max_tokens = ${budget}: ${this.spentTokens} judge tokens spent already`, rule: BUDGET_RULE };
    }
    const fetched = await this.post(messages, format);
    if (!fetched.ok) {
      this.outagesInRow += 1;
      if (this.outagesInRow >= OUTAGES_BEFORE_DOWN)
        this.down = `${fetched.message} (${OUTAGES_BEFORE_DOWN} failures in a row: the endpoint is taken as down for the rest of the run)`;
      return fetched;
    }
    this.outagesInRow = 0;
    this.calls += 1;
    const entry: JudgeCacheEntry = { model: this.options.model, messages: [...messages], ...fetched.entry };
    const asked = this.asked(key, entry, false);
    this.spentTokens += asked.ok ? (asked.inputTokens ?? 0) + (asked.outputTokens ?? 0) : 0;
    await writeInside(this.options.cacheDir, `${key}.json`, JSON.stringify(entry, null, 2) + '\n', this.options.scrubber);
    await writeInside(this.options.cacheDir, 'spent.json', JSON.stringify({ tokens: this.spentTokens } satisfies JudgeLedger) + '\n');
    return asked;
  }

  /** An answer as the trial records it: the endpoint's token counts (fresh or cached) bounded where they enter. */
  private asked(key: string, entry: JudgeCacheEntry, cached: boolean): Asked {
    const price = this.options.price;
    const input = entry.input_tokens === undefined ? undefined : bound(entry.input_tokens, MAX_TOKENS, 'the judge endpoint: prompt_tokens');
    const output = entry.output_tokens === undefined ? undefined : bound(entry.output_tokens, MAX_TOKENS, 'the judge endpoint: completion_tokens');
    const notes = [input?.note, output?.note].filter(Boolean);
    const tokens = {
      ...(input === undefined ? {} : { inputTokens: input.value }),
      ...(output === undefined ? {} : { outputTokens: output.value }),
    };
    const cost =
      price && input !== undefined && output !== undefined
        ? { costUsd: Math.min(MAX_COST_USD, (input.value * price.input_usd_per_mtok + output.value * price.output_usd_per_mtok) / 1e6) }
        : {};
    return { ok: true, reply: entry.reply, ...tokens, ...cost, ...(notes.length ? { note: notes.join('; ') } : {}), cached, key };
  }

  /** The HTTP call, retried on a dropped connection or a 429/5xx; a timeout is not retried. */
  private async post(
    messages: readonly ChatMessage[],
    format: object,
  ): Promise<{ ok: true; entry: Omit<JudgeCacheEntry, 'model' | 'messages'> } | { ok: false; message: string; rule: string }> {
    const url = `${this.options.baseUrl!.replace(/\/+$/, '')}/chat/completions`;
    const body = JSON.stringify({ model: this.options.model, messages, temperature: 0, response_format: format });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
    };
    const outage = (message: string) => ({ ok: false as const, message: `judge endpoint ${url}: ${message}`, rule: OUTAGE_RULE });
    for (let attempt = 0; ; attempt++) {
      const retry = attempt < RETRY_DELAYS_MS.length;
      let response: HttpAnswer;
      try {
        const { timeoutMs, socketPath } = this.options;
        const at = socketPath ? { socketPath } : {};
        response = await send(url, { method: 'POST', headers, body, timeoutMs, deadlineMs: timeoutMs, maxBytes: RESPONSE_BYTES, ...at });
      } catch (e) {
        if (e instanceof NoAnswerError && e.timedOut) return outage(`no answer within ${this.options.timeoutMs / 1000} s (judge.timeout_seconds)`);
        // Refused or dropped, or a base_url that `send` cannot even build a request from.
        if (retry) {
          await delay(RETRY_DELAYS_MS[attempt]!);
          continue;
        }
        return outage(`could not connect: ${(e as Error).message}`);
      }
      const text = response.text;
      if (response.status === 429 || response.status >= 500) {
        if (retry) {
          await delay(RETRY_DELAYS_MS[attempt]!);
          continue;
        }
        return outage(`HTTP ${response.status} after ${attempt + 1} attempts`);
      }
      if (response.status === 401 || response.status === 403) return outage(`HTTP ${response.status}: the key was refused (check judge.api_key_env)`);
      if (response.status !== 200) return outage(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      let completion: z.infer<typeof Completion>;
      try {
        const parsed = Completion.safeParse(JSON.parse(text));
        if (!parsed.success) return outage('the answer is not an OpenAI-compatible chat completion (no choices[0].message)');
        completion = parsed.data;
      } catch {
        return outage('the answer is not JSON');
      }
      const choice = completion.choices[0]!;
      const usage = completion.usage ?? {};
      return {
        ok: true,
        entry: {
          reply: { content: choice.message.content ?? null, refusal: choice.message.refusal ?? null, finishReason: choice.finish_reason ?? null },
          ...(usage.prompt_tokens === undefined ? {} : { input_tokens: usage.prompt_tokens }),
          ...(usage.completion_tokens === undefined ? {} : { output_tokens: usage.completion_tokens }),
        },
      };
    }
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
