import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-WYDYHZMK.js";
import "./chunk-PKH7KRXF.js";
import "./chunk-TAZ3ZF5X.js";
import "./chunk-PE644PI2.js";
import "./chunk-SYKZ52SR.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-S2MOMLCV.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-6QQGJSVV.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-ZIM72PK5.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-T64N4H43.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-2CIO45OS.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
