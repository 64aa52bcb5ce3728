import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-ILY7N56P.js";
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
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
