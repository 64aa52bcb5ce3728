import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  context,
  getOctokit
} from "./chunk-RMIB5HJV.js";
import "./chunk-HZGLYA5U.js";
export {
  context,
  getOctokit
};
