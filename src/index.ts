// The action entry: only calls run() (the work lives in action/start.ts and action/main.ts, where tests
// can call it; main.ts is loaded only once a pull request turns out to need a run).
import { run } from './action/start.ts';

await run();
