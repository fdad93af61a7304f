export type StepState = 'done' | 'current' | 'todo' | 'failed';
export type Step = { label: string; state: StepState };

const STATE_TEXT: Record<StepState, string> = {
  done: 'done',
  current: 'in progress',
  todo: 'not started',
  failed: 'failed',
};

/** The stages of a long action (payment, confirmation, minting), each with its state for screen readers. */
export function Stepper({ steps, label }: { steps: Step[]; label: string }) {
  return (
    <ol className="ui-stepper" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.label}
          className={`ui-stepper__step ui-stepper__step--${step.state}`}
          {...(step.state === 'current' ? { 'aria-current': 'step' as const } : {})}
        >
          <span className="ui-stepper__label">{step.label}</span>
          <span className="ui-visually-hidden"> ({STATE_TEXT[step.state]})</span>
        </li>
      ))}
    </ol>
  );
}
