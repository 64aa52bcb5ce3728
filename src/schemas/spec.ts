// spec.json: the candidate's playbook. Every rule quotes its source in inputs/, every scenario names
// the rules it checks and the business branches it targets (docs/http-cases.md).
import { z } from 'zod';

export const Rule = z.strictObject({
  id: z.string().min(1),
  statement: z.string().min(1),
  source: z.strictObject({
    /** A file under inputs/, relative to it. */
    file: z.string().min(1),
    /** Text that must occur in that file, verbatim (whitespace folded). */
    quote: z.string().min(8, 'a quote of at least 8 characters'),
  }),
});

export const Scenario = z.strictObject({
  /** The id of the case in cases.json that implements this scenario. */
  case: z.string().min(1),
  rules: z.array(z.string()).min(1),
  targets: z.array(z.string()).min(1, 'at least one target branch'),
});

export const SpecFile = z.strictObject({
  version: z.literal(1),
  rules: z.array(Rule).min(1),
  scenarios: z.array(Scenario).min(1),
});

export type Rule = z.infer<typeof Rule>;
export type Scenario = z.infer<typeof Scenario>;
export type SpecFile = z.infer<typeof SpecFile>;
