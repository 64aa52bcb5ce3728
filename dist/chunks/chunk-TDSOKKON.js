import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/util/hash.ts
import { createHash } from "node:crypto";
function sha256(data) {
  return createHash("sha256").update(data).digest("hex");
}
function sha256Manifest(parts) {
  const lines = Object.keys(parts).sort().map((name) => `${parts[name]}  ${name}
`);
  return sha256(lines.join(""));
}

export {
  sha256,
  sha256Manifest
};
