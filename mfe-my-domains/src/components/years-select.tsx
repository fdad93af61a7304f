import { EXTEND_YEARS } from '../api/domain-actions';
import './paid-domain.css';

/** The 1 to 5 years a domain is extended by (Extend Validity, renewing several). */
export function YearsSelect({
  label,
  years,
  onChange,
}: {
  label: string;
  years: number;
  onChange: (years: number) => void;
}) {
  return (
    <label className="paid-domain__choice">
      {label}
      <select className="ui-input" value={years} onChange={(event) => onChange(Number(event.target.value))}>
        {EXTEND_YEARS.map((count) => (
          <option key={count} value={count}>
            {count} {count === 1 ? 'year' : 'years'}
          </option>
        ))}
      </select>
    </label>
  );
}
