/** A transaction that reached consensus and failed with this status: it keeps only its fee. */
export class Outcome extends Error {
  constructor(readonly status: string) {
    super(status);
  }
}
export const fail = (status: string): never => {
  throw new Outcome(status);
};
