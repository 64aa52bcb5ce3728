import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-5C6WPWHU.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-GLX22EIW.js";
import "./chunk-RE6GIZQW.js";
import "./chunk-HMMPAN3E.js";
import "./chunk-KDADDGMF.js";
import "./chunk-PFDYKJR6.js";
import "./chunk-6QPFZZEE.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-D2DXIAQG.js";
import "./chunk-G4FVJPAQ.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-HZEFPCST.js";
import "./chunk-NX2G5PDP.js";
import "./chunk-LVCIVBMO.js";
import "./chunk-PE644PI2.js";
import "./chunk-SYKZ52SR.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-I43OT7MR.js";
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
