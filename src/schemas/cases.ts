// cases.json: the declarative HTTP cases a candidate delivers (docs/http-cases.md).
// Data, never code: the trusted runner interprets it; nothing in it is executed.
import { z } from 'zod';
import { described } from './doc.ts';

export const JsonPath = z
  .string()
  .regex(/^\$(\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])*$/, 'a simple JSON path such as $.available or $.records[0].kind')
  .register(...described('A simple JSON path: `$`, `$.a.b`, `$.items[0].id`, and `.length` of an array or string.'));

export const ValueExpectation = z
  .union([
    z.strictObject({ path: JsonPath, equals: z.json().describe('The value it must equal (JSON, compared deeply).') }),
    z.strictObject({
      path: JsonPath,
      equalsSaved: z
        .string()
        .min(1)
        .register(...described('The name of a value an earlier step saved; it must equal it.')),
    }),
  ])
  .register(...described('One expectation on a value found at a JSON path of the response body.'));

export const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).register(...described('The request method.'));

/** Limits that keep a candidate's cases from exhausting the runner; far above what a real playbook needs. */
export const MAX_CASES = 1000;
export const MAX_STEPS = 100;
export const MAX_EXPECTATIONS = 100;

/** An HTTP header name (RFC 9110 token) and a value without line breaks: anything else is malformed, not sent. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;
const HeaderValue = z
  .string()
  .max(8192)
  .regex(/^[\t\x20-\x7e\x80-\xff]*$/, 'a header value of printable characters, without line breaks');
const RUNNER_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect']);

export const Step = z.strictObject({
  name: z
    .string()
    .optional()
    .register(...described('What the step does, for a reader.')),
  request: z
    .strictObject({
      method: HttpMethod,
      path: z
        .string()
        .max(4096)
        .startsWith('/', 'a path starting with /')
        .regex(/^[^\s\0-\x1f\x7f]*$/, 'a path without spaces or control characters (percent-encode them)')
        .register(...described('Absolute path on the service; `{{name}}` is replaced by a saved value.')),
      headers: z
        .record(z.string(), HeaderValue)
        .superRefine((headers, ctx) => {
          for (const name of Object.keys(headers)) {
            if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: "a header name of letters, digits and !#$%&'*+.^_`|~-" });
            else if (RUNNER_HEADERS.has(name.toLowerCase()))
              ctx.addIssue({
                code: 'custom',
                path: [name],
                message: 'a header the runner sets itself (host, content-length, connection, transfer-encoding, …)',
              });
          }
        })
        .optional()
        .register(...described('Request headers; the runner sets host, content-length and the connection headers itself.')),
      body: z
        .json()
        .optional()
        .register(...described('A JSON body, sent as application/json.')),
    })
    .register(...described('The request sent to the variant.')),
  expect: z
    .strictObject({
      status: z
        .number()
        .int()
        .min(100)
        .max(599)
        .optional()
        .register(...described('The status the response must have.')),
      values: z
        .array(ValueExpectation)
        .max(MAX_EXPECTATIONS)
        .optional()
        .register(...described('Values the response body must hold.')),
    })
    .optional()
    .register(...described('What the response must show; the case stops at the first expectation that does not hold (a failure).')),
  save: z
    .record(z.string(), JsonPath)
    .optional()
    .register(...described("Values to keep for later steps: name → JSON path of this response's body.")),
});

export const Case = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'an id of letters, digits, ".", "_" or "-"')
    .register(...described('The case as scenarios and reports name it.')),
  title: z
    .string()
    .optional()
    .register(...described('What the case shows, for a reader.')),
  rules: z
    .array(z.string())
    .min(1, 'at least one rule id from spec.json')
    .register(...described('Rule ids of spec.json this case checks.')),
  steps: z
    .array(Step)
    .min(1, 'at least one step')
    .max(MAX_STEPS, `at most ${MAX_STEPS} steps per case`)
    .register(...described("HTTP steps, run in order from the service's initial state.")),
});

export const CasesFile = z.strictObject({
  version: z.literal(1).register(...described('The version of this file format: 1.')),
  cases: z
    .array(Case)
    .min(1, 'at least one case')
    .max(MAX_CASES, `at most ${MAX_CASES} cases`)
    .register(...described('The cases, each run against every variant.')),
});

export type JsonPath = z.infer<typeof JsonPath>;
export type ValueExpectation = z.infer<typeof ValueExpectation>;
export type Step = z.infer<typeof Step>;
export type Case = z.infer<typeof Case>;
export type CasesFile = z.infer<typeof CasesFile>;
