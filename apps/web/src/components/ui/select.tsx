import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { FIELD_CLASSES } from './input.tsx';

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { options: readonly SelectOption[] };

/** A native select: labelled, keyboard-friendly and readable by every screen reader. */
export function Select({ options, className, ...props }: SelectProps) {
  return (
    <select className={cn(FIELD_CLASSES, 'pr-8', className)} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
