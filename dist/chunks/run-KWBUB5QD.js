import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-53KD6IVQ.js";
import "./chunk-Q73OYHUY.js";
import "./chunk-GZXSEK4Z.js";
import "./chunk-Y3GUX643.js";
import "./chunk-4DIDHIL6.js";
import "./chunk-WZLYZALS.js";
import "./chunk-FA4FYTY3.js";
import "./chunk-ZMGYOZNT.js";
import "./chunk-DFSPTJV3.js";
import "./chunk-M6UJUGK7.js";
import "./chunk-YIRFD54O.js";
import "./chunk-CWIRDSU4.js";
import "./chunk-AE5DO6G6.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-WXJ7XV3Y.js";
import "./chunk-FS37EYFI.js";
import "./chunk-BGL2QQSB.js";
import "./chunk-6XMZHWHS.js";
import "./chunk-PMBLQ4NN.js";
import "./chunk-EJWZYWU2.js";
import "./chunk-BXIQYFO2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-6WQNBE2B.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-F2GBI2R4.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-BKRAZZQH.js";
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
