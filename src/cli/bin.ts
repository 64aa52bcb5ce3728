#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded --heap-growing-percent=20
// The executable: run the command line and exit with its code. Its first line gives Node the flags that
// keep a run of thousands of trials small: a young generation of 1 MiB semi-spaces (a run allocates
// mostly short-lived objects, and a larger one only grows the resident set), no V8 worker threads
// (the harness waits on its processes; background compilation and GC threads added memory and CPU),
// and an old generation that grows by a fifth before its next full collection instead of V8's default
// of up to 4× (the small semi-spaces promote garbage early; without this a 100-trial run carried
// ~20 MiB of it). Limits, not caps: a larger run still gets the memory it needs. bench/throughput.ts
// measures them.
import { endInterrupted } from './interrupt.ts';
import { main } from './main.ts';

// Ctrl-C (or a CI runner's SIGTERM): end the trials' processes, say so, and exit as the signal would.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void endInterrupted(signal, process.argv[2]));

process.exitCode = await main(process.argv.slice(2));
