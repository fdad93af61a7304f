/** Bytes as base64, in the browser and in Node alike (wallets exchange signatures and transactions so). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
