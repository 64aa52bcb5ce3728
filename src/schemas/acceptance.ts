// How a task's candidate is accepted: one entry per task kind. A fixture declares its own acceptor in
// fixture.json (so `trialgate validate` can run it); a task in trialgate.yml may name it too.
import { z } from 'zod';
import { described } from './doc.ts';

export const PassEnv = z
  .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'))
  .default([])
  .register(...described("Names of variables taken from the runner's environment; their values are scrubbed from everything written."));

export const HttpCasesAcceptance = z.strictObject({
  kind: z
    .literal('http-cases')
    .register(...described("trialgate plays the candidate's declarative HTTP cases against every variant; no candidate code runs (docs/http-cases.md).")),
  timeout_seconds: z
    .number()
    .positive()
    .max(3600)
    .default(120)
    .register(
      ...described(
        'Per variant, on a quiet machine (a run scales it to its measured pace): a playbook too long for it leaves the remaining cases as execution errors (never detections); cases that would have fit are run once more (docs/isolation.md).',
      ),
    ),
});

export const ReportFormat = z.enum(['trialgate', 'junit-xml']).register(
  ...described`
    What an acceptor writes to $TRIALGATE_REPORT: trialgate's JSON report (what the shipped pytest, Jest, Vitest and
    node:test reporters write), or JUnit XML, a file or a directory of them, for frameworks whose JUnit XML says what
    was thrown (docs/report-format.md says which do).
  `,
);

export const CommandAcceptance = z.strictObject({
  kind: z.literal('command').register(...described('Your own acceptor command judges the candidate, once per variant (docs/report-format.md).')),
  command: z
    .string()
    .min(1)
    .register(...described("Run through `sh -c` from the fixture's acceptance copy, once per variant; writes $TRIALGATE_REPORT.")),
  report: ReportFormat.default('trialgate').register(...described('The format of what the command writes to $TRIALGATE_REPORT.')),
  timeout_seconds: z
    .number()
    .positive()
    .max(24 * 3600)
    .default(300)
    .register(
      ...described(
        'Per run of the command, on a quiet machine (a run scales it to its measured pace); past it trialgate ends the run and runs it once more, and a second time is an environment error (docs/isolation.md).',
      ),
    ),
  expose_fault: z
    .boolean()
    .default(false)
    .register(
      ...described`
        Opt-in: also pass TRIALGATE_FAULT to the acceptance command, for acceptors that must start the service
        themselves. Candidate code the command runs must then never see it (it could fail on purpose).
      `,
    ),
  pass_env: PassEnv.describe("Variables the acceptor gets from the runner's environment (nothing else of it is passed on)."),
  env: z
    .record(z.string(), z.string())
    .default({})
    .register(...described('Literal variables for the acceptor.')),
});

export const ToolsAcceptance = z
  .strictObject({
    kind: z
      .literal('reservation-tools')
      .register(...described('The agent acts through tools on the live service, once per boundary; `tools` is read as this too.')),
    proxy_port: z
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .register(
        ...described`
          A fixed port at which the agent reaches its proxy, for agents that allow only known ports; default a free
          port per run. Boundaries run one at a time, but trials of the task run concurrently: with agent.network full
          (or unisolated) they share the runner's loopback, so use it with concurrency 1.
        `,
      ),
  })
  .register(
    ...described`
      The agent reserves an order's stock through tools on the live inventory service (fixtures with a \`tools\`
      section): it runs once per boundary variant behind trialgate's fault-injecting proxy and is judged by the
      service's final state (its reservations and ledger) and the trajectory. \`tools\` is its former name.
    `,
  );

export const CodeAcceptance = CommandAcceptance.omit({ expose_fault: true })
  .extend({
    kind: z.literal('code').register(...described('Hidden tests judge the code the agent changed (docs/code-tasks.md).')),
  })
  .register(
    ...described`
      The agent changes a repository's code (fixtures with a \`code\` section) and hidden tests judge the changed
      code: \`command\` runs them, once, from the fixture's acceptance copy, against the candidate's own code built
      and started from a fresh copy. Every field of \`command\` acceptance but \`expose_fault\` (there are no variants
      to expose), so report formats and reporters are the same.
    `,
  );

/** Earlier spellings of a kind's name, read as the kind they became. */
const FORMER_NAMES: Record<string, string> = { tools: 'reservation-tools' };

export const Acceptance = z.preprocess(
  (value) => {
    const spec = typeof value === 'string' ? { kind: value } : value;
    if (typeof spec !== 'object' || spec === null || !('kind' in spec) || typeof spec.kind !== 'string') return spec;
    return spec.kind in FORMER_NAMES ? { ...spec, kind: FORMER_NAMES[spec.kind] } : spec;
  },
  z.discriminatedUnion('kind', [HttpCasesAcceptance, CommandAcceptance, ToolsAcceptance, CodeAcceptance], {
    error: 'http-cases, reservation-tools, { kind: command, command: "…" } or { kind: code, command: "…" }',
  }),
);

export type HttpCasesAcceptance = z.infer<typeof HttpCasesAcceptance>;
export type CommandAcceptance = z.infer<typeof CommandAcceptance>;
export type ReportFormat = z.infer<typeof ReportFormat>;
export type ToolsAcceptance = z.infer<typeof ToolsAcceptance>;
export type CodeAcceptance = z.infer<typeof CodeAcceptance>;
export type AcceptanceSpec = z.infer<typeof Acceptance>;
