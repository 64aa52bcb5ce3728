import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-LB4JYRIL.js";
import "./chunk-XLR7UWNJ.js";
import "./chunk-3A2C2LMS.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-NBPHZLU4.js";
import "./chunk-52BIIBHA.js";
import "./chunk-3XGPIUTF.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
