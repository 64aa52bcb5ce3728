import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-HW7IFZAH.js";
import "./chunk-UNIX4NAV.js";
import "./chunk-SITOAHUL.js";
import "./chunk-3U6MLBNG.js";
import "./chunk-KIDCEQNY.js";
import "./chunk-LFIJESWW.js";
import "./chunk-CI4ZJUK3.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-FE3L4AUT.js";
import "./chunk-6HX7CX5N.js";
import "./chunk-5GPLSX4I.js";
import "./chunk-MYGG36MX.js";
import "./chunk-R67YGLQI.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
