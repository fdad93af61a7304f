import ky, { HTTPError, type KyInstance } from 'ky';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { bus } from '@registry/bus';
import { answerChecks } from '@registry/contracts/answer-checks';
import type { ProfileUpdate } from '@registry/contracts/profile-update';
import type { RecordField } from '@registry/contracts/records';
import type { QuoteRequest } from '@registry/contracts/orders';

// The first load's answers are checked with the validators compiled from their schemas; the schemas
// of other pages (and the schema library) are loaded with their first call, alongside the request.
const profileSchemas = () => import('@registry/contracts/profile');
const recordSchemas = () => import('@registry/contracts/records');
const orderSchemas = () => import('@registry/contracts/orders');
const myDomainSchemas = () => import('@registry/contracts/my-domains');

export type ApiClientOptions = {
  /** Origin of the server; the page's own origin when omitted. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * Cookies go with every call by default (the session). A page on another origin calls the public
   * endpoints without them ('omit'): the server's CORS answer for those is `*`.
   */
  credentials?: RequestCredentials;
};

/** A failed call, with the server's `{ code, message }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

async function toApiRequestError(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body = await answerChecks.apiError['~standard'].validate(
      await error.response.json().catch(() => null),
    );
    throw new ApiRequestError(
      error.response.status,
      body.issues ? 'HTTP_ERROR' : body.value.code,
      body.issues ? `The server answered ${error.response.status}` : body.value.message,
    );
  }
  throw error;
}

/** The spec's status for an answer without data. */
export const INVALID_OPERATION_STATUS = -404;
const invalidOperation = () =>
  new ApiRequestError(INVALID_OPERATION_STATUS, 'INVALID_OPERATION', 'Invalid Operation');

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const name = (value: string) => encodeURIComponent(value);

/** Typed client of the server API: one function per endpoint, answers parsed with the contracts. */
export function createApiClient({
  baseUrl,
  fetch: fetchImpl,
  credentials = 'include',
}: ApiClientOptions = {}) {
  const http: KyInstance = ky.create({
    prefixUrl: `${baseUrl ?? globalThis.location?.origin ?? ''}/api`,
    credentials,
    retry: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    hooks: {
      afterResponse: [
        (_request, _options, response) => {
          // A 401 from any call: the shell clears what the browser stored.
          if (response.status === 401) bus.emit('session:expired', {});
        },
      ],
    },
  });

  const call = createCall(http);
  return {
    ...publicEndpoints(call),
    ...sessionEndpoints(call, http),
    ...myDomainEndpoints(call),
    ...recordEndpoints(call),
    ...orderEndpoints(call),
    ...profileEndpoints(call),
  };
}

/** One call: the answer parsed with its schema (loaded with the call when given as a loader). */
function createCall(http: KyInstance) {
  return async function call<S extends StandardSchemaV1>(
    schemaSource: S | (() => Promise<S>),
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    options: {
      json?: unknown;
      searchParams?: Record<string, string>;
      body?: Blob;
      headers?: Record<string, string>;
    } = {},
  ): Promise<StandardSchemaV1.InferOutput<S>> {
    const schema = typeof schemaSource === 'function' ? schemaSource() : Promise.resolve(schemaSource);
    let text: string;
    try {
      text = await (await http(path, { method, ...options })).text();
    } catch (error) {
      // The schema's chunk, asked for beside the request, is settled first: a call leaves nothing
      // running behind it, and a chunk that failed too is not left as an unhandled rejection.
      await schema.catch(() => undefined);
      return toApiRequestError(error);
    }
    const body = parseJson(text);
    // Spec section 7: an answer without (usable) data is -404 'Invalid Operation'.
    if (body === undefined || body === null) {
      await schema.catch(() => undefined);
      throw invalidOperation();
    }
    const checked = await (await schema)['~standard'].validate(body);
    if (checked.issues) throw invalidOperation();
    return checked.value;
  };
}

type Call = ReturnType<typeof createCall>;

