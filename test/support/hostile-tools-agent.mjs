#!/usr/bin/env node
// A HOSTILE TOOLS AGENT for the listener tests. In the trial named by HOSTILE_ATTACKER_TRIAL it scans every
// listener it can see and attacks each (scan-listeners.mjs) while a boundary run of the other trial is
// alive, then does its work honestly; in every other trial it does its work honestly, once the attack on
// it is over. The two meet at the test's rendezvous (HOSTILE_RENDEZVOUS, on the runner's loopback): run i
// of one trial is paired with run i of the other, so every boundary run of the victim is attacked.
// The honest work is the operations fixture's scripted agent (HONEST_AGENT).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { scanListeners } from './scan-listeners.mjs';

const env = process.env;
const rendezvous = new URL(env.HOSTILE_RENDEZVOUS);
const attacker = env.TRIALGATE_TRIAL === env.HOSTILE_ATTACKER_TRIAL;
const call = async (path) => (await fetch(new URL(path, rendezvous), { method: 'POST' })).text();

/** The proxy's socket that trialgate bound into this sandbox (isolated): a mount point of its own. */
const ownSocket = () =>
  readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4])
    .find((point) => point?.endsWith('.sock'));

const run = await call(`/run?trial=${env.TRIALGATE_TRIAL}`);
console.log(`${attacker ? 'attacker' : 'victim'}: tool socket ${ownSocket() ?? 'none'}`);
if (attacker) {
  await call(`/wait?event=alive-${run}`);
  const own = Number(new URL(env.TRIALGATE_TOOL_URL).port);
  const lines = await scanListeners({ skip: [own, Number(rendezvous.port)] });
  for (const line of lines) console.log(`scan: ${line}`);
  await call(`/signal?event=done-${run}`);
} else {
  console.log(`victim: tool port ${new URL(env.TRIALGATE_TOOL_URL).port}`);
  await call(`/signal?event=alive-${run}`);
  await call(`/wait?event=done-${run}`);
}
const honest = spawnSync(process.execPath, [env.HONEST_AGENT], { stdio: 'inherit', env });
process.exit(honest.status ?? 1);
