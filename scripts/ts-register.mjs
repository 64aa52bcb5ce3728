// `node --import ./scripts/ts-register.mjs file.ts`: runs trialgate's TypeScript from the compiled cache
// (ts-cache.mjs), the way scripts/test.ts runs every test file. tsx does the same job with a resolver that
// costs each test process about 0.5 s more CPU; `node --import tsx` still works for one file.
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./ts-hooks.mjs', import.meta.url);
