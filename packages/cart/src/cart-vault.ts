/**
 * Sealed local storage for the cart: values are encrypted with AES-GCM under a key made for this
 * browser. The key is created non-extractable and kept in IndexedDB, so it is neither in the bundle nor
 * readable by a script; storage edited by hand fails authentication and reads as unreadable.
 */
export type KeySource = () => Promise<CryptoKey>;

export class UnreadableValueError extends Error {
  constructor() {
    super('The stored value could not be read');
    this.name = 'UnreadableValueError';
  }
}

const DB_NAME = 'registry-keys';
const STORE = 'keys';
const CART_KEY_ID = 'cart';
/** Marks the format, so a value written by another version is recognised and dropped. */
const VERSION = 'v1';

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

/**
 * The browser's cart key from IndexedDB, made on first use. Made before the transaction (key generation
 * is not an IndexedDB request) and stored only when none exists, in one read-write transaction, so two
 * tabs opening at once end with the same key.
 */
export const indexedDbKey: KeySource = async () => {
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  try {
    return await new Promise<CryptoKey>((resolve, reject) => {
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      const existing = store.get(CART_KEY_ID);
      existing.onsuccess = () => {
        if (existing.result) return resolve(existing.result as CryptoKey);
        store.put(fresh, CART_KEY_ID);
        transaction.oncomplete = () => resolve(fresh);
      };
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
};

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export type CartVault = {
  /** `value` as JSON, encrypted: a string to store. */
  seal(value: unknown): Promise<string>;
  /** A sealed value read back; throws `UnreadableValueError` when it does not decrypt. */
  open(sealed: string): Promise<unknown>;
};

export function createCartVault(keySource: KeySource = indexedDbKey): CartVault {
  let key: Promise<CryptoKey> | null = null;
  const cryptoKey = () => (key ??= keySource());
  return {
    async seal(value) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = new TextEncoder().encode(JSON.stringify(value));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await cryptoKey(), plain),
      );
      return `${VERSION}.${toBase64(iv)}.${toBase64(sealed)}`;
    },
    async open(stored) {
      const [version, iv, sealed, ...rest] = stored.split('.');
      if (version !== VERSION || !iv || !sealed || rest.length > 0) throw new UnreadableValueError();
      const secret = await cryptoKey();
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(iv) },
          secret,
          fromBase64(sealed),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as unknown;
      } catch {
        throw new UnreadableValueError();
      }
    },
  };
}
