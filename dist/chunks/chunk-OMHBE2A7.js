import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/util/package-root.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function packageRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "fixtures", "inventory", "fixture.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("trialgate: cannot find its built-in fixtures/ next to the package");
    dir = parent;
  }
  return dir;
}

export {
  packageRoot
};
