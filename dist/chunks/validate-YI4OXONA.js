import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-TR6WYOZD.js";
import "./chunk-FKNNXZQO.js";
import "./chunk-S3JPQYMM.js";
import "./chunk-PE644PI2.js";
import "./chunk-ZAJVZRAV.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-DW4KUMAM.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-OCNRVV2E.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-N2LDRUOD.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-VRY22N4W.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-5GMOQW7S.js";
import "./chunk-5KLN4BAU.js";
import "./chunk-3YYS24WE.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
};
