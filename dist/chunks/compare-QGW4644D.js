import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-ZEMYSYFC.js";
import "./chunk-HMMPAN3E.js";
import "./chunk-PFDYKJR6.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-T64N4H43.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-2CIO45OS.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
