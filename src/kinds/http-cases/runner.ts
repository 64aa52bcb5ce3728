// The trusted runner of declarative HTTP cases (acceptance `http-cases`). It interprets cases.json
// against a running variant; no candidate code runs. A case stops at its first failed expectation; a
// refused connection, a timeout, a malformed response or an exhausted budget is `error`, never `failed`.
// The service is the fixture's, started by trialgate: a request it never answers (refused, reset, timed
// out), a reset that fails, or the budget running out is trialgate's machinery failing, not the case's.
// Such a case is still recorded as an error, and the first such failure is said to `machinery`, so that the
// variant's acceptance runs once more (acceptance/accept.ts).
import type { Case, Step } from '../../schemas/cases.ts';
import type { ReportRecord } from '../../schemas/report.ts';
import { resetService } from '../../service/control.ts';
import { NoAnswerError, type HttpAnswer } from '../../service/http.ts';
import type { VariantServices } from '../../acceptance/accept.ts';
import type { RunningService } from '../../service/launch.ts';
import { EnvironmentError, MachineryError } from '../../util/errors.ts';
import { jsonEqual, lookup } from './json-path.ts';

export interface CaseRunOptions {
  /** Per request (default: the service's own, scaled to the machine's pace); past it the case is an execution error. */
  requestTimeoutMs?: number;
  /** performance.now() past which no case starts and no request waits: the variant's acceptance budget. */
  deadline?: number;
  /** Said in the records the budget cut short. */
  budgetNote?: string;
  /**
   * Told once, of the first case trialgate's machinery failed (`case <id>: …`): the service gave no answer,
   * its reset failed, or (with `budgetIsMachinery`) the budget ran out. Without it, such a case is only
   * recorded as an execution error. `ownCall`: what failed was trialgate's own act (the reset, or its budget
   * ending the cases), not a request of the candidate's.
   */
  machinery?: (failure: string, ownCall: boolean) => void;
  /** The cases would have fit in the budget at the machine's measured pace: its running out is the machinery's, not theirs. */
  budgetIsMachinery?: boolean;
}

/** Why a step could not be judged: an execution error, not an assertion failure. */
class ExecutionError extends Error {}
/** The budget, when it is the machinery's, ended a step: trialgate's own act, at no place of the candidate's requests. */
class BudgetRanOut extends MachineryError {}
/** A failed expectation, named so a reader can find it in cases.json. */
class AssertionFailure extends Error {
  constructor(
    readonly assertion: string,
    readonly detail: string,
  ) {
    super(assertion);
  }
}

/**
 * Run every case, one after the other, each from the service's initial state; each gets a record. With
 * coverage, each case ends with one reset, which answers the branches the case reached and gives the next
 * case its seed state; without it, each case gets a freshly started service.
 */
export async function runCases(services: VariantServices, cases: readonly Case[], options: CaseRunOptions = {}): Promise<ReportRecord[]> {
  const records: ReportRecord[] = [];
  let told = false;
  const machinery = (test: string, why: string, ownCall = false) => {
    if (!told) options.machinery?.(`case ${test}: ${why}`, ownCall);
    told = true;
  };
  for (const [i, testCase] of cases.entries()) {
    if (options.deadline !== undefined && performance.now() >= options.deadline) {
      const traceback = `not run: ${options.budgetNote ?? 'the acceptance budget ran out'}`;
      if (options.budgetIsMachinery) machinery(testCase.id, traceback, true);
      records.push({ test: testCase.id, status: 'error', traceback, branches: [] });
      continue;
    }
    const first = await services.get();
    const service = first.coverage || i === 0 ? first : await services.fresh();
    records.push(await runCase(service, testCase, options, (why, ownCall) => machinery(testCase.id, why, ownCall)));
  }
  return records;
}

async function runCase(
  service: RunningService,
  testCase: Case,
  options: CaseRunOptions,
  machinery: (why: string, ownCall?: boolean) => void,
): Promise<ReportRecord> {
  const started = performance.now();
  const saved = new Map<string, unknown>();
  let outcome: Pick<ReportRecord, 'status' | 'assertion' | 'traceback'> = { status: 'passed' };
  let branches: string[] = [];
  try {
    for (const [index, step] of testCase.steps.entries()) await runStep(service, step, index + 1, saved, options);
  } catch (e) {
    if (e instanceof MachineryError) machinery(e.message, e instanceof BudgetRanOut);
    if (e instanceof AssertionFailure) outcome = { status: 'failed', assertion: e.assertion, traceback: e.detail };
    else
      outcome = {
        status: 'error',
        traceback:
          e instanceof ExecutionError || e instanceof EnvironmentError ? e.message : `the runner could not carry out the case: ${(e as Error).message}`,
      };
  }
  if (service.coverage) {
    try {
      branches = await resetService(service);
    } catch (e) {
      if (!(e instanceof EnvironmentError)) throw e;
      if (e instanceof MachineryError) machinery(e.message, true);
      if (outcome.status !== 'error') outcome = { status: 'error', traceback: e.message };
    }
  }
  return { test: testCase.id, ...outcome, branches, duration_ms: Math.round((performance.now() - started) * 10) / 10 };
}

