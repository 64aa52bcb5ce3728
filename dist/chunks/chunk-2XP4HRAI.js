import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/isolation/processes.ts
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";

// src/util/pending-reads.ts
function afterPendingReads(decide) {
  setImmediate(decide);
}
function failUnlessReadMeanwhile(progress, fail) {
  const seen = progress();
  afterPendingReads(() => {
    if (progress() === seen) fail();
  });
}
function pendingReadsDone() {
  return new Promise((resolve) => setImmediate(resolve));
}

// src/isolation/processes.ts
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
var SWEEP_PAUSE_MS = 10;
async function killMarked(marker, signal = "SIGKILL") {
  let killed = 0;
  for (let sweep = 0; sweep < (signal === "SIGKILL" ? KILL_SWEEPS : 1); sweep++) {
    const found = signalMarked(marker, signal);
    killed += found;
    if (found === 0) break;
    await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
  return killed;
}
function markedProcesses(marker) {
  return new MarkedProcesses(marker).listed(processIds());
}
var MarkedProcesses = class {
  known = /* @__PURE__ */ new Map();
  needle;
  constructor(marker) {
    this.needle = Buffer.from(`${marker}\0`);
  }
  /**
   * The processes of `pids` (a listing of /proc: processIds, recentProcessIds) that hold the marker: each
   * one's environment read when it first shows in a listing, and forgotten once it is gone from one. A meter's
   * read costs only the processes started since the last listing, so the marked are found at every read, not
   * every 2 s with the whole table: a loop the agent detached that lived under 2 s was not seen at all, its CPU
   * then reaped by init, out of the agent's count, and the agent's wait for it was given back (a hostile
   * agent's burns detached one after the other: 1.2 s of the 1.5 s they ran counted as the machine's).
   */
  listed(pids) {
    const found = [];
    const live2 = /* @__PURE__ */ new Set();
    for (const pid of pids) {
      if (pid === process.pid) continue;
      live2.add(pid);
      let marked = this.known.get(pid);
      if (marked === void 0) {
        marked = this.holds(pid);
        this.known.set(pid, marked);
      }
      if (marked) found.push(pid);
    }
    for (const pid of this.known.keys()) if (!live2.has(pid)) this.known.delete(pid);
    return found;
  }
  holds(pid) {
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      return false;
    }
    return environ.indexOf(this.needle) === 0 || environ.indexOf(Buffer.concat([Buffer.from([0]), this.needle])) >= 0;
  }
};
function signalMarked(marker, signal) {
  let killed = 0;
  for (const pid of markedProcesses(marker)) {
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
  const read = () => child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false;
  if (read()) return;
  const closed = once(child, "close").catch(() => void 0);
  let timeout;
  const timer = new Promise((resolve) => timeout = setTimeout(resolve, drainMs).unref());
  await Promise.race([closed, timer]);
  clearTimeout(timeout);
  if (!read()) await pendingReadsDone();
  child.stdout?.destroy();
  child.stderr?.destroy();
}
function killGroup(child, signal = "SIGKILL") {
  try {
    process.kill(-child.pid, signal);
  } catch {
  }
}
function processTable() {
  const table = /* @__PURE__ */ new Map();
  for (const pid of processIds()) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(")");
    if (close < 0) continue;
    table.set(pid, { ppid: Number(stat.slice(close + 2).split(" ")[1]), comm: stat.slice(stat.indexOf("(") + 1, close) });
  }
  return table;
}
function processIds() {
  try {
    return readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
}
var recent;
function recentProcessIds(maxAgeMs) {
  const now = performance.now();
  if (!recent || now - recent.at > maxAgeMs) recent = { at: now, pids: processIds() };
  return recent.pids;
}
function descendants(root, table = processTable()) {
  const children = /* @__PURE__ */ new Map();
  for (const [pid, { ppid }] of table) children.set(ppid, [...children.get(ppid) ?? [], pid]);
  const found = [];
  const queue = [...children.get(root) ?? []];
  while (queue.length) {
    const pid = queue.shift();
    queue.push(...children.get(pid) ?? []);
    found.push({ pid, comm: table.get(pid)?.comm ?? "" });
  }
  return found;
}
var CHILDREN_LISTED = (() => {
  try {
    readFileSync(`/proc/${process.pid}/task/${process.pid}/children`);
    return true;
  } catch {
    return false;
  }
})();
function treeBelow(root) {
  if (!CHILDREN_LISTED) return descendants(root).map((d) => d.pid);
  const found = [];
  const seen = /* @__PURE__ */ new Set([root]);
  const parents = [root];
  for (let next = 0; next < parents.length; next++) {
    const pid = parents[next];
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      let children;
      try {
        children = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8");
      } catch {
        continue;
      }
      for (const word of children.split(" ")) {
        const child = Number(word);
        if (!Number.isInteger(child) || child <= 0 || seen.has(child)) continue;
        seen.add(child);
        found.push(child);
        parents.push(child);
      }
    }
  }
  return found;
}
function signalDescendants(root, signal, spare = () => false) {
  let signalled = 0;
  for (const { pid, comm } of descendants(root)) {
    if (spare(comm)) continue;
    try {
      process.kill(pid, signal);
      signalled++;
    } catch {
    }
  }
  return signalled;
}
function stillRunning(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return !existsSync("/proc/self/stat");
  }
  return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
}
function limitCommand(command, ms) {
  let timedOut = false;
  const timer = setTimeout(
    () => afterPendingReads(() => {
      if (command.child.exitCode === null && command.child.signalCode === null && (command.child.pid === void 0 || stillRunning(command.child.pid)))
        timedOut = true;
      command.kill();
    }),
    ms
  );
  return { timedOut: () => timedOut, clear: () => clearTimeout(timer) };
}

// src/isolation/sandbox.ts
var IsolationUnavailable = class extends Error {
  name = "IsolationUnavailable";
};

export {
  afterPendingReads,
  failUnlessReadMeanwhile,
  pendingReadsDone,
  endTracked,
  killMarked,
  MarkedProcesses,
  supervise,
  killGroup,
  recentProcessIds,
  descendants,
  treeBelow,
  signalDescendants,
  stillRunning,
  limitCommand,
  IsolationUnavailable
};
