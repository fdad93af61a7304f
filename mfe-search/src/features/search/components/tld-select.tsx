import { useState } from 'react';
import type { TldsState } from '../hooks/use-tlds';

export function TldSelect({ state }: { state: TldsState }) {
  const [selected, setSelected] = useState(state.tlds[0] ?? '');
  return (
    <select
      aria-label="Top-level domain"
      value={selected}
      onChange={(event) => setSelected(event.target.value)}
      aria-busy={state.status === 'loading'}
    >
      {state.tlds.map((tld) => (
        <option key={tld} value={tld}>
          .{tld}
        </option>
      ))}
    </select>
  );
}
