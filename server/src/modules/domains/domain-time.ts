/** A domain's life after expiry: its owner's to extend for the grace period, then released. */
export function domainTime(now: () => Date, gracePeriodMs: number) {
  return {
    now,
    /** Names that expired before this are released. */
    releasedBefore: () => new Date(now().getTime() - gracePeriodMs),
    graceEndOf: (expiresAt: Date) => new Date(expiresAt.getTime() + gracePeriodMs),
  };
}
export type DomainTime = ReturnType<typeof domainTime>;
