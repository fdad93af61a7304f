// Written by packages/contracts/scripts/answer-validators.ts from the contracts' schemas.
export const apiError = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.code !== undefined && hasOwn(data, "code"))) return false
  if (!(data.message !== undefined && hasOwn(data, "message"))) return false
  if (!(typeof data.code === "string")) return false
  if (!(typeof data.message === "string")) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "code" && key0 !== "message") delete data[key0]
  }
  return true
};
return ref0})();;

export const rate = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.usdPerHbar !== undefined && hasOwn(data, "usdPerHbar"))) return false
  if (!(data.fetchedAt !== undefined && hasOwn(data, "fetchedAt"))) return false
  if (!(typeof data.usdPerHbar === "number")) return false
  if (!(typeof data.fetchedAt === "string")) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "usdPerHbar" && key0 !== "fetchedAt") delete data[key0]
  }
  return true
};
return ref0})();;

export const ledgerInfo = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.network !== undefined && hasOwn(data, "network"))) return false
  if (!(data.treasuryAccountId !== undefined && hasOwn(data, "treasuryAccountId"))) return false
  if (!(data.walletConnectProjectId !== undefined && hasOwn(data, "walletConnectProjectId"))) return false
  if (!(data.mirrorNodeUrl !== undefined && hasOwn(data, "mirrorNodeUrl"))) return false
  if (!(typeof data.network === "string")) return false
  if (!(typeof data.treasuryAccountId === "string")) return false
  if (!(typeof data.walletConnectProjectId === "string" || data.walletConnectProjectId === null)) return false
  if (!(typeof data.mirrorNodeUrl === "string")) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "network" && key0 !== "treasuryAccountId" && key0 !== "walletConnectProjectId" && key0 !== "mirrorNodeUrl") delete data[key0]
  }
  return true
};
return ref0})();;

export const tldList = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const pattern0 = new RegExp("^[a-z0-9]{1,20}$", "u");
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.tlds !== undefined && hasOwn(data, "tlds"))) return false
  if (!Array.isArray(data.tlds)) return false
  for (let i = 0; i < data.tlds.length; i++) {
    if (data.tlds[i] !== undefined && hasOwn(data.tlds, i)) {
      if (!(typeof data.tlds[i] === "object" && data.tlds[i] && !Array.isArray(data.tlds[i]))) return false
      if (!(data.tlds[i].itemName !== undefined && hasOwn(data.tlds[i], "itemName"))) return false
      if (!(typeof data.tlds[i].itemName === "string")) return false
      if (!(pattern0.test(data.tlds[i].itemName))) return false
      for (const key0 of Object.keys(data.tlds[i])) {
        if (key0 !== "itemName") delete data.tlds[i][key0]
      }
    }
  }
  for (const key1 of Object.keys(data)) {
    if (key1 !== "tlds") delete data[key1]
  }
  return true
};
return ref0})();;

export const availability = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.name !== undefined && hasOwn(data, "name"))) return false
  if (!(data.status !== undefined && hasOwn(data, "status"))) return false
  if (!(data.available !== undefined && hasOwn(data, "available"))) return false
  if (!(data.reserved !== undefined && hasOwn(data, "reserved"))) return false
  if (!(data.networkDown !== undefined && hasOwn(data, "networkDown"))) return false
  if (!(data.price !== undefined && hasOwn(data, "price"))) return false
  if (!(data.priceUsd !== undefined && hasOwn(data, "priceUsd"))) return false
  if (!(typeof data.name === "string")) return false
  if (!(typeof data.status === "number")) return false
  if (!(data.status === 1 || data.status === 0 || data.status === -9)) return false
  if (!(typeof data.available === "boolean")) return false
  if (!(typeof data.reserved === "boolean")) return false
  if (!(typeof data.networkDown === "boolean")) return false
  if (data.msg !== undefined && hasOwn(data, "msg")) {
    if (!(typeof data.msg === "string")) return false
  }
  if (!(typeof data.price === "number" || data.price === null)) return false
  if (!(typeof data.priceUsd === "number" || data.priceUsd === null)) return false
  if (data.premium !== undefined && hasOwn(data, "premium")) {
    if (!(typeof data.premium === "object" && data.premium && !Array.isArray(data.premium))) return false
    if (!(data.premium.price !== undefined && hasOwn(data.premium, "price"))) return false
    if (!(data.premium.priceUsd !== undefined && hasOwn(data.premium, "priceUsd"))) return false
    if (!(data.premium.endsOn !== undefined && hasOwn(data.premium, "endsOn"))) return false
    if (!(typeof data.premium.price === "number")) return false
    if (!(typeof data.premium.priceUsd === "number")) return false
    if (!(typeof data.premium.endsOn === "string")) return false
    for (const key0 of Object.keys(data.premium)) {
      if (key0 !== "price" && key0 !== "priceUsd" && key0 !== "endsOn") delete data.premium[key0]
    }
  }
  for (const key1 of Object.keys(data)) {
    if (key1 !== "name" && key1 !== "status" && key1 !== "available" && key1 !== "reserved" && key1 !== "networkDown" && key1 !== "msg" && key1 !== "price" && key1 !== "priceUsd" && key1 !== "premium") delete data[key1]
  }
  return true
};
return ref0})();;

