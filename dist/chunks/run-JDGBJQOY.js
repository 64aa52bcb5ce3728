import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  positiveInt,
  runRunCli
} from "./chunk-IH5F56VL.js";
import "./chunk-RXSTFY2X.js";
import "./chunk-4JJTXJHI.js";
import "./chunk-J3NAFVK3.js";
import "./chunk-UNIX4NAV.js";
import "./chunk-SZ6FLWAI.js";
import "./chunk-SITOAHUL.js";
import "./chunk-QJH2QKE7.js";
import "./chunk-3U6MLBNG.js";
import "./chunk-PTB34XYC.js";
import "./chunk-5BYQ37QK.js";
import "./chunk-KIDCEQNY.js";
import "./chunk-XS6DO6R7.js";
import "./chunk-2EN6TGGC.js";
import "./chunk-C3HU7JC5.js";
import "./chunk-BG63XYT4.js";
import "./chunk-TY6GFXKH.js";
import "./chunk-QTXD54PU.js";
import "./chunk-LFIJESWW.js";
import "./chunk-7NUL4TFU.js";
import "./chunk-CI4ZJUK3.js";
import "./chunk-4YLUH5ZQ.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-ECU7LFR2.js";
import "./chunk-ZUKFLNHZ.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-2XNPRFH2.js";
import "./chunk-BILKXZIS.js";
import "./chunk-FE3L4AUT.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-6HX7CX5N.js";
import "./chunk-5GPLSX4I.js";
import "./chunk-MYGG36MX.js";
import "./chunk-R67YGLQI.js";
import "./chunk-HZGLYA5U.js";
export {
  positiveInt,
  runRunCli
};
