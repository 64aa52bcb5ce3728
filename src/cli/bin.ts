#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded
// The executable: run the command line and exit with its code. Its first line gives Node the flags that
// keep a run of thousands of trials small: a young generation of 1 MiB semi-spaces (a run allocates
// mostly short-lived objects, and a larger one only grows the resident set) and no V8 worker threads
// (the harness waits on its processes; background compilation and GC threads added memory and CPU).
// bench/throughput.ts measures both.
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
