import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-3UH32GZY.js";
import "./chunk-FCG6PQOE.js";
import "./chunk-PBVTS5OU.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-ZVEGQI6E.js";
import "./chunk-HWPKIFZG.js";
import "./chunk-KTGKEIXK.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-D5ELBRH7.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
