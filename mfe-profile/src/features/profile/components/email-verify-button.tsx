import { useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import { bus } from '@registry/bus';
import { Button } from '@registry/ui/button';
import { profileApi } from '../api/profile-api';
import { OK_STATUS } from '@registry/contracts/status-codes';

/** Spec section 4: 'Click to verify' → 'wait...' (disabled) → 'Check you email'; a failure resets it. */
export function EmailVerifyButton({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'waiting' | 'sent'>('idle');
  const verify = async () => {
    setState('waiting');
    try {
      const answer = await profileApi.requestEmailVerification(email);
      setState(answer.status === OK_STATUS ? 'sent' : 'idle');
    } catch (error) {
      setState('idle');
      bus.emit('toast', {
        kind: 'error',
        message: error instanceof ApiRequestError ? error.message : 'The mail could not be sent; try again',
      });
    }
  };
  const label = state === 'idle' ? 'Click to verify' : state === 'waiting' ? 'wait...' : 'Check you email';
  return (
    <Button
      variant="ghost"
      className="profile-card__verify"
      disabled={state !== 'idle'}
      onClick={() => void verify()}
    >
      {label}
    </Button>
  );
}
