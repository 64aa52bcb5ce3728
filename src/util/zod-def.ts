// What a zod schema declares, read from its definition (zod has no public reader of it): what a configuration
// error names (config-issues.ts: the field's type, bounds, choices) and where (yaml-config.ts: the keys a
// mapping may hold, the schema at a path). One reading for both, so they agree on what a schema is.
import type { z } from 'zod';

export type Check = { check: string; value?: unknown; inclusive?: boolean; minimum?: number; maximum?: number; format?: string; pattern?: RegExp };

export type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  checks?: { _zod: { def: Check } }[];
};

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value of `schema` really is: through optional, default, pipes and unions. */
export function unwrap(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe') return unwrap((def.out && defOf(def.out).type !== 'transform' ? def.out : def.in)!);
  if (def.options) return def.options.flatMap(unwrap);
  return [schema];
}
