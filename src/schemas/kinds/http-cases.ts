// The `http-cases` kind's declaration: its settings, and the candidate files the agent writes (docs/http-cases.md).
import { z } from 'zod';
import { CasesFile } from '../cases.ts';
import { described } from '../doc.ts';
import { kindSchema } from '../kind-schema.ts';
import { SpecFile } from '../spec.ts';

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

export type HttpCasesAcceptance = z.infer<typeof HttpCasesAcceptance>;

export const httpCasesSchema = kindSchema({
  name: 'http-cases',
  settings: HttpCasesAcceptance,
  spelled: 'http-cases',
  section: undefined,
  formats: [
    {
      name: 'spec',
      title: 'candidate/spec.json',
      description: "An http-cases task's candidate, written by the agent (docs/http-cases.md): the business rules and the scenarios that cover them.",
      root: 'candidate',
      paths: ['spec.json'],
      schema: SpecFile,
    },
    {
      name: 'cases',
      title: 'candidate/cases.json',
      description: "An http-cases task's candidate, written by the agent (docs/http-cases.md): the HTTP cases the runner plays against each variant.",
      root: 'candidate',
      paths: ['cases.json'],
      schema: CasesFile,
    },
  ],
});
