// Custom fees as the ledger keeps and records them (see custom-fees.ts).

export type Shared = { collector: string; allCollectorsExempt: boolean };
/** A fixed amount: of HBAR (tinybars) when `tokenId` is null, else of that token's units. */
export type FixedAmount = { amount: string; tokenId: string | null };
/** A custom fee as a token keeps it (amounts as strings: int64). */
export type StoredFee =
  | (Shared & { kind: 'fixed' } & FixedAmount)
  | (Shared & {
      kind: 'fractional';
      numerator: string;
      denominator: string;
      minimum: string;
      /** 0: no maximum. */
      maximum: string;
      /** The sender pays it on top of what it sends (else the receivers get that much less). */
      netOfTransfers: boolean;
    })
  | (Shared & { kind: 'royalty'; numerator: string; denominator: string; fallback: FixedAmount | null });

/** A fixed fee a topic's messages pay its collector (HIP-991). */
export type TopicFee = FixedAmount & { collector: string };

/** A fee assessed on a transfer, as the record and the mirror's `assessed_custom_fees` list it. */
export type AssessedFee = {
  amount: number;
  collector_account_id: string;
  effective_payer_account_ids: string[];
  token_id: string | null;
};
