// fixture.json: what a task's fixture holds and how the trusted runner drives it. Lives in the
// fixture directory; every file it names as protected is hashed before and after the agent.
import { z } from 'zod';
import { described } from './doc.ts';
import { Acceptance } from './acceptance.ts';

export const ServiceSpec = z.strictObject({
  command: z
    .array(z.string())
    .min(1)
    .register(...described('argv of the service process, run from the fixture directory; PORT is set to a free port.')),
  faultEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name in capitals, e.g. TALLY_FAULT')
    .register(...described('The environment variable that selects the variant; it reaches the service process only.')),
  health: z
    .string()
    .startsWith('/', 'a path that starts with /, e.g. /health')
    .default('/health')
    .register(...described('Readiness probe path, answered 200 once the service accepts requests.')),
  startTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(10_000)
    .register(...described('Milliseconds the service has to answer `health`; past it the variant did not start (an environment error).')),
  coverage: z
    .boolean()
    .default(false)
    .register(
      ...described`
        The service speaks trialgate's control channel (reset, branch coverage; see docs/fixture.md). Without it, a
        variant is started fresh for each acceptance run and a detection is any assertion failure on it, shown as not
        attributed; fault branches and targets need it.
      `,
    ),
  stateProbe: z
    .array(z.string().startsWith('/'))
    .default([])
    .register(
      ...described`
        GET paths whose answers together show the service's whole observable state. With coverage they let trialgate
        prove that a reset equals a fresh start, and then keep one service per variant for a whole run, reset between
        uses (docs/fixture.md); without them every use starts the service afresh.
      `,
    ),
  files: z
    .array(z.string())
    .min(1)
    .register(...described("Service files whose hash, with the fault id, is the variant's hash.")),
});

export const FaultSpec = z.strictObject({
  label: z
    .string()
    .min(1)
    .register(...described('What the defect does, as a PR comment shows it: "duplicate request reserves twice (idempotency)".')),
  branches: z
    .array(z.string())
    .default([])
    .register(...described('Business branches where the defect lives (needs coverage): a failed case that reached one is attributed to it.')),
});

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

export const TestGroup = z
  .strictObject({
    label: z
      .string()
      .min(1)
      .register(...described('What a reader sees: `retried redemption is idempotent`.')),
    tests: z
      .array(z.string().min(1))
      .min(1)
      .register(...described("Test ids as the hidden tests' report names them; `*` matches any run of characters.")),
  })
  .register(...described('A group of hidden tests: one check, passed when every test it names ran and passed.'));

export const CodeService = z
  .strictObject({
    command: z
      .array(z.string())
      .min(1)
      .register(...described('argv of the service, run from the built copy of the candidate with PORT set.')),
    health: z
      .string()
      .startsWith('/')
      .default('/health')
      .register(...described('Readiness probe path, answered 200 once the service accepts requests.')),
    startTimeoutMs: z
      .number()
      .int()
      .positive()
      .default(10_000)
      .register(...described('Milliseconds the service has to answer `health`; past it the candidate did not start.')),
  })
  .register(...described('How a changed service is started: from the built copy of the candidate, with PORT set to a free port.'));

export const CorrectSolution = z
  .strictObject({
    dir: z
      .string()
      .min(1)
      .register(...described("The solution's files, relative to the fixture.")),
    label: z
      .string()
      .min(1)
      .register(...described('How it differs from the reference, as the validation shows it.')),
  })
  .register(...described('Another correct fix: the hidden tests must accept it too, as they accept the reference.'));

export const WrongSolution = z
  .strictObject({
    dir: z
      .string()
      .min(1)
      .register(...described("The solution's files, relative to the fixture.")),
    label: z
      .string()
      .min(1)
      .register(...described('What is wrong with it, as the validation shows it.')),
    rejected_by: z
      .enum(['assertion', 'scope', 'start'])
      .default('assertion')
      .register(
        ...described`
          How the acceptance must reject it: \`assertion\`, a hidden test fails, by an assertion or by an exception raised
          in the test (an error of the harness, such as a crashed service, is no proof); \`scope\`, the scope
          constraint names a changed path; \`start\`, the code does not build or start.
        `,
      ),
  })
  .register(...described('A solution is the files it adds or replaces, overlaid on the repository (relative to the fixture).'));

const GROUP_ID = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes');

