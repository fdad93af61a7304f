/**
 * Faults a test asks the network for (`POST /ledger/control`), as a real network shows them to its
 * clients over gRPC: a node too busy to take transactions, receipts not known yet, a node that does not
 * answer. The SDK's own retries and the caller's jobs are what they test.
 */
export class NetworkFaults {
  private busy = 0;
  private receiptsUnknownUntil = 0;
  private readonly nodesDown = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The next `count` transactions answer BUSY at precheck. */
  setBusy(count: number) {
    this.busy = count;
  }

  /** Receipt queries answer UNKNOWN for `seconds` from now (0 ends it). */
  setReceiptsUnknown(seconds: number) {
    this.receiptsUnknownUntil = seconds > 0 ? this.now() + seconds * 1000 : 0;
  }

  /** A node stops answering (its gRPC calls fail as a connection would), or answers again. */
  setNodeDown(node: string, down: boolean) {
    if (down) this.nodesDown.add(node);
    else this.nodesDown.delete(node);
  }

  /** Whether this transaction meets a busy node; each one that does uses up one. */
  takeBusy(): boolean {
    if (this.busy === 0) return false;
    this.busy -= 1;
    return true;
  }

  receiptsUnknown(): boolean {
    return this.now() < this.receiptsUnknownUntil;
  }

  isDown(node: string): boolean {
    return this.nodesDown.has(node);
  }

  describe() {
    return {
      busy: this.busy,
      receiptsUnknownMs: Math.max(0, this.receiptsUnknownUntil - this.now()),
      nodesDown: [...this.nodesDown].sort(),
    };
  }
}
