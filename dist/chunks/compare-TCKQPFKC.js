import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-6BAUU6WN.js";
import "./chunk-CAEV4BU2.js";
import "./chunk-3X5QYOJU.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-PE644PI2.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-UTZOOBET.js";
import "./chunk-OISKPIK4.js";
import "./chunk-WDXUUF42.js";
import "./chunk-Y7EF4BNJ.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
