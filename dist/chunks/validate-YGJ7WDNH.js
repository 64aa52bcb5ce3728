import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-CREJC3F7.js";
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
  isolationLine,
  renderValidation,
  runDemoCli,
  runValidateCli
};
