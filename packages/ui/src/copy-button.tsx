import { useEffect, useState } from 'react';

/** Spec: 'Copied to clipboard.' shows for 0.5 s. */
export const COPIED_MESSAGE_MS = 500;

/** Copies a value (an account id, an address) and says so for half a second. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <span className="ui-copy">
      <button
        type="button"
        className="ui-button ui-button--ghost"
        aria-label={label}
        onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true))}
      >
        Copy
      </button>
      <span role="status" aria-live="polite">
        {copied ? 'Copied to clipboard.' : ''}
      </span>
    </span>
  );
}
