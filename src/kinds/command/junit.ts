// JUnit XML as an acceptor report (acceptance `report: junit-xml`): one record per <testcase>. Only an
// assertion failure may count as a detection, so a <failure> counts as one only when the XML says what
// was thrown (its `type`) and that is an assertion error; an <error>, a <failure> of another type, and a
// <failure> that says nothing of its type are execution errors. Which frameworks' JUnit XML can tell the
// two apart, from their own output: docs/report-format.md. An execution error was raised in the test
// (`error_in: test`) when its stack passes through the test's own method (`at <classname>.<method>(`, what
// JUnit writes for an exception of the test method or the code it calls; a lifecycle method such as
// @BeforeEach is a frame of another name) and is no connection failure or timeout. Pure: XML text in,
// records or a problem out.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ReportRecord } from '../../schemas/report.ts';
import { MAX_RECORDS } from '../../schemas/report.ts';

/**
 * The exception types that are assertion failures: Java's AssertionError and the JUnit/opentest4j
 * failures derived from it, and the JavaScript/Python `AssertionError` (node:assert, chai, Vitest's
 * expect, Python's assert). Matched on the simple name, after any package.
 */
const ASSERTION_TYPE = /^(\w*AssertionError|AssertionFailedError|ComparisonFailure|MultipleFailuresError)$/;
const TRACEBACK_CHARS = 2000;
/** Exceptions of a request that never reached the service, or of a timeout: the harness's, never the test's. */
const HARNESS_TYPE =
  /^(ConnectException|SocketException|SocketTimeoutException|NoRouteToHostException|UnknownHostException|TimeoutException|\w*ConnectionError|URLError|TimeoutError)$/;

const NO_TYPE =
  'this JUnit XML does not say what was thrown (no `type` on <failure>), so an assertion failure cannot be told from a crash: ' +
  'counted as an execution error. pytest --junitxml and jest-junit write no type: use trialgate’s reporter for the framework (docs/report-format.md)';

type Element = Record<string, unknown>;

export type JunitRead = { ok: true; records: ReportRecord[] } | { ok: false; problem: string };

/** The records of every <testcase> in `texts` (one XML document each, e.g. a reports directory). */
export function junitRecords(texts: readonly { name: string; text: string }[]): JunitRead {
  const records: ReportRecord[] = [];
  for (const { name, text } of texts) {
    const valid = XMLValidator.validate(text);
    if (valid !== true) return { ok: false, problem: `${name}:${valid.err.line}: not valid XML: ${valid.err.msg}` };
    const doc = parser.parse(text) as Element;
    const roots = [...asArray(doc.testsuites), ...asArray(doc.testsuite)];
    if (roots.length === 0) return { ok: false, problem: `${name}: not JUnit XML: no <testsuites> or <testsuite> element at the top` };
    for (const suite of roots) collect(suite as Element, records);
    if (records.length > MAX_RECORDS) return { ok: false, problem: `more than ${MAX_RECORDS} test cases` };
  }
  return { ok: true, records };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // Entities are read as text: a report cannot make the parser expand anything it declares itself.
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped'].includes(name),
  parseAttributeValue: false,
  parseTagValue: false,
});

/** Test cases of a suite and of the suites nested in it, in document order. */
function collect(suite: Element, out: ReportRecord[]): void {
  for (const inner of asArray(suite.testsuite)) collect(inner as Element, out);
  for (const testcase of asArray(suite.testcase)) out.push(record(testcase as Element, String(suite['@name'] ?? '')));
}

function record(testcase: Element, suiteName: string): ReportRecord {
  const name = attr(testcase, 'name') || '(unnamed)';
  const classname = attr(testcase, 'classname') || suiteName;
  const test = classname && classname !== name ? `${classname} › ${name}` : name;
  const seconds = Number(attr(testcase, 'time'));
  const timing = Number.isFinite(seconds) && seconds >= 0 ? { duration_ms: Math.round(seconds * 1000) } : {};
  const base = { test, branches: [], ...timing };
  const [error] = asArray(testcase.error) as Element[];
  const [failure] = asArray(testcase.failure) as Element[];
  const raised = (element: Element) => {
    const type = attr(element, 'type');
    const inTest = !!type && !HARNESS_TYPE.test(simpleName(type)) && inTestMethod(element, classname, name);
    return { error_in: inTest ? ('test' as const) : ('harness' as const), ...(type ? { exception: type } : {}) };
  };
  if (error) return { ...base, status: 'error', ...raised(error), traceback: detail(error) };
  if (failure) {
    const type = attr(failure, 'type');
    if (!type) return { ...base, status: 'error', error_in: 'harness', traceback: `${NO_TYPE}\n${detail(failure)}`.slice(0, TRACEBACK_CHARS) };
    if (!ASSERTION_TYPE.test(simpleName(type)))
      return { ...base, status: 'error', ...raised(failure), traceback: `${type} (not an assertion failure): ${detail(failure)}` };
    return { ...base, status: 'failed', assertion: firstLine(attr(failure, 'message')) || type, traceback: detail(failure) };
  }
  if (asArray(testcase.skipped).length) return { ...base, status: 'skipped' };
  return { ...base, status: 'passed' };
}

const simpleName = (type: string) => type.split(/[.$]/).pop()!;

/** Whether the stack of a failure passes through the test case's own method (`at ATest.npe(`). */
function inTestMethod(element: Element, classname: string, name: string): boolean {
  const method = name.split('(')[0]!.trim();
  if (!classname || !method) return false;
  const body = typeof element === 'string' ? element : String(element['#text'] ?? '');
  return body.includes(`at ${classname}.${method}(`);
}

/** What a failure says: its type and message, then its body (the stack), cut to the traceback's length. */
function detail(element: Element): string {
  const type = attr(element, 'type');
  const message = attr(element, 'message');
  const body = typeof element === 'string' ? element : String(element['#text'] ?? '').trim();
  const head = [type, message].filter(Boolean).join(': ');
  return [head, body.startsWith(head) ? body.slice(head.length).trim() : body].filter(Boolean).join('\n').slice(0, TRACEBACK_CHARS);
}

function attr(element: Element, name: string): string {
  if (typeof element !== 'object' || element === null) return '';
  const value = element[`@${name}`];
  return value === undefined ? '' : String(value);
}

const firstLine = (text: string) => text.trim().split('\n')[0]!.trim();

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
