import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  CorruptZipError,
  crc32,
  extractZip
} from "./chunk-C3HU7JC5.js";
import "./chunk-HZGLYA5U.js";
export {
  CorruptZipError,
  crc32,
  extractZip
};
