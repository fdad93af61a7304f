/**
 * The one paid flow of every page that takes a payment: quote → wallet approval → ledger
 * confirmation → delivery, its progress on screen, the journal that keeps a paid attempt across a
 * reload, and the messages of each failed branch.
 */
export { acceptDelivery } from './accept-delivery';
export { codedMessage, messageForError, PAID_FLOW_MESSAGES } from './messages';
export type { BranchCodes, PaidFlowMessage } from './messages';
export { PaidActionProgress, priceFixedText } from './paid-action-progress';
export { isPaid, sessionJournal } from './payment-journal';
export type { JournalEntry, PaymentJournal } from './payment-journal';
export { PAYMENT_STATE_TEXT, PaymentStatus } from './payment-status';
export { failureOf, PAID_STAGES, runPaidAction } from './run-paid-action';
export type {
  PaidActionDeps,
  PaidActionOutcome,
  PaidActionState,
  PaidFailureKind,
  PaidStage,
} from './run-paid-action';
export { PAID_STAGE_LABELS, stageStates, usePaidAction } from './use-paid-action';
export type { PaidAction, PaidActionHookDeps, StageState } from './use-paid-action';
