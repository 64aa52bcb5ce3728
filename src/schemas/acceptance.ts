// How a task's candidate is accepted: one entry per task kind. A fixture declares its own acceptor in
// fixture.json (so `trialgate validate` can run it); a task in trialgate.yml may name it too.
import { z } from 'zod';

/** Names of variables taken from the runner's environment; their values are scrubbed from everything written. */
export const PassEnv = z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')).default([]);

export const HttpCasesAcceptance = z.strictObject({
  kind: z.literal('http-cases'),
  /** Per variant: past it the remaining cases are execution errors (never detections). */
  timeout_seconds: z.number().positive().max(3600).default(120),
});

export const CommandAcceptance = z.strictObject({
  kind: z.literal('command'),
  /** Run through `sh -c` from the fixture's acceptance copy, once per variant; writes $TRIALGATE_REPORT. */
  command: z.string().min(1),
  timeout_seconds: z.number().positive().max(24 * 3600).default(300),
  /**
   * Opt-in: also pass TRIALGATE_FAULT to the acceptance command, for acceptors that must start the service
   * themselves. Candidate code the command runs must then never see it (it could fail on purpose).
   */
  expose_fault: z.boolean().default(false),
  /** Variables the acceptor gets from the runner's environment (nothing else of it is passed on). */
  pass_env: PassEnv,
  /** Literal variables for the acceptor. */
  env: z.record(z.string(), z.string()).default({}),
});

/**
 * The agent acts through tools on the live service (fixtures with a `tools` section): it runs once per
 * boundary variant behind trialgate's fault-injecting proxy and is judged by final state and trajectory.
 */
export const ToolsAcceptance = z.strictObject({
  kind: z.literal('tools'),
  /**
   * A fixed port for the proxy, for sandboxes that allow only known ports; default a free port per run.
   * Boundaries run one at a time, but trials of the task run concurrently: use it with concurrency 1.
   */
  proxy_port: z.number().int().min(1).max(65535).optional(),
});

export const Acceptance = z.preprocess(
  (value) => (typeof value === 'string' ? { kind: value } : value),
  z.discriminatedUnion('kind', [HttpCasesAcceptance, CommandAcceptance, ToolsAcceptance], {
    error: 'http-cases, tools, or { kind: command, command: "…" }',
  }),
);

export type HttpCasesAcceptance = z.infer<typeof HttpCasesAcceptance>;
export type CommandAcceptance = z.infer<typeof CommandAcceptance>;
export type ToolsAcceptance = z.infer<typeof ToolsAcceptance>;
export type AcceptanceSpec = z.infer<typeof Acceptance>;