async function runStep(service: RunningService, step: Step, n: number, saved: Map<string, unknown>, options: CaseRunOptions): Promise<void> {
  const left = options.deadline === undefined ? undefined : options.deadline - performance.now();
  if (left !== undefined && left <= 0) throw budgetRanOut(`step ${n}: not run`, options);
  let answer;
  try {
    answer = await exchange(service, step, n, saved, options.requestTimeoutMs, left);
  } catch (e) {
    // A request cut short by the budget, not by the service: say so. The budget's own timer says it (a timer
    // may fire a millisecond before the clock reads its due time); a failure met after the budget ran out is its too.
    const pastBudget = options.deadline !== undefined && performance.now() >= options.deadline;
    if (e instanceof BudgetTimerFired || ((e instanceof MachineryError || e instanceof ExecutionError) && pastBudget))
      throw budgetRanOut(`step ${n}: not finished`, options);
    throw e;
  }
  const { status, body } = answer;
  const expect = step.expect ?? {};
  if (expect.status !== undefined && status !== expect.status) {
    throw new AssertionFailure(`step ${n}: status == ${expect.status}`, `expected ${expect.status}, got ${status}${errorCode(body)}`);
  }
  for (const expectation of expect.values ?? []) {
    const actual = lookup(body, expectation.path);
    const [wanted, name] =
      'equals' in expectation
        ? [expectation.equals, JSON.stringify(expectation.equals)]
        : [saved.get(expectation.equalsSaved), `saved.${expectation.equalsSaved}`];
    const assertion = `step ${n}: ${expectation.path} == ${name}`;
    if (!actual.found) throw new AssertionFailure(assertion, `expected ${JSON.stringify(wanted)}, got no value at ${expectation.path}`);
    if (!jsonEqual(actual.value, wanted)) {
      throw new AssertionFailure(assertion, `expected ${JSON.stringify(wanted)}, got ${JSON.stringify(actual.value)}`);
    }
  }
  for (const [name, path] of Object.entries(step.save ?? {})) {
    const value = lookup(body, path);
    if (!value.found) throw new AssertionFailure(`step ${n}: save ${name} from ${path}`, `no value at ${path} to save`);
    saved.set(name, value.value);
  }
}

/**
 * The acceptance budget ran out: trialgate's limit ended the case when the cases would have fit in it at
 * the machine's pace (budgetIsMachinery); when they would not, the playbook was too long for it.
 */
function budgetRanOut(what: string, options: CaseRunOptions): Error {
  const why = `${what}: ${options.budgetNote ?? 'the acceptance budget ran out'}`;
  return options.budgetIsMachinery ? new BudgetRanOut(why) : new ExecutionError(why);
}

/** The request's deadline, which is what is left of the acceptance budget, ended it. */
class BudgetTimerFired extends Error {}

async function exchange(
  service: RunningService,
  step: Step,
  n: number,
  saved: Map<string, unknown>,
  timeoutMs: number | undefined,
  deadlineMs: number | undefined,
) {
  const path = step.request.path.replace(/\{\{([^}]+)\}\}/g, (_, name: string) => encodeURIComponent(String(saved.get(name.trim()) ?? '')));
  const hasBody = step.request.body !== undefined;
  let answer: HttpAnswer;
  try {
    answer = await service.request(path, {
      method: step.request.method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...step.request.headers },
      ...(hasBody ? { body: JSON.stringify(step.request.body) } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(deadlineMs === undefined ? {} : { deadlineMs: Math.max(1, deadlineMs) }),
    });
  } catch (e) {
    const said = `step ${n}: ${step.request.method} ${path}: ${(e as Error).message}`;
    if (e instanceof NoAnswerError && e.reason === 'deadline') throw new BudgetTimerFired(said);
    // The fixture's service, started by trialgate, did not answer at all: the machinery's failure, not the case's.
    if (e instanceof NoAnswerError && e.reason !== 'too-long') throw new MachineryError(`the fixture's service gave no answer: ${said}`);
    // An answer past its cap, or a request that could not even be sent: the case could not be judged.
    throw new ExecutionError(said);
  }
  if (answer.text === '') return { status: answer.status, body: undefined };
  try {
    return { status: answer.status, body: JSON.parse(answer.text) as unknown };
  } catch {
    throw new ExecutionError(`step ${n}: ${step.request.method} ${path}: malformed response (not JSON): ${answer.text.slice(0, 120)}`);
  }
}

function errorCode(body: unknown): string {
  const code = lookup(body, '$.error');
  return code.found ? ` (${JSON.stringify(code.value)})` : '';
}
