import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-JLJLYUAP.js";
import "./chunk-TR6WYOZD.js";
import "./chunk-CLAUCY56.js";
import "./chunk-VDGHO55H.js";
import "./chunk-Q3QXZX4W.js";
import "./chunk-5CXYC3JL.js";
import "./chunk-7PTL2OJM.js";
import "./chunk-FKNNXZQO.js";
import "./chunk-RXSRP5MO.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-WZJLBJBF.js";
import "./chunk-BQPSR4B2.js";
import "./chunk-S3JPQYMM.js";
import "./chunk-PE644PI2.js";
import "./chunk-ZAJVZRAV.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-J2OAZCIF.js";
import "./chunk-DW4KUMAM.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-OCNRVV2E.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-N2LDRUOD.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-BILKXZIS.js";
import "./chunk-VRY22N4W.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-5GMOQW7S.js";
import "./chunk-5KLN4BAU.js";
import "./chunk-3YYS24WE.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
