import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-6QPPUINZ.js";
import "./chunk-P5M3AJNE.js";
import "./chunk-6WY2ZIHL.js";
import "./chunk-U57AUHNM.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-XBUM7SOG.js";
import "./chunk-52BIIBHA.js";
import "./chunk-7G574FSR.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
