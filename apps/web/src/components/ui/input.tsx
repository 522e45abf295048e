import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const FIELD_CLASSES =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(FIELD_CLASSES, className)} {...props} />;
}
