import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  external_exports
} from "./chunk-OVH43LBJ.js";

// src/util/safe-write.ts
import { closeSync, constants, lstatSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
async function writeInside(root, relPath, data, scrubber) {
  const bytes = typeof data === "string" ? Buffer.from(scrubber ? scrubber.text(data) : data) : scrubber ? scrubber.bytes(data) : data;
  const { fd, path } = openInside(root, relPath);
  try {
    writeAll(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return path;
}
async function writePiecesInside(root, relPath, pieces, scrubber) {
  const { fd, path } = openInside(root, relPath);
  try {
    for await (const piece of pieces) writeAll(fd, Buffer.from(scrubber.text(piece)));
  } finally {
    closeSync(fd);
  }
  return path;
}
function writeAll(fd, bytes) {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
}
function openInside(root, relPath) {
  if (!lstatSync(root).isDirectory()) throw new Error(`${root} is not a directory: refusing to write into it`);
  const parts = relPath.split("/");
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    const stats = lstatSync(dir, { throwIfNoEntry: false });
    if (stats?.isDirectory()) continue;
    if (stats) rmSync(dir, { force: true });
    try {
      mkdirSync(dir);
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is not a directory: refusing to write into it`);
  }
  const path = join(dir, parts.at(-1));
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) rmSync(path, { recursive: true, force: true });
  return { fd: openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 420), path };
}

// src/schemas/tools.ts
var Goal = external_exports.strictObject({
  version: external_exports.number().int().positive(),
  status: external_exports.enum(["active", "cancelled"]),
  order: external_exports.string().min(1),
  sku: external_exports.string().min(1),
  quantity: external_exports.number().int().positive(),
  /** Tool calls the agent may make through the proxy; past it every call is answered 429. */
  tool_budget: external_exports.number().int().positive()
});
var ToolClaim = external_exports.strictObject({
  status: external_exports.enum(["reserved", "cancelled", "blocked", "stopped", "failed"]),
  /** The goal version the result answers. */
  goal_version: external_exports.number().int().positive(),
  /** The reservation holding the order's stock, when status is `reserved`. */
  reservation_id: external_exports.string().nullable(),
  /** Why the agent stopped: `completed`, or what stopped it (`forbidden`, `budget_exhausted`, …). */
  stop_reason: external_exports.string().min(1),
  note: external_exports.string().optional()
});
var Exchange = external_exports.object({
  seq: external_exports.number().int().positive(),
  at_ms: external_exports.number().nonnegative(),
  request: external_exports.object({ method: external_exports.string(), path: external_exports.string(), body: external_exports.json().optional() }),
  /** Times the request was delivered to the service (0 = answered by the proxy, 2 = delivered twice). */
  delivered: external_exports.number().int().nonnegative(),
  /** The service's answer to each delivery. */
  upstream: external_exports.array(external_exports.object({ status: external_exports.number().int(), body: external_exports.json().optional() })),
  /** What the agent received; null when the proxy dropped the answer. */
  response: external_exports.object({ status: external_exports.number().int(), body: external_exports.json().optional() }).nullable(),
  /** The fault the schedule applied to this call, if any. */
  fault: external_exports.string().optional()
});
var Trajectory = external_exports.array(Exchange);
var ServiceState = external_exports.object({
  records: external_exports.array(
    external_exports.object({
      seq: external_exports.number().int(),
      kind: external_exports.enum(["reserve", "release"]),
      reservation_id: external_exports.string(),
      request_id: external_exports.string(),
      sku: external_exports.string(),
      quantity: external_exports.number().int()
    })
  ),
  items: external_exports.record(external_exports.string(), external_exports.object({ on_hand: external_exports.number().int(), reserved: external_exports.number().int(), available: external_exports.number().int() }))
});

export {
  writeInside,
  writePiecesInside,
  Goal,
  ToolClaim,
  Trajectory,
  ServiceState
};
