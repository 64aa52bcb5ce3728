// Test helpers for the built-in inventory fixture: start its real service process, and a deliberately
// tiny interpreter of cases.json so the fixture's own tests can check the reference answers and the
// scripted agent's output. The trusted runner in src/ is the authority; this mirrors its stated semantics
// (status first, then values in order, stop at the first failure, errors apart from failures).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { CasesFile, JsonPath } from '../../src/schemas/cases.ts';

export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/inventory/', import.meta.url));
export const VARIANTS = ['none', 'reject-writes', 'double-reserve', 'missing-record'] as const;

export interface RunningService {
  readonly url: string;
  readonly token: string | null;
  readonly process: ChildProcess;
  /** Everything the service printed on stdout so far. */
  stdout(): string;
  /** SIGTERM and wait; resolves to the exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

/** Starts `node service/server.mjs` from the fixture directory on a free port, as the runner would. */
/** `token: null` starts it without a control channel, as a service outside trialgate would run. */
export async function startInventory(fault: string, token: string | null = 'test-control-token'): Promise<RunningService> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', INVENTORY_FAULT: fault };
  delete env.TRIALGATE_CONTROL_TOKEN;
  if (token !== null) env.TRIALGATE_CONTROL_TOKEN = token;
  const child = spawn(process.execPath, ['service/server.mjs'], { cwd: FIXTURE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        child.stdout.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited with ${code} before listening: ${err}`)));
  });
  return {
    url,
    token,
    process: child,
    stdout: () => out,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export async function call(
  service: RunningService,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const send = () =>
    fetch(service.url + path, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers }, body });
  // A kept-alive socket the server closed on its idle timeout fails before the request was sent: once more.
  const response = await send().catch((e: Error & { cause?: { code?: string } }) => {
    if (e.cause?.code === 'UND_ERR_SOCKET' || e.cause?.code === 'ECONNRESET') return send();
    throw e;
  });
  return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
}

const control = (service: RunningService) => ({ 'x-trialgate-control': service.token ?? '' });

/** One control call: the branches reached since the last reset, then a fresh seed. */
export async function reset(service: RunningService): Promise<string[]> {
  const answer = await call(service, 'POST', '/__control/reset', { headers: control(service) });
  if (answer.status !== 200) throw new Error(`reset answered ${answer.status}`);
  return (JSON.parse(answer.text) as { branches: string[] }).branches;
}

/** The branches reached since the last reset (reading them resets the service). */
export const coverage = reset;

const MISSING = Symbol('missing');

/** The value at a simple JSON path (`$`, `.name`, `[0]`, `.length` of an array or string), or MISSING. */
export function valueAt(body: unknown, path: JsonPath): unknown {
  let value: unknown = body;
  for (const [, name, index] of path.slice(1).matchAll(/\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]/g)) {
    if (value === MISSING || value === null || value === undefined) return MISSING;
    if (name === 'length' && (Array.isArray(value) || typeof value === 'string')) value = value.length;
    else if (name !== undefined) value = typeof value === 'object' && Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : MISSING;
    else value = Array.isArray(value) && Number(index) < value.length ? value[Number(index)] : MISSING;
  }
  return value;
}

export interface CaseOutcome {
  id: string;
  status: 'passed' | 'failed' | 'error';
  /** The expectation that failed, `step 2: $.available == 10`, or the step that errored. */
  assertion?: string;
  /** What was found instead, or the error. */
  traceback?: string;
  branches: string[];
}

const show = (value: unknown) => (value === MISSING ? '(nothing)' : JSON.stringify(value));

/** Runs every case against a fresh (reset) service and reads the branches it reached. */
export async function runCases(service: RunningService, cases: CasesFile): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  for (const testCase of cases.cases) {
    await reset(service);
    const verdict = await runCase(service, testCase);
    outcomes.push({ id: testCase.id, ...verdict, branches: await coverage(service) });
  }
  return outcomes;
}

async function runCase(service: RunningService, testCase: CasesFile['cases'][number]): Promise<Omit<CaseOutcome, 'id' | 'branches'>> {
  const saved = new Map<string, unknown>();
  for (const [index, step] of testCase.steps.entries()) {
    const n = index + 1;
    const path = step.request.path.replace(/\{\{([^}]+)\}\}/g, (_, name: string) => String(saved.get(name)));
    let answer: HttpAnswer;
    let body: unknown;
    try {
      answer = await call(service, step.request.method, path, { body: step.request.body, headers: step.request.headers });
      body = JSON.parse(answer.text);
    } catch (error) {
      return { status: 'error', assertion: `step ${n}`, traceback: String(error) };
    }
    const expected = step.expect;
    if (expected?.status !== undefined && answer.status !== expected.status) {
      return { status: 'failed', assertion: `step ${n}: status == ${expected.status}`, traceback: `got ${answer.status}` };
    }
    for (const check of expected?.values ?? []) {
      const actual = valueAt(body, check.path);
      const [want, label] = 'equals' in check ? [check.equals, JSON.stringify(check.equals)] : [saved.get(check.equalsSaved), `{{${check.equalsSaved}}}`];
      if (actual === MISSING || !isDeepStrictEqual(actual, want)) {
        return { status: 'failed', assertion: `step ${n}: ${check.path} == ${label}`, traceback: `got ${show(actual)}` };
      }
    }
    for (const [name, from] of Object.entries(step.save ?? {})) saved.set(name, valueAt(body, from));
  }
  return { status: 'passed' };
}
