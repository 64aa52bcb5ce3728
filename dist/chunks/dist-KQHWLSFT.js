import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  Decrypter,
  Encrypter,
  Stanza,
  armor_exports,
  generateHybridIdentity,
  generateIdentity,
  generateX25519Identity,
  identityToRecipient,
  webauthn_exports
} from "./chunk-QPX4YP7G.js";
import "./chunk-HZGLYA5U.js";
export {
  Decrypter,
  Encrypter,
  Stanza,
  armor_exports as armor,
  generateHybridIdentity,
  generateIdentity,
  generateX25519Identity,
  identityToRecipient,
  webauthn_exports as webauthn
};
