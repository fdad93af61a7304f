/** The resolver's messages (spec section 8), spelling included: in a module of their own, so a page can say them before the resolver has loaded. */
export const RESOLVER_MESSAGES = {
  noAddress: 'Web 2.0 URL Page is not setted!',
  inactive: 'Web 2.0 URL Page is not setted.',
  networkError: 'Something went wrong!',
  badAnswer: 'Someting went wrong',
  /** An account id was asked for, and it has chosen no primary name to resolve. */
  noPrimaryName: 'This account has no primary name.',
} as const;
