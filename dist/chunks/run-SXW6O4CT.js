import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-ESGBDWFI.js";
import "./chunk-W2HU2CEX.js";
import "./chunk-6H5RBE2K.js";
import "./chunk-Y3GUX643.js";
import "./chunk-EMT5TE6A.js";
import "./chunk-OL4J55LH.js";
import "./chunk-HBMKOXBS.js";
import "./chunk-XRSUZEO5.js";
import "./chunk-5ECEAOCN.js";
import "./chunk-7QAMMAPX.js";
import "./chunk-WEYXXYYJ.js";
import "./chunk-Y5J3QYCN.js";
import "./chunk-AE5DO6G6.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-E6D233CN.js";
import "./chunk-4SKBVB5D.js";
import "./chunk-KJ4G3XOR.js";
import "./chunk-6E3UAJQE.js";
import "./chunk-M7BFDM3G.js";
import "./chunk-7EWCWXCX.js";
import "./chunk-BXIQYFO2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-2WXLZ4U2.js";
import "./chunk-P6UIWKRV.js";
import "./chunk-F2GBI2R4.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-T64N4H43.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-RQ5IYXXX.js";
import "./chunk-QBLAHHS7.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-5BIHGVSQ.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
