import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-XKORMKQA.js";
import "./chunk-2RHGGJCU.js";
import "./chunk-EZ2OJO64.js";
import "./chunk-WY3Q2EW2.js";
import "./chunk-7ESKOT7A.js";
import "./chunk-T37LI3RN.js";
import "./chunk-JUQVHBCJ.js";
import "./chunk-35ON47SL.js";
import "./chunk-VF6AISTN.js";
import "./chunk-PF3L4HTP.js";
import "./chunk-3IXR46LD.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-2QJS226F.js";
import "./chunk-SDVDOITZ.js";
import "./chunk-TTFFURL3.js";
import "./chunk-PE644PI2.js";
import "./chunk-N2226UYM.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-W76B53HS.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-TBNYVKTQ.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-PHNKIRJB.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-4LAIPVC4.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-52BIIBHA.js";
import "./chunk-7G574FSR.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
