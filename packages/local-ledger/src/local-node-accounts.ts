import { PrivateKey } from '@hashgraph/sdk';

/**
 * The development accounts hiero-local-node (v2.40.0, Apache-2.0) makes at start-up, with the same ids
 * and keys, so that a `.env` or a tutorial written for it works here unchanged: its operator 0.0.2, and
 * ten funded accounts each of ECDSA keys (0.0.1002–0.0.1011), ECDSA keys with their EVM address as
 * alias (0.0.1012–0.0.1021) and Ed25519 keys (0.0.1022–0.0.1031). The keys are its
 * `src/configuration/accountConfiguration.json`; the ids and the order are what its README prints.
 * Development only: these keys are public.
 */
export const LOCAL_NODE_OPERATOR_KEY =
  '302e020100300506032b65700422042091132178e72057a1d7528025956fe39b0b847f200ab59b2fdd367017f3087137';

const ECDSA_KEYS = [
  '7f109a9e3b0d8ecfba9cc23a3614433ce0fa7ddcc80f2a8f10b222179a5a80d6',
  '6ec1f2e7d126a74a1d2ff9e1c5d90b92378c725e506651ff8bb8616a5c724628',
  'b4d7f7e82f61d81c95985771b8abf518f9328d019c36849d4214b5f995d13814',
  '941536648ac10d5734973e94df413c17809d6cc5e24cd11e947e685acfbd12ae',
  '5829cf333ef66b6bdd34950f096cb24e06ef041c5f63e577b4f3362309125863',
  '8fc4bffe2b40b2b7db7fd937736c4575a0925511d7a0a2dfc3274e8c17b41d20',
  'b6c10e2baaeba1fa4a8b73644db4f28f4bf0912cceb6e8959f73bb423c33bd84',
  'fe8875acb38f684b2025d5472445b8e4745705a9e7adc9b0485a05df790df700',
  'bdc6e0a69f2921a78e9af930111334a41d3fab44653c8de0775572c526feea2d',
  '3e215c3d2a59626a669ed04ec1700f36c05c9b216e592f58bbfd3d8aa6ea25f9',
];
const ALIAS_ECDSA_KEYS = [
  '105d050185ccb907fba04dd92d8de9e32c18305e097ab41dadda21489a211524',
  '2e1d968b041d84dd120a5860cee60cd83f9374ef527ca86996317ada3d0d03e7',
  '45a5a7108a18dd5013cf2d5857a28144beadc9c70b3bdbd914e38df4e804b8d8',
  '6e9d61a325be3f6675cf8b7676c70e4a004d2308e3e182370a41f5653d52c6bd',
  '0b58b1bd44469ac9f813b5aeaf6213ddaea26720f0b2f133d08b6f234130a64f',
  '95eac372e0f0df3b43740fa780e62458b2d2cc32d6a440877f1cc2a9ad0c35cc',
  '6c6e6727b40c8d4b616ab0d26af357af09337299f09c66704146e14236972106',
  '5072e7aa1b03f531b4731a32a021f6a5d20d5ddc4e55acbb71ae202fc6f3a26d',
  '60fe891f13824a2c1da20fb6a14e28fa353421191069ba6b6d09dd6c29b90eff',
  'eae4e00ece872dd14fb6dc7a04f390563c7d69d16326f2a703ec8e0934060cc7',
];
const ED25519_KEYS = [
  'a608e2130a0a3cb34f86e757303c862bee353d9ab77ba4387ec084f881d420d4',
  'bbd0894de0b4ecfa862e963825c5448d2d17f807a16869526bff29185747acdb',
  '8fd50f886a2e7ed499e7686efd1436b50aa9b64b26e4ecc4e58ca26e6257b67d',
  '62c966ebd9dcc0fc16a553b2ef5b72d1dca05cdf5a181027e761171e9e947420',
  '805c9f422fd9a768fdd8c68f4fe0c3d4a93af714ed147ab6aed5f0ee8e9ee165',
  'abfdb8bf0b46c0da5da8d764316f27f185af32357689f7e19cb9ec3e0f590775',
  'ec299c9f17bb8bdd5f3a21f1c2bffb3ac86c22e84c325e92139813639c9c3507',
  'cb833706d1df537f59c418a00e36159f67ce3760ce6bf661f11f6da2b11c2c5a',
  '9b6adacefbbecff03e4359098d084a3af8039ce7f29d95ed28c7ebdb83740c83',
  '9a07bbdbb62e24686d2a4259dc88e38438e2c7a1ba167b147ad30ac540b0a3cd',
];

/** Each account's starting balance: 10,000 HBAR, as hiero-local-node's default `--balance`. */
export const LOCAL_NODE_ACCOUNT_TINYBARS = 10_000n * 100_000_000n;
const FIRST_ACCOUNT_NUM = 1002;

export type LocalNodeAccount = {
  accountNum: number;
  kind: 'ECDSA' | 'Alias ECDSA' | 'ED25519';
  privateKey: PrivateKey;
  /** The alias the account was made with: its key's EVM address (Alias ECDSA accounts only). */
  evmAddress: string | null;
};

export function localNodeAccounts(): LocalNodeAccount[] {
  const groups: Array<[LocalNodeAccount['kind'], string[]]> = [
    ['ECDSA', ECDSA_KEYS],
    ['Alias ECDSA', ALIAS_ECDSA_KEYS],
    ['ED25519', ED25519_KEYS],
  ];
  return groups.flatMap(([kind, keys], group) =>
    keys.map((hex, index) => {
      const privateKey =
        kind === 'ED25519' ? PrivateKey.fromStringED25519(hex) : PrivateKey.fromStringECDSA(hex);
      return {
        accountNum: FIRST_ACCOUNT_NUM + group * keys.length + index,
        kind,
        privateKey,
        evmAddress: kind === 'Alias ECDSA' ? privateKey.publicKey.toEvmAddress().toLowerCase() : null,
      };
    }),
  );
}

/** The last account number they take: new entities are numbered after it. */
export const LAST_LOCAL_NODE_ACCOUNT_NUM = FIRST_ACCOUNT_NUM + 30 - 1;
