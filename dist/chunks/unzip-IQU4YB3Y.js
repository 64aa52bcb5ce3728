import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  CorruptZipError,
  crc32,
  extractZip
} from "./chunk-6BRYMBDE.js";
import "./chunk-HZGLYA5U.js";
export {
  CorruptZipError,
  crc32,
  extractZip
};
