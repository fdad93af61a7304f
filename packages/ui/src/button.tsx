import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'ghost' | 'danger' };

/** A button in the app's look; `type="button"` unless told otherwise. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`ui-button ui-button--${variant}${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}
