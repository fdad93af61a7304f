/**
 * A transaction that reached consensus and failed with this status: it keeps only its fee, and the
 * entity its receipt names, if any (an identical schedule's id).
 */
export class Outcome extends Error {
  constructor(
    readonly status: string,
    readonly entityId?: string,
  ) {
    super(status);
  }
}
export const fail = (status: string, entityId?: string): never => {
  throw new Outcome(status, entityId);
};
