import { useId, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import { bus } from '@registry/bus';
import type { Profile } from '@registry/contracts/profile';
import { profileApi } from '../api/profile-api';

/** Opt-in to mails before the account's names expire; only a verified email may turn it on. */
export function ExpiryRemindersToggle({ profile }: { profile: Profile }) {
  const hintId = useId();
  const [enabled, setEnabled] = useState(profile.expiryReminders);
  const [saving, setSaving] = useState(false);
  const canTurnOn = profile.emailVerified;

  const change = async (wanted: boolean) => {
    setSaving(true);
    setEnabled(wanted);
    try {
      const answer = await profileApi.setExpiryReminders(wanted);
      setEnabled(answer.enabled);
      bus.emit('toast', {
        kind: 'success',
        message: answer.enabled ? 'Expiry reminders turned on' : 'Expiry reminders turned off',
      });
    } catch (error) {
      setEnabled(!wanted);
      bus.emit('toast', {
        kind: 'error',
        message:
          error instanceof ApiRequestError ? error.message : 'The setting could not be saved; try again',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="expiry-reminders">
      <label className="expiry-reminders__label">
        <input
          type="checkbox"
          checked={enabled}
          disabled={saving || (!canTurnOn && !enabled)}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
        />
        Email me before my names expire
      </label>
      <p id={hintId} className="expiry-reminders__hint">
        {canTurnOn
          ? 'Mails 30, 7 and 1 days before a name expires and when its grace period starts, with a calendar entry.'
          : 'Verify your email to turn on reminders before your names expire.'}
      </p>
    </div>
  );
}
