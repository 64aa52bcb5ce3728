import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  runRunCli
} from "./chunk-63QPAHXV.js";
import "./chunk-HDOU54DQ.js";
import "./chunk-SE2WCH6I.js";
import "./chunk-J3NAFVK3.js";
import "./chunk-5TZI6NO5.js";
import "./chunk-LPX66CZU.js";
import "./chunk-FWLZEUNY.js";
import "./chunk-SDYPDQL6.js";
import "./chunk-BQ7DSFBM.js";
import "./chunk-H77Q3T52.js";
import "./chunk-VMB323UN.js";
import "./chunk-HT5LNYZD.js";
import "./chunk-XS6DO6R7.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-7DZYB42E.js";
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
  positiveInt,
  runRunCli
};