/** What anyone may ask, signed in or not: names, the rate, the ledger, reverse and forward look-ups. */
function publicEndpoints(call: Call) {
  return {
    listTlds: () => call(answerChecks.tldList, 'get', 'tlds'),
    checkAvailability: (domainName: string) =>
      call(answerChecks.availability, 'get', 'domains/availability', { searchParams: { name: domainName } }),
    getSuggestions: (domainName: string) =>
      call(answerChecks.suggestions, 'get', 'domains/suggestions', { searchParams: { name: domainName } }),
    findTakenNames: (names: string[]) =>
      call(answerChecks.taken, 'post', 'domains/taken', { json: { names } }),
    getRate: () => call(answerChecks.rate, 'get', 'rate'),
    getLedgerInfo: () => call(answerChecks.ledgerInfo, 'get', 'ledger-info'),
    /** An account's primary name (public); a 404 when it has none. */
    reverseLookup: (accountId: string) =>
      call(
        () => recordSchemas().then((m) => m.ReverseResponseSchema),
        'get',
        `reverse/${encodeURIComponent(accountId)}`,
      ),
    resolveDomain: (domainName: string) =>
      call(() => recordSchemas().then((m) => m.ResolveResponseSchema), 'get', `resolve/${name(domainName)}`),
  };
}

/** Sign-in with a wallet signature, the session and its end. */
function sessionEndpoints(call: Call, http: KyInstance) {
  return {
    createSignInChallenge: (accountId: string) =>
      call(answerChecks.challenge, 'post', 'auth/challenge', { json: { accountId } }),
    verifySignIn: (input: { accountId: string; nonce: string; signatureMap: string }) =>
      call(answerChecks.session, 'post', 'auth/verify', { json: input }),
    getSession: () => call(answerChecks.signedInAccount, 'get', 'auth/session'),
    async logout(): Promise<void> {
      await http.post('auth/logout').catch(toApiRequestError);
    },
    /** Ends every session of the signed-in account, in every browser. */
    logoutEverywhere: () => call(answerChecks.logoutEverywhere, 'post', 'auth/logout-everywhere'),
  };
}

/** The signed-in account's names: lists, details, transfers, its primary name. */
function myDomainEndpoints(call: Call) {
  return {
    listMyDomains: () =>
      call(() => myDomainSchemas().then((m) => m.OwnedDomainListSchema), 'get', 'my/domains'),
    listMySubdomains: (parent: string) =>
      call(
        () => myDomainSchemas().then((m) => m.OwnedDomainListSchema),
        'get',
        `my/domains/${name(parent)}/subdomains`,
      ),
    listPendingDomains: () =>
      call(() => myDomainSchemas().then((m) => m.PendingDomainListSchema), 'get', 'my/pending-domains'),
    listOtherProviderDomains: (domainName?: string) =>
      call(
        () => myDomainSchemas().then((m) => m.OtherProviderDomainListSchema),
        'get',
        'my/other-domains',
        domainName ? { searchParams: { domainName } } : {},
      ),
    getDomainDetails: (domainName: string) =>
      call(
        () => myDomainSchemas().then((m) => m.DomainDetailSchema),
        'get',
        `my/domains/${name(domainName)}`,
      ),
    prepareTransfer: (domainName: string, to: string) =>
      call(
        () => myDomainSchemas().then((m) => m.TransferPlanSchema),
        'post',
        `my/domains/${name(domainName)}/transfer`,
        { json: { to } },
      ),
    refreshHolder: (domainName: string) =>
      call(
        () => myDomainSchemas().then((m) => m.DomainHolderSchema),
        'post',
        `my/domains/${name(domainName)}/holder`,
      ),
    /** The signed-in account's primary name (null when none stands). */
    getPrimaryName: () =>
      call(() => myDomainSchemas().then((m) => m.PrimaryNameSchema), 'get', 'my/primary-name'),
    setPrimaryName: (domainName: string) =>
      call(() => myDomainSchemas().then((m) => m.PrimaryNameSchema), 'put', 'my/primary-name', {
        json: { name: domainName },
      }),
    clearPrimaryName: () =>
      call(() => myDomainSchemas().then((m) => m.PrimaryNameSchema), 'delete', 'my/primary-name'),
  };
}

