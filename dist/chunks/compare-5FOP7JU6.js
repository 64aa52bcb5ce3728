import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-AVNIEQUA.js";
import "./chunk-7ESKOT7A.js";
import "./chunk-JUQVHBCJ.js";
import "./chunk-VF6AISTN.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-4LAIPVC4.js";
import "./chunk-52BIIBHA.js";
import "./chunk-7G574FSR.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
