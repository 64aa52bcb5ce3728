// How a task's candidate is accepted: one entry per task kind, composed from the kinds' declarations
// (schemas/kinds.ts). A fixture declares its own acceptor in fixture.json (so `trialgate validate` can run
// it); a task in trialgate.yml may name it too.
import { z } from 'zod';
import { FORMER_NAMES, KIND_SETTINGS, SETTINGS_SPELLED } from './kinds.ts';

export { PassEnv } from './kind-schema.ts';

export const Acceptance = z.preprocess(
  (value) => {
    const spec = typeof value === 'string' ? { kind: value } : value;
    if (typeof spec !== 'object' || spec === null || !('kind' in spec) || typeof spec.kind !== 'string') return spec;
    return spec.kind in FORMER_NAMES ? { ...spec, kind: FORMER_NAMES[spec.kind] } : spec;
  },
  z.discriminatedUnion('kind', KIND_SETTINGS, { error: SETTINGS_SPELLED }),
);

export type AcceptanceSpec = z.infer<typeof Acceptance>;
