import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  readTrialVerdict,
  runRunCli
} from "./chunk-YM4TMMAA.js";
import "./chunk-7WD33CYQ.js";
import "./chunk-PYJ2QAHF.js";
import "./chunk-CAEV4BU2.js";
import "./chunk-G5P3AIA3.js";
import "./chunk-YHWYGXSE.js";
import "./chunk-WN42HHZS.js";
import "./chunk-VJ4GBUHA.js";
import "./chunk-3X5QYOJU.js";
import "./chunk-FMWH56VQ.js";
import "./chunk-CH226LGY.js";
import "./chunk-PTI65PKG.js";
import "./chunk-57T6KFDY.js";
import "./chunk-PE644PI2.js";
import "./chunk-R44FYGWJ.js";
import "./chunk-XPWIAWWY.js";
import "./chunk-CZ4KWM6K.js";
import "./chunk-VEOIS6EY.js";
import "./chunk-ZPCT75I2.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ROSEVTG4.js";
import "./chunk-7WOU4S3C.js";
import "./chunk-VBXPJHBB.js";
import "./chunk-N2LDRUOD.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-BILKXZIS.js";
import "./chunk-UTZOOBET.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-OISKPIK4.js";
import "./chunk-WDXUUF42.js";
import "./chunk-Y7EF4BNJ.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  readTrialVerdict,
  runRunCli
};
