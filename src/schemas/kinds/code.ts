// The `code` kind's declaration: its settings (the `command` acceptor's, without variants), its `code`
// section of fixture.json (the repository, the scope, the build, the hidden tests' groups, the solutions)
// and what that section makes part of the fixture (docs/code-tasks.md).
import { z } from 'zod';
import { described } from '../doc.ts';
import { fixtureSection, kindSchema } from '../kind-schema.ts';
import { CommandAcceptance } from './command.ts';

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
          .register(
            ...described(
              "Past it (scaled to the pace the preflight measured building the reference fix) the build is ended: trialgate's limit, so it is built once more, and ended again the trial is an environment error (a busy machine may have kept it from a core).",
            ),
          ),
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

export type CodeAcceptance = z.infer<typeof CodeAcceptance>;
export type CodeSpec = z.infer<typeof CodeSpec>;
export type TestGroup = z.infer<typeof TestGroup>;
export type WrongSolution = z.infer<typeof WrongSolution>;

export const codeSchema = kindSchema({
  name: 'code',
  settings: CodeAcceptance,
  spelled: '{ kind: code, command: "…" }',
  section: fixtureSection({
    key: 'code',
    schema: CodeSpec,
    paths: (code) => {
      const solutions = [
        ...Object.entries(code.solutions.correct).map(([id, c]) => [`code.solutions.correct.${id}.dir`, c.dir] as [string, string]),
        ...Object.entries(code.solutions.wrong).map(([id, w]) => [`code.solutions.wrong.${id}.dir`, w.dir] as [string, string]),
      ];
      const answers: [string, string][] = [['code.solutions.reference', code.solutions.reference], ...solutions, ['code.repository', code.repository]];
      // The repository and the solutions define the task: protected whether or not \`protected\` names them.
      return {
        answers,
        protectedDirs: [code.repository, code.solutions.reference, ...solutions.map(([, dir]) => dir)],
        given: [code.repository],
        // A code task's "service" is the repository the agent changes: its snapshot names the variant.
        variantFiles: { field: 'code.repository', globs: [`${code.repository}/**`] },
      };
    },
    standsInForService: true,
    acceptanceNeeded: 'a fixture with a code section declares its hidden tests: { "kind": "code", "command": "…" } (docs/code-tasks.md)',
  }),
});