export const CodeSpec = z
  .strictObject({
    repository: z
      .string()
      .min(1)
      .default('repo')
      .register(...described("The repository snapshot, relative to the fixture: the trial's candidate/ starts as a copy of it.")),
    scope: z
      .array(z.string().min(1))
      .min(1)
      .register(...described('Globs (relative to the repository) the agent may change; a change anywhere else fails `constraint:scope`, named by path.')),
    ignore: z
      .array(z.string().min(1))
      .default([])
      .register(
        ...described`
          Globs (relative to the repository) of what the build or the repository's tools write in place (\`build/**\`,
          \`target/**\`, \`dist/**\`): neither a change outside the scope nor part of the diff, and left out of the
          code that is hashed, built and accepted (the build writes them again). This list only, never one the agent
          writes (a .gitignore counts for nothing).
        `,
      ),
    build: z
      .strictObject({
        command: z
          .string()
          .min(1)
          .register(...described('The build, e.g. `npm ci && npm run build`.')),
        timeout_seconds: z
          .number()
          .positive()
          .max(3600)
          .default(300)
          .register(...described("Past it the build is ended: the candidate's failure.")),
        network: z
          .enum(['none', 'host'])
          .default('none')
          .register(...described('`host` for a build that downloads (npm ci); default offline.')),
      })
      .optional()
      .register(...described("Run through `sh -c` in a fresh copy of the candidate before anything starts; a failure is the candidate's.")),
    service: CodeService.optional().register(
      ...described('The changed code as a service the hidden tests reach at $TRIALGATE_SERVICE_URL; without it they run the code from $TRIALGATE_CANDIDATE.'),
    ),
    reproduction: TestGroup.describe('The hidden tests that reproduce the issue (the check `reproduction`): they must fail on the unchanged repository.'),
    groups: z
      .record(GROUP_ID, TestGroup)
      .default({})
      .register(...described('Further groups of hidden tests, each the check `test:<id>`.')),
    solutions: z
      .strictObject({
        reference: z
          .string()
          .min(1)
          .register(...described('Must be accepted: every hidden test passes, inside the scope.')),
        correct: z
          .record(GROUP_ID, CorrectSolution)
          .default({})
          .register(
            ...described('Other correct fixes, each accepted as the reference is: hidden tests that only accept one way of fixing the issue are refused.'),
          ),
        wrong: z
          .record(GROUP_ID, WrongSolution)
          .default({})
          .register(...described('Each must be rejected as it says; the unchanged repository is always tried too.')),
      })
      .register(...described('The solutions `trialgate validate` proves the hidden tests on, each relative to the fixture.')),
  })
  .register(
    ...described`
      A fixture whose agent changes code (acceptance \`code\`): the repository it works in, what it may change, how
      the changed code is built and started, the hidden tests' groups, and the solutions that prove them.
    `,
  );

export const FixtureManifest = z
  .strictObject({
    $schema: z
      .string()
      .optional()
      .register(...described('The JSON Schema an editor checks the file against and explains its fields from: dist/schemas/fixture.schema.json.')),
    version: z
      .literal(1, 'this trialgate reads version 1 of fixture.json: write "version": 1 (a newer version needs a newer trialgate)')
      .register(...described('The version of this file format: 1.')),
    id: z
      .string()
      .min(1)
      .register(...described("The fixture's name.")),
    title: z
      .string()
      .min(1)
      .register(...described('What the task is about, in one line.')),
    service: ServiceSpec.optional().register(
      ...described("The service under test with its defect variants; a code fixture starts the candidate's code instead."),
    ),
    faults: z
      .record(z.string(), FaultSpec)
      .default({})
      .register(
        ...described(
          "Fault id → the defect: each a variant of the service (its faultEnv set to the id) the candidate must catch; a tools fixture's are boundaries.",
        ),
      ),
    targets: z
      .array(z.string())
      .default([])
      .register(...described("Branches the candidate's cases must reach on the correct service (format layer).")),
    include: z
      .array(z.string().regex(/^(\.\.\/)+[^.]/, 'a relative path that starts with ../'))
      .default([])
      .register(
        ...described`
          Directories outside the fixture that it uses (e.g. \`../inventory/service\`, a service another fixture
          ships): protected and hashed with the fixture, and copied beside it wherever the fixture is copied.
        `,
      ),
    readable: z
      .array(z.string().min(1))
      .default([])
      .register(
        ...described`
          Directories the service and the acceptor run with that are neither the fixture nor the system (a virtualenv,
          the project's node_modules): shown read-only to them, at the same place relative to the fixture (or at the
          same absolute path), never hashed or copied. Isolated, nothing else of the host is there.
        `,
      ),
    protected: z
      .array(z.string())
      .min(1)
      .register(...described('Globs (relative to the fixture) the agent may not change; their hash is the fixture hash.')),
    reference: z
      .string()
      .default('reference')
      .register(...described('Directory of the reference answers (the candidate `trialgate validate` runs), never under inputs/.')),
    acceptance: Acceptance.optional().register(
      ...described("The fixture's own acceptor; a task in trialgate.yml uses it unless it names another. Default http-cases."),
    ),
    tools: ToolsSpec.optional(),
    code: CodeSpec.optional(),
  })
  .check((ctx) => {
    const { service, code, acceptance } = ctx.value;
    if (!service && !code)
      ctx.issues.push({ code: 'custom', path: ['service'], input: ctx.value, message: 'a fixture needs its service (or, for a code task, a code section)' });
    if (code && acceptance?.kind !== 'code')
      ctx.issues.push({
        code: 'custom',
        path: ['acceptance'],
        input: acceptance,
        message: 'a fixture with a code section declares its hidden tests: { "kind": "code", "command": "…" } (docs/code-tasks.md)',
      });
  });

export type ServiceSpec = z.infer<typeof ServiceSpec>;
export type FaultSpec = z.infer<typeof FaultSpec>;
export type ToolsSpec = z.infer<typeof ToolsSpec>;
export type CodeSpec = z.infer<typeof CodeSpec>;
export type TestGroup = z.infer<typeof TestGroup>;
export type WrongSolution = z.infer<typeof WrongSolution>;
export type FixtureManifest = z.infer<typeof FixtureManifest>;
