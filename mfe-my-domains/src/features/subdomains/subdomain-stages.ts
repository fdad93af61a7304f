import type { PaidActionOutcome, PaidStage } from '@registry/paid-flow';

/**
 * The subdomain panel's stages (spec section 2): 'Payment is on progress'; 'Payment has been done' with
 * 'Wait for minting is on progress'; then 'Payment has been done', 'Subdomain has been minted',
 * 'Completed'.
 */
export function subdomainStageTexts(stage: PaidStage | null, outcome: PaidActionOutcome | null): string[] {
  if (outcome?.ok) {
    return outcome.delivered.length > 0
      ? ['Payment has been done', 'Subdomain has been minted', 'Completed']
      : ['Payment has been done', 'Wait for minting is on progress'];
  }
  if (outcome && !outcome.ok) return [];
  if (stage === 'quote' || stage === 'approval') return ['Payment is on progress'];
  if (stage === 'confirmation' || stage === 'delivery')
    return ['Payment has been done', 'Wait for minting is on progress'];
  return [];
}
