// The `reservation-tools` kind's declaration: its settings, its `tools` section of fixture.json, and the
// files of its runs: the goal the runner hands the agent, the result it claims, and per boundary run the
// trajectory, the goal's versions, the service's state and the judgement (schemas/tools.ts).
import { z } from 'zod';
import { described } from '../doc.ts';
import { fixtureSection, kindSchema } from '../kind-schema.ts';
import { BoundaryJudgement, Goal, GoalHistory, ServiceState, ToolClaim, Trajectory } from '../tools.ts';

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

export const ToolsSpec = z
  .strictObject({
    goal: z
      .string()
      .min(1)
      .register(...described('The first goal (schemas/tools.ts Goal), relative to the fixture; the runner moves it on mid-trial.')),
    agent: z
      .string()
      .min(1)
      .register(...described('The deterministic reference agent, run through `sh -c` in a trial directory; $TRIALGATE_FIXTURE is the fixture.')),
    skill: z
      .string()
      .min(1)
      .register(...described('The skill file the reference agent follows (relative to the fixture), and the variable that points it to one.')),
    skillEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/)
      .register(...described('The variable that points the reference agent to its skill file.')),
    practices: z
      .record(z.string(), z.string().min(1))
      .register(...described('Boundary (a fault id) → the `## ` heading of the skill section whose practice handles it.')),
  })
  .register(...described('A fixture whose agent acts through tools (acceptance `tools`): its faults are the boundary variants.'));

export type ToolsAcceptance = z.infer<typeof ToolsAcceptance>;

/** The files of one boundary run, in evidence/<variant>/ (its runner writes them, report.html reads them by `runEvidence`). */
export const RUN_FILES = { trajectory: 'trajectory.json', goals: 'goal.json', state: 'state.json', judgement: 'judgement.json' } as const;
export type ToolsSpec = z.infer<typeof ToolsSpec>;

export const toolsSchema = kindSchema({
  name: 'reservation-tools',
  settings: ToolsAcceptance,
  spelled: 'reservation-tools',
  formerNames: ['tools'],
  section: fixtureSection({
    key: 'tools',
    schema: ToolsSpec,
    // The agent's answers are its runs: there are no reference answers to keep.
    paths: () => ({ answers: [], protectedDirs: [], given: [] }),
  }),
  formats: [
    {
      name: 'tool-claim',
      title: 'candidate/<variant>/result.json',
      description: 'What the agent of a tools task says it achieved, written by the agent; checked against the service state, never trusted.',
      root: 'candidate',
      paths: ['*/result.json'],
      schema: ToolClaim,
    },
    {
      name: 'goal',
      title: '$TRIALGATE_GOAL',
      description: 'The goal of a tools task, written by trialgate and moved on mid-trial; every change raises `version`.',
      root: 'elsewhere',
      paths: [],
      schema: Goal,
    },
  ],
  runEvidence: [
    {
      name: 'trajectory',
      path: RUN_FILES.trajectory,
      description: "A tools task's tool calls as trialgate's proxy recorded them, written by trialgate.",
      shows: 'calls',
      schema: Trajectory,
    },
    {
      name: 'goal-history',
      path: RUN_FILES.goals,
      description: 'Every version of the goal the runner gave a tools agent, written by trialgate.',
      shows: 'given',
      schema: GoalHistory,
    },
    {
      name: 'service-state',
      path: RUN_FILES.state,
      description: "The service's state after a tools agent, read past the proxy, written by trialgate.",
      schema: ServiceState,
    },
    {
      name: 'boundary-judgement',
      path: RUN_FILES.judgement,
      description: 'The judgement of one boundary run of a tools task, written by trialgate.',
      shows: 'judgement',
      schema: BoundaryJudgement,
    },
  ],
});
