// spec.json: the candidate's playbook. Every rule quotes its source in inputs/, every scenario names
// the rules it checks and the business branches it targets (docs/http-cases.md).
import { z } from 'zod';
import { described } from './doc.ts';

export const Rule = z.strictObject({
  id: z
    .string()
    .min(1)
    .register(...described('The rule as cases and scenarios name it.')),
  statement: z
    .string()
    .min(1)
    .register(...described('The business rule, in a sentence.')),
  source: z
    .strictObject({
      file: z
        .string()
        .min(1)
        .register(...described('A file under inputs/, relative to it.')),
      quote: z
        .string()
        .min(8, 'a quote of at least 8 characters')
        .register(...described('Text that must occur in that file, verbatim (whitespace folded).')),
    })
    .register(...described('Where the rule comes from: a verbatim quote of an input file, checked before anything runs.')),
});

export const Scenario = z.strictObject({
  case: z
    .string()
    .min(1)
    .register(...described('The id of the case in cases.json that implements this scenario.')),
  rules: z
    .array(z.string())
    .min(1)
    .register(...described('Rule ids this scenario checks.')),
  targets: z
    .array(z.string())
    .min(1, 'at least one target branch')
    .register(...described('The business branches of the service the scenario means to reach.')),
});

export const SpecFile = z.strictObject({
  version: z.literal(1).register(...described('The version of this file format: 1.')),
  rules: z
    .array(Rule)
    .min(1)
    .register(...described('The business rules the playbook checks, each quoting its source.')),
  scenarios: z
    .array(Scenario)
    .min(1)
    .register(...described('The scenarios, each implemented by one case of cases.json.')),
});

export type Rule = z.infer<typeof Rule>;
export type Scenario = z.infer<typeof Scenario>;
export type SpecFile = z.infer<typeof SpecFile>;
