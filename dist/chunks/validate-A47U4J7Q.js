import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-7DZYB42E.js";
import "./chunk-PISEK6A3.js";
import "./chunk-WS3JFCMG.js";
import "./chunk-LFIJESWW.js";
import "./chunk-CDB44WQR.js";
import "./chunk-CI4ZJUK3.js";
import "./chunk-4YLUH5ZQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ECU7LFR2.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-QTYGV3OB.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-6HX7CX5N.js";
import "./chunk-5GPLSX4I.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-R67YGLQI.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