export const suggestions = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.suggestions !== undefined && hasOwn(data, "suggestions"))) return false
  if (!Array.isArray(data.suggestions)) return false
  for (let i = 0; i < data.suggestions.length; i++) {
    if (data.suggestions[i] !== undefined && hasOwn(data.suggestions, i)) {
      if (!(typeof data.suggestions[i] === "object" && data.suggestions[i] && !Array.isArray(data.suggestions[i]))) return false
      if (!(data.suggestions[i].id !== undefined && hasOwn(data.suggestions[i], "id"))) return false
      if (!(data.suggestions[i].name !== undefined && hasOwn(data.suggestions[i], "name"))) return false
      if (!(data.suggestions[i].price !== undefined && hasOwn(data.suggestions[i], "price"))) return false
      if (!(data.suggestions[i].priceUsd !== undefined && hasOwn(data.suggestions[i], "priceUsd"))) return false
      if (!(data.suggestions[i].similarity !== undefined && hasOwn(data.suggestions[i], "similarity"))) return false
      if (!(Number.isInteger(data.suggestions[i].id))) return false
      if (!(-9007199254740991 <= data.suggestions[i].id)) return false
      if (!(9007199254740991 >= data.suggestions[i].id)) return false
      if (!(typeof data.suggestions[i].name === "string")) return false
      if (!(typeof data.suggestions[i].price === "number")) return false
      if (!(typeof data.suggestions[i].priceUsd === "number")) return false
      if (!(Number.isInteger(data.suggestions[i].similarity))) return false
      if (!(0 <= data.suggestions[i].similarity)) return false
      if (!(100 >= data.suggestions[i].similarity)) return false
      if (data.suggestions[i].premium !== undefined && hasOwn(data.suggestions[i], "premium")) {
        if (!(typeof data.suggestions[i].premium === "object" && data.suggestions[i].premium && !Array.isArray(data.suggestions[i].premium))) return false
        if (!(data.suggestions[i].premium.price !== undefined && hasOwn(data.suggestions[i].premium, "price"))) return false
        if (!(data.suggestions[i].premium.priceUsd !== undefined && hasOwn(data.suggestions[i].premium, "priceUsd"))) return false
        if (!(data.suggestions[i].premium.endsOn !== undefined && hasOwn(data.suggestions[i].premium, "endsOn"))) return false
        if (!(typeof data.suggestions[i].premium.price === "number")) return false
        if (!(typeof data.suggestions[i].premium.priceUsd === "number")) return false
        if (!(typeof data.suggestions[i].premium.endsOn === "string")) return false
        for (const key0 of Object.keys(data.suggestions[i].premium)) {
          if (key0 !== "price" && key0 !== "priceUsd" && key0 !== "endsOn") delete data.suggestions[i].premium[key0]
        }
      }
      for (const key1 of Object.keys(data.suggestions[i])) {
        if (key1 !== "id" && key1 !== "name" && key1 !== "price" && key1 !== "priceUsd" && key1 !== "similarity" && key1 !== "premium") delete data.suggestions[i][key1]
      }
    }
  }
  for (const key2 of Object.keys(data)) {
    if (key2 !== "suggestions") delete data[key2]
  }
  return true
};
return ref0})();;

export const taken = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.taken !== undefined && hasOwn(data, "taken"))) return false
  if (!Array.isArray(data.taken)) return false
  for (let i = 0; i < data.taken.length; i++) {
    if (data.taken[i] !== undefined && hasOwn(data.taken, i)) {
      if (!(typeof data.taken[i] === "object" && data.taken[i] && !Array.isArray(data.taken[i]))) return false
      if (!(data.taken[i].itemName !== undefined && hasOwn(data.taken[i], "itemName"))) return false
      if (!(typeof data.taken[i].itemName === "string")) return false
      for (const key0 of Object.keys(data.taken[i])) {
        if (key0 !== "itemName") delete data.taken[i][key0]
      }
    }
  }
  if (data.premiums !== undefined && hasOwn(data, "premiums")) {
    if (!Array.isArray(data.premiums)) return false
    for (let j = 0; j < data.premiums.length; j++) {
      if (data.premiums[j] !== undefined && hasOwn(data.premiums, j)) {
        if (!(typeof data.premiums[j] === "object" && data.premiums[j] && !Array.isArray(data.premiums[j]))) return false
        if (!(data.premiums[j].itemName !== undefined && hasOwn(data.premiums[j], "itemName"))) return false
        if (!(data.premiums[j].price !== undefined && hasOwn(data.premiums[j], "price"))) return false
        if (!(data.premiums[j].priceUsd !== undefined && hasOwn(data.premiums[j], "priceUsd"))) return false
        if (!(data.premiums[j].endsOn !== undefined && hasOwn(data.premiums[j], "endsOn"))) return false
        if (!(typeof data.premiums[j].itemName === "string")) return false
        if (!(typeof data.premiums[j].price === "number")) return false
        if (!(typeof data.premiums[j].priceUsd === "number")) return false
        if (!(typeof data.premiums[j].endsOn === "string")) return false
        for (const key1 of Object.keys(data.premiums[j])) {
          if (key1 !== "itemName" && key1 !== "price" && key1 !== "priceUsd" && key1 !== "endsOn") delete data.premiums[j][key1]
        }
      }
    }
  }
  for (const key2 of Object.keys(data)) {
    if (key2 !== "taken" && key2 !== "premiums") delete data[key2]
  }
  return true
};
return ref0})();;

