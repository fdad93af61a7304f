// Written by packages/contracts/scripts/answer-validators.ts from the contracts' schemas.

import type * as z from 'zod/mini';
import type { ApiErrorSchema } from '../api-error';
import type { RateSchema, LedgerInfoSchema } from '../network';
import type { TldListResponseSchema } from '../tld';
import type { AvailabilityResponseSchema, SuggestionsResponseSchema, TakenResponseSchema } from '../domains';
import type { ChallengeResponseSchema, SessionResponseSchema, SignedInAccountSchema, LogoutEverywhereResponseSchema } from '../auth';
import type { RemotesManifestSchema } from '../remote-list';

/** True when `data` is the answer; keys it does not declare are removed from it. */
export type AnswerValidator<T> = (data: unknown) => data is T;

export declare const apiError: AnswerValidator<z.output<typeof ApiErrorSchema>>;
export declare const rate: AnswerValidator<z.output<typeof RateSchema>>;
export declare const ledgerInfo: AnswerValidator<z.output<typeof LedgerInfoSchema>>;
export declare const tldList: AnswerValidator<z.output<typeof TldListResponseSchema>>;
export declare const availability: AnswerValidator<z.output<typeof AvailabilityResponseSchema>>;
export declare const suggestions: AnswerValidator<z.output<typeof SuggestionsResponseSchema>>;
export declare const taken: AnswerValidator<z.output<typeof TakenResponseSchema>>;
export declare const challenge: AnswerValidator<z.output<typeof ChallengeResponseSchema>>;
export declare const session: AnswerValidator<z.output<typeof SessionResponseSchema>>;
export declare const signedInAccount: AnswerValidator<z.output<typeof SignedInAccountSchema>>;
export declare const logoutEverywhere: AnswerValidator<z.output<typeof LogoutEverywhereResponseSchema>>;
export declare const remotesList: AnswerValidator<z.output<typeof RemotesManifestSchema>>;
