import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-2XCK4QFS.js";
import "./chunk-NS4QCQSH.js";
import "./chunk-4QNWLTBX.js";
import "./chunk-BNQ7YMPO.js";
import "./chunk-XLR7UWNJ.js";
import "./chunk-AW6FJY26.js";
import "./chunk-3A2C2LMS.js";
import "./chunk-4L55RL6O.js";
import "./chunk-7C7Y4KDF.js";
import "./chunk-QMFQMPOG.js";
import "./chunk-LWHRA6DE.js";
import "./chunk-BJDIBYXZ.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-ILY7N56P.js";
import "./chunk-DKSJFNQO.js";
import "./chunk-7S7LXDPK.js";
import "./chunk-PE644PI2.js";
import "./chunk-6YFOOBGD.js";
import "./chunk-CNXI3FCQ.js";
import "./chunk-IMFQHGCF.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-JPWVGDQB.js";
import "./chunk-4W3VKHJE.js";
import "./chunk-SZURYD4L.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-NBPHZLU4.js";
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
