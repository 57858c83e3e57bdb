// The objectID of a search record, computed the same way by the build (records for the hosted
// index) and by the browser (hits of the local index), so a recent or favourite search names the
// same record whichever engine found it. It depends only on the record's URL (with its anchor),
// its type and its position in its section, so editing one section leaves every other id as is.

/** 64-bit hash (two 32-bit FNV-1a style lanes) as 16 hex digits: no crypto needed in the browser. */
export function recordObjectId(url: string, type: string, n: number): string {
  const s = `${url}|${type}|${n}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ h2;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) ^ h1;
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
