import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-DK2Y3MD6.js";
import "./chunk-55RWQ2CI.js";
import "./chunk-L75NUEM6.js";
import "./chunk-U57AUHNM.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-XBUM7SOG.js";
import "./chunk-52BIIBHA.js";
import "./chunk-NYMU3U3S.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
