import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/isolation/processes.ts
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
var live = /* @__PURE__ */ new Set();
var hooked = false;
function trackProcess(kill) {
  hookExit();
  live.add(kill);
  return () => live.delete(kill);
}
function hookExit() {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const kill of live) kill();
    live.clear();
  };
  process.once("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    if (process.listenerCount(signal) > 0) continue;
    process.once(signal, () => {
      killAll();
      process.kill(process.pid, signal);
    });
  }
}
async function endTracked(waitMs = 1e4) {
  const running = live.size;
  for (const kill of live) kill();
  const deadline = Date.now() + waitMs;
  while (live.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return running;
}
var KILL_SWEEPS = 8;
async function killMarked(marker, signal = "SIGKILL") {
  let killed = 0;
  for (let sweep = 0; sweep < (signal === "SIGKILL" ? KILL_SWEEPS : 1); sweep++) {
    const found = await signalMarked(marker, signal);
    killed += found;
    if (found === 0) break;
  }
  return killed;
}
async function markedProcesses(marker) {
  const pids = await readdir("/proc").catch(() => []);
  const needle = Buffer.from(`${marker}\0`);
  const found = [];
  for (const pid of pids) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const environ = await readFile(`/proc/${pid}/environ`).catch(() => null);
    if (!environ || environ.indexOf(needle) !== 0 && environ.indexOf(Buffer.concat([Buffer.from([0]), needle])) < 0) continue;
    found.push(Number(pid));
  }
  return found;
}
async function signalMarked(marker, signal) {
  let killed = 0;
  for (const pid of await markedProcesses(marker)) {
    try {
      process.kill(pid, signal);
      killed++;
    } catch {
    }
  }
  return killed;
}
function supervise(child, kill, after, drainMs = PIPE_DRAIN_MS) {
  const untrack = trackProcess(kill);
  child.on("error", () => void 0);
  return (async () => {
    const [code, signal] = await once(child, "exit").catch(() => [127, null]);
    try {
      await after?.();
    } finally {
      untrack();
    }
    await drainPipes(child, drainMs);
    return { code, signal };
  })();
}
var PIPE_DRAIN_MS = 1e4;
async function drainPipes(child, drainMs) {
  if (child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false) return;
  const closed = once(child, "close").catch(() => void 0);
  let timeout;
  const timer = new Promise((resolve) => timeout = setTimeout(resolve, drainMs).unref());
  await Promise.race([closed, timer]);
  clearTimeout(timeout);
  child.stdout?.destroy();
  child.stderr?.destroy();
}
function killGroup(child, signal = "SIGKILL") {
  try {
    process.kill(-child.pid, signal);
  } catch {
  }
}
async function descendants(root) {
  const children = /* @__PURE__ */ new Map();
  const comms = /* @__PURE__ */ new Map();
  for (const pid of await readdir("/proc").catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const close = stat.lastIndexOf(")");
    if (close < 0) continue;
    const ppid = Number(stat.slice(close + 2).split(" ")[1]);
    comms.set(Number(pid), stat.slice(stat.indexOf("(") + 1, close));
    children.set(ppid, [...children.get(ppid) ?? [], Number(pid)]);
  }
  const found = [];
  const queue = [...children.get(root) ?? []];
  while (queue.length) {
    const pid = queue.shift();
    queue.push(...children.get(pid) ?? []);
    found.push({ pid, comm: comms.get(pid) ?? "" });
  }
  return found;
}
async function signalDescendants(root, signal, spare = () => false) {
  let signalled = 0;
  for (const { pid, comm } of await descendants(root)) {
    if (spare(comm)) continue;
    try {
      process.kill(pid, signal);
      signalled++;
    } catch {
    }
  }
  return signalled;
}

// src/isolation/sandbox.ts
var IsolationUnavailable = class extends Error {
  name = "IsolationUnavailable";
};

export {
  endTracked,
  killMarked,
  markedProcesses,
  supervise,
  killGroup,
  descendants,
  signalDescendants,
  IsolationUnavailable
};