export const challenge = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.nonce !== undefined && hasOwn(data, "nonce"))) return false
  if (!(data.message !== undefined && hasOwn(data, "message"))) return false
  if (!(data.expiresAt !== undefined && hasOwn(data, "expiresAt"))) return false
  if (!(typeof data.nonce === "string")) return false
  if (!(typeof data.message === "string")) return false
  if (!(typeof data.expiresAt === "string")) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "nonce" && key0 !== "message" && key0 !== "expiresAt") delete data[key0]
  }
  return true
};
return ref0})();;

export const session = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.accountId !== undefined && hasOwn(data, "accountId"))) return false
  if (!(data.expiresAt !== undefined && hasOwn(data, "expiresAt"))) return false
  if (!(typeof data.accountId === "string")) return false
  if (!(typeof data.expiresAt === "string")) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "accountId" && key0 !== "expiresAt") delete data[key0]
  }
  return true
};
return ref0})();;

export const signedInAccount = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.accountId !== undefined && hasOwn(data, "accountId"))) return false
  if (!(typeof data.accountId === "string")) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "accountId") delete data[key0]
  }
  return true
};
return ref0})();;

export const logoutEverywhere = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.ended !== undefined && hasOwn(data, "ended"))) return false
  if (!Number.isInteger(data.ended)) return false
  if (!(-9007199254740991 <= data.ended)) return false
  if (!(9007199254740991 >= data.ended)) return false
  for (const key0 of Object.keys(data)) {
    if (key0 !== "ended") delete data[key0]
  }
  return true
};
return ref0})();;

export const remotesList = (function() {
'use strict'
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const stringLength = (string) =>
  /[\uD800-\uDFFF]/.test(string) ? [...string].length : string.length;
const ref0 = function validate(data) {
  if (!(typeof data === "object" && data && !Array.isArray(data))) return false
  if (!(data.remotes !== undefined && hasOwn(data, "remotes"))) return false
  if (!Array.isArray(data.remotes)) return false
  for (let i = 0; i < data.remotes.length; i++) {
    if (data.remotes[i] !== undefined && hasOwn(data.remotes, i)) {
      if (!(typeof data.remotes[i] === "object" && data.remotes[i] && !Array.isArray(data.remotes[i]))) return false
      if (!(data.remotes[i].name !== undefined && hasOwn(data.remotes[i], "name"))) return false
      if (!(data.remotes[i].entry !== undefined && hasOwn(data.remotes[i], "entry"))) return false
      if (!(typeof data.remotes[i].name === "string")) return false
      if (!(data.remotes[i].name === "search" || data.remotes[i].name === "cart_checkout" || data.remotes[i].name === "my_domains" || data.remotes[i].name === "profile" || data.remotes[i].name === "resolver")) return false
      if (!(typeof data.remotes[i].entry === "string")) return false
      if (data.remotes[i].entry.length < 1 || stringLength(data.remotes[i].entry) < 1) return false
      if (data.remotes[i].version !== undefined && hasOwn(data.remotes[i], "version")) {
        if (!(typeof data.remotes[i].version === "string")) return false
      }
      if (data.remotes[i].integrity !== undefined && hasOwn(data.remotes[i], "integrity")) {
        if (!(typeof data.remotes[i].integrity === "string")) return false
      }
      if (data.remotes[i].build !== undefined && hasOwn(data.remotes[i], "build")) {
        if (!(typeof data.remotes[i].build === "object" && data.remotes[i].build && !Array.isArray(data.remotes[i].build))) return false
        if (!(data.remotes[i].build.contracts !== undefined && hasOwn(data.remotes[i].build, "contracts"))) return false
        if (!(data.remotes[i].build.bus !== undefined && hasOwn(data.remotes[i].build, "bus"))) return false
        if (!(typeof data.remotes[i].build.contracts === "string")) return false
        if (!(typeof data.remotes[i].build.bus === "string")) return false
        for (const key0 of Object.keys(data.remotes[i].build)) {
          if (key0 !== "contracts" && key0 !== "bus") delete data.remotes[i].build[key0]
        }
      }
      for (const key1 of Object.keys(data.remotes[i])) {
        if (key1 !== "name" && key1 !== "entry" && key1 !== "version" && key1 !== "integrity" && key1 !== "build") delete data.remotes[i][key1]
      }
    }
  }
  for (const key2 of Object.keys(data)) {
    if (key2 !== "remotes") delete data[key2]
  }
  return true
};
return ref0})();;

