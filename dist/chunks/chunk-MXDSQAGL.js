import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  external_exports
} from "./chunk-OVH43LBJ.js";

// src/schemas/acceptance.ts
var PassEnv = external_exports.array(external_exports.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name")).default([]);
var HttpCasesAcceptance = external_exports.strictObject({
  kind: external_exports.literal("http-cases"),
  /** Per variant: past it the remaining cases are execution errors (never detections). */
  timeout_seconds: external_exports.number().positive().max(3600).default(120)
});
var CommandAcceptance = external_exports.strictObject({
  kind: external_exports.literal("command"),
  /** Run through `sh -c` from the fixture's acceptance copy, once per variant; writes $TRIALGATE_REPORT. */
  command: external_exports.string().min(1),
  timeout_seconds: external_exports.number().positive().max(24 * 3600).default(300),
  /**
   * Opt-in: also pass TRIALGATE_FAULT to the acceptance command, for acceptors that must start the service
   * themselves. Candidate code the command runs must then never see it (it could fail on purpose).
   */
  expose_fault: external_exports.boolean().default(false),
  /** Variables the acceptor gets from the runner's environment (nothing else of it is passed on). */
  pass_env: PassEnv,
  /** Literal variables for the acceptor. */
  env: external_exports.record(external_exports.string(), external_exports.string()).default({})
});
var ToolsAcceptance = external_exports.strictObject({
  kind: external_exports.literal("tools"),
  /**
   * A fixed port for the proxy, for sandboxes that allow only known ports; default a free port per run.
   * Boundaries run one at a time, but trials of the task run concurrently: use it with concurrency 1.
   */
  proxy_port: external_exports.number().int().min(1).max(65535).optional()
});
var Acceptance = external_exports.preprocess(
  (value) => typeof value === "string" ? { kind: value } : value,
  external_exports.discriminatedUnion("kind", [HttpCasesAcceptance, CommandAcceptance, ToolsAcceptance], {
    error: 'http-cases, tools, or { kind: command, command: "\u2026" }'
  })
);

export {
  PassEnv,
  Acceptance
};
