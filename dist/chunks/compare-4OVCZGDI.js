import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-WSOZENTK.js";
import "./chunk-55IZ4AO5.js";
import "./chunk-6RFQSCSE.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-PE644PI2.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-DQVI6QXJ.js";
import "./chunk-ALSGWK3K.js";
import "./chunk-PIYQKMKI.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-D556HICT.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
