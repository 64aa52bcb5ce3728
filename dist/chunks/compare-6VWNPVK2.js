import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  runCompareCli,
  writeOutput
} from "./chunk-I4XERX4F.js";
import "./chunk-KOH6P4RQ.js";
import "./chunk-7SUBNYKI.js";
import "./chunk-THJ3K27E.js";
import "./chunk-LHVQ7BFE.js";
import "./chunk-LCBCOSNX.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-NAP725RQ.js";
import "./chunk-6FEWE2YT.js";
import "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-GPT4AU5Q.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";
export {
  runCompareCli,
  writeOutput
};
