// The file formats of tool-using tasks (acceptance `tools`): the goal the runner hands the agent and moves
// on mid-trial, the result the agent claims, and the trajectory the proxy records between the two.
import { z } from 'zod';

/** The goal channel: one JSON file the runner rewrites; every change raises `version`. */
export const Goal = z.strictObject({
  version: z.number().int().positive(),
  status: z.enum(['active', 'cancelled']),
  order: z.string().min(1),
  sku: z.string().min(1),
  quantity: z.number().int().positive(),
  /** Tool calls the agent may make through the proxy; past it every call is answered 429. */
  tool_budget: z.number().int().positive(),
});

/**
 * candidate/<variant>/result.json: what the agent says it achieved. Checked against the service's final
 * state, never taken on trust.
 */
export const ToolClaim = z.strictObject({
  status: z.enum(['reserved', 'cancelled', 'blocked', 'stopped', 'failed']),
  /** The goal version the result answers. */
  goal_version: z.number().int().positive(),
  /** The reservation holding the order's stock, when status is `reserved`. */
  reservation_id: z.string().nullable(),
  /** Why the agent stopped: `completed`, or what stopped it (`forbidden`, `budget_exhausted`, …). */
  stop_reason: z.string().min(1),
  note: z.string().optional(),
});

/** One tool call as the proxy saw it: what the agent sent, what reached the service, what came back. */
export const Exchange = z.object({
  seq: z.number().int().positive(),
  at_ms: z.number().nonnegative(),
  request: z.object({ method: z.string(), path: z.string(), body: z.json().optional() }),
  /** Times the request was delivered to the service (0 = answered by the proxy, 2 = delivered twice). */
  delivered: z.number().int().nonnegative(),
  /** The service's answer to each delivery. */
  upstream: z.array(z.object({ status: z.number().int(), body: z.json().optional() })),
  /** What the agent received; null when the proxy dropped the answer. */
  response: z.object({ status: z.number().int(), body: z.json().optional() }).nullable(),
  /** The fault the schedule applied to this call, if any. */
  fault: z.string().optional(),
});

export const Trajectory = z.array(Exchange);

/** The service's state after the agent, read by the runner through the service's public routes. */
export const ServiceState = z.object({
  records: z.array(
    z.object({
      seq: z.number().int(),
      kind: z.enum(['reserve', 'release']),
      reservation_id: z.string(),
      request_id: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
    }),
  ),
  items: z.record(z.string(), z.object({ on_hand: z.number().int(), reserved: z.number().int(), available: z.number().int() })),
});

export type Goal = z.infer<typeof Goal>;
export type ToolClaim = z.infer<typeof ToolClaim>;
export type Exchange = z.infer<typeof Exchange>;
export type ServiceState = z.infer<typeof ServiceState>;
