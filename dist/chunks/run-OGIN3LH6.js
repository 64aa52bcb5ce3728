import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-46MW5MXB.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-OUVMEEXC.js";
import "./chunk-BNQ7YMPO.js";
import "./chunk-XLR7UWNJ.js";
import "./chunk-NVCY75MA.js";
import "./chunk-KLTJAQ6T.js";
import "./chunk-EYOGOC5H.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-SIVAJR4A.js";
import "./chunk-D3UDOQUW.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-CREJC3F7.js";
import "./chunk-4HNW3SK5.js";
import "./chunk-ZBO3TEMG.js";
import "./chunk-PE644PI2.js";
import "./chunk-6YFOOBGD.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-BDXE3YOT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-JPWVGDQB.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-ZIM72PK5.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-X4YP4R2Z.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-52BIIBHA.js";
import "./chunk-3XGPIUTF.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-ILF6MLZN.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
