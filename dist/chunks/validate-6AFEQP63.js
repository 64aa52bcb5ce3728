import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
} from "./chunk-7WD33CYQ.js";
import "./chunk-VJ4GBUHA.js";
import "./chunk-57T6KFDY.js";
import "./chunk-PE644PI2.js";
import "./chunk-R44FYGWJ.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-VEOIS6EY.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ROSEVTG4.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-N2LDRUOD.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-UTZOOBET.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-OISKPIK4.js";
import "./chunk-WDXUUF42.js";
import "./chunk-Y7EF4BNJ.js";
import "./chunk-HZGLYA5U.js";
export {
  isolationLine,
  renderResetProof,
  renderValidation,
  runDemoCli,
  runValidateCli
};
