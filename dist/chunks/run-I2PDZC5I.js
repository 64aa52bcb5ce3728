import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-XP2GZQ5M.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-PHGNFHW2.js";
import "./chunk-RE6GIZQW.js";
import "./chunk-HMMPAN3E.js";
import "./chunk-H6VO3F5V.js";
import "./chunk-PFDYKJR6.js";
import "./chunk-VXRJZ4AO.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-MI5XHFZM.js";
import "./chunk-G4FVJPAQ.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-WYDYHZMK.js";
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
  positiveInt,
  readTrialVerdict,
  runRunCli
};
