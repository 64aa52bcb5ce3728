// The action entry: only calls run() (the work lives in action/main.ts, where tests can call it).
import { run } from './action/main.ts';

await run();
