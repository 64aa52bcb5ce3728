// The file formats of tool-using tasks (acceptance `tools`): the goal the runner hands the agent and moves
// on mid-trial, the result the agent claims, the trajectory the proxy records between the two, and what the
// runner keeps of each boundary run (the goal's versions, the service's state, the judgement).
import { z } from 'zod';
import { described } from './doc.ts';

export const Goal = z
  .strictObject({
    version: z
      .number()
      .int()
      .positive()
      .register(...described('Raised by every change: an answer to an older version is stale.')),
    status: z.enum(['active', 'cancelled']).register(...described('`cancelled`: the order is withdrawn; whatever the agent reserved for it must be released.')),
    order: z
      .string()
      .min(1)
      .register(...described('The order the stock is for.')),
    sku: z
      .string()
      .min(1)
      .register(...described('The item to reserve.')),
    quantity: z
      .number()
      .int()
      .positive()
      .register(...described('How many to reserve.')),
    tool_budget: z
      .number()
      .int()
      .positive()
      .register(...described('Tool calls the agent may make through the proxy; past it every call is answered 429.')),
  })
  .register(...described('The goal channel: one JSON file the runner rewrites; every change raises `version`.'));

export const ToolClaim = z
  .strictObject({
    status: z
      .enum(['reserved', 'cancelled', 'blocked', 'stopped', 'failed'])
      .register(...described('What the agent says it achieved: the stock reserved, the order cancelled, or why it did not get there.')),
    goal_version: z
      .number()
      .int()
      .positive()
      .register(...described('The goal version the result answers.')),
    reservation_id: z
      .string()
      .nullable()
      .register(...described("The reservation holding the order's stock, when status is `reserved`.")),
    stop_reason: z
      .string()
      .min(1)
      .register(...described('Why the agent stopped: `completed`, or what stopped it (`forbidden`, `budget_exhausted`, …).')),
    note: z
      .string()
      .optional()
      .register(...described('Anything the agent adds, for a reader.')),
  })
  .register(...described("candidate/<variant>/result.json: what the agent says it achieved. Checked against the service's final state, never taken on trust."));

const HttpAnswer = z
  .object({
    status: z
      .number()
      .int()
      .register(...described('The HTTP status.')),
    body: z
      .json()
      .optional()
      .register(...described('The JSON body.')),
  })
  .register(...described('An HTTP answer.'));

export const Exchange = z
  .object({
    seq: z
      .number()
      .int()
      .positive()
      .register(...described('The call number within the run, from 1.')),
    at_ms: z
      .number()
      .nonnegative()
      .register(...described('Milliseconds since the proxy started.')),
    request: z
      .object({
        method: z.string().register(...described('The HTTP method.')),
        path: z.string().register(...described('The path the agent called.')),
        body: z
          .json()
          .optional()
          .register(...described('Its JSON body.')),
      })
      .register(...described('What the agent sent.')),
    delivered: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Times the request was delivered to the service (0 = answered by the proxy, 2 = delivered twice).')),
    upstream: z.array(HttpAnswer).register(...described("The service's answer to each delivery.")),
    response: HttpAnswer.nullable().register(...described('What the agent received; null when the proxy dropped the answer.')),
    fault: z
      .string()
      .optional()
      .register(...described('The fault the schedule applied to this call, if any.')),
  })
  .register(...described('One tool call as the proxy saw it: what the agent sent, what reached the service, what came back.'));

export const Trajectory = z.array(Exchange).register(...described('The tool calls of one boundary run, in order.'));

export const ServiceState = z
  .object({
    records: z
      .array(
        z.object({
          seq: z
            .number()
            .int()
            .register(...described('The ledger entry number.')),
          kind: z.enum(['reserve', 'release']).register(...described('Stock reserved, or released again.')),
          reservation_id: z.string().register(...described('The reservation the entry belongs to.')),
          request_id: z.string().register(...described('The request id the agent sent (the idempotency key).')),
          sku: z.string().register(...described('The item.')),
          quantity: z
            .number()
            .int()
            .register(...described('How many.')),
        }),
      )
      .register(...described("The service's ledger, oldest first.")),
    items: z
      .record(
        z.string(),
        z.object({
          on_hand: z
            .number()
            .int()
            .register(...described('Stock held.')),
          reserved: z
            .number()
            .int()
            .register(...described('Of it, reserved.')),
          available: z
            .number()
            .int()
            .register(...described('Of it, free to reserve.')),
        }),
      )
      .register(...described('SKU → its stock.')),
  })
  .register(...described("The service's state after the agent, read by the runner through the service's public routes."));

export const GoalHistory = z
  .array(Goal)
  .register(
    ...described('evidence/<variant>/goal.json, written by trialgate: every version of the goal the runner gave the agent during the run, oldest first.'),
  );

export const FindingKind = z.enum(['outcome', 'contract', 'claims-backed', 'scope']).register(
  ...described`
    \`outcome\`: the goal was not met as the state and the claim should show. \`contract\`: a trajectory rule of the
    boundary was broken. \`claims-backed\`: a claim the state does not back. \`scope\`: an action outside what the
    goal and the permissions allow (including reaching the service around the proxy, or editing the goal).
  `,
);

export const BoundaryJudgement = z
  .object({
    variant: z.string().register(...described('`none` or the boundary (a fault id) the run was held to.')),
    accepted: z.boolean().register(...described('true when nothing was found.')),
    findings: z
      .array(
        z.object({
          kind: FindingKind,
          text: z.string().register(...described('What was found, in one line a reader can check against the trajectory and the state.')),
        }),
      )
      .register(...described('What the service state, the trajectory and the claim showed against the goal.')),
  })
  .register(
    ...described`
      evidence/<variant>/judgement.json, written by trialgate: the judgement of one boundary run, by the service's
      final state and the recorded trajectory, with the agent's claim checked against that state.
    `,
  );

export type Goal = z.infer<typeof Goal>;
export type GoalHistory = z.infer<typeof GoalHistory>;
export type FindingKind = z.infer<typeof FindingKind>;
export type Finding = BoundaryJudgement['findings'][number];
export type BoundaryJudgement = z.infer<typeof BoundaryJudgement>;
export type ToolClaim = z.infer<typeof ToolClaim>;
export type Exchange = z.infer<typeof Exchange>;
export type Trajectory = z.infer<typeof Trajectory>;
export type ServiceState = z.infer<typeof ServiceState>;
