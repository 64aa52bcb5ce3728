import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-XLQO77HH.js";
import "./chunk-5TZI6NO5.js";
import "./chunk-FWLZEUNY.js";
import "./chunk-BQ7DSFBM.js";
import "./chunk-HT5LNYZD.js";
import "./chunk-LFIJESWW.js";
import "./chunk-CI4ZJUK3.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-QTYGV3OB.js";
import "./chunk-6HX7CX5N.js";
import "./chunk-5GPLSX4I.js";
import "./chunk-7AHWRLRO.js";
import "./chunk-R67YGLQI.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