/** A name's records: read, change, activate. */
function recordEndpoints(call: Call) {
  return {
    getRecords: (domainName: string) =>
      call(
        () => recordSchemas().then((m) => m.DomainRecordsSchema),
        'get',
        `my/domains/${name(domainName)}/records`,
      ),
    updateRecord: (domainName: string, field: RecordField, value: string) =>
      call(
        () => recordSchemas().then((m) => m.DomainRecordsSchema),
        'put',
        `my/domains/${name(domainName)}/records`,
        { json: { field, value } },
      ),
    activateRecords: (domainName: string, flag: 'statusSiteAddress' | 'statusAssets') =>
      call(
        () => recordSchemas().then((m) => m.DomainRecordsSchema),
        'post',
        `my/domains/${name(domainName)}/records/status`,
        { json: { flag } },
      ),
  };
}

/** Paid actions: preview, quote, confirm, their state, deliveries, the claim, the history. */
function orderEndpoints(call: Call) {
  return {
    listOrders: () => call(() => myDomainSchemas().then((m) => m.OrderListSchema), 'get', 'my/orders'),
    previewOrder: (request: QuoteRequest) =>
      call(() => orderSchemas().then((m) => m.QuotePreviewSchema), 'post', 'orders/preview', {
        json: request,
      }),
    quoteOrder: (request: QuoteRequest) =>
      call(() => orderSchemas().then((m) => m.QuoteResponseSchema), 'post', 'orders/quote', {
        json: request,
      }),
    confirmOrder: (orderId: string, transactionId: string) =>
      call(() => orderSchemas().then((m) => m.ConfirmResponseSchema), 'post', 'orders/confirm', {
        json: { orderId, transactionId },
      }),
    /** The wallet refused to pay: the quote ends and its names are free again. */
    withdrawOrder: (orderId: string) =>
      call(
        () => orderSchemas().then((m) => m.WithdrawResponseSchema),
        'post',
        `orders/${encodeURIComponent(orderId)}/withdraw`,
      ),
    /** Where one of my orders stands (with the payment the browser made, if any). */
    getOrderState: (orderId: string, transactionId?: string) =>
      call(
        () => orderSchemas().then((m) => m.OrderStateSchema),
        'get',
        `orders/${encodeURIComponent(orderId)}`,
        transactionId ? { searchParams: { transactionId } } : {},
      ),
    listPendingPayments: () =>
      call(() => orderSchemas().then((m) => m.PendingPaymentListSchema), 'get', 'my/pending-payments'),
    /** After the wallet associates a collection: deliver what waited for it now. */
    checkDeliveries: () =>
      call(() => orderSchemas().then((m) => m.DeliveryCheckResponseSchema), 'post', 'orders/deliveries'),
    getClaimEligibility: () =>
      call(() => orderSchemas().then((m) => m.ClaimEligibilitySchema), 'get', 'claim/eligibility'),
  };
}

/** The profile, its picture, its email and its reminders. */
function profileEndpoints(call: Call) {
  return {
    getProfile: () => call(() => profileSchemas().then((m) => m.ProfileResponseSchema), 'get', 'my/profile'),
    saveProfile: (profile: ProfileUpdate) =>
      call(() => profileSchemas().then((m) => m.ProfileSchema), 'put', 'my/profile', { json: profile }),
    listCountries: () => call(() => profileSchemas().then((m) => m.CountryListSchema), 'get', 'countries'),
    listStates: (countryName: string) =>
      call(() => profileSchemas().then((m) => m.StateListSchema), 'get', 'states', {
        searchParams: { countryName },
      }),
    /** A PNG, JPEG or WebP image of at most 512 KB; answers where it is served. */
    uploadProfilePicture: (image: Blob) =>
      call(() => profileSchemas().then((m) => m.PictureUploadResponseSchema), 'put', 'my/profile/picture', {
        body: image,
        headers: { 'content-type': image.type },
      }),
    requestEmailVerification: (email: string) =>
      call(() => profileSchemas().then((m) => m.MessageResponseSchema), 'post', 'my/email-verification', {
        json: { email },
      }),
    /** Mails before the account's names expire: on only with a verified email. */
    setExpiryReminders: (enabled: boolean) =>
      call(() => profileSchemas().then((m) => m.ExpiryRemindersSchema), 'put', 'my/expiry-reminders', {
        json: { enabled },
      }),
    verifyEmail: (code: string) =>
      call(() => profileSchemas().then((m) => m.MessageResponseSchema), 'post', 'email-verification/verify', {
        json: { vi: code },
      }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
