import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

type BadgeTone = 'neutral' | 'blue' | 'green' | 'yellow' | 'red';

const TONE_CLASSES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
};

export function getBadgeClasses(tone: BadgeTone = 'neutral', className?: string): string {
  return cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONE_CLASSES[tone], className);
}

type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone };

export function Badge({ tone, className, ...props }: BadgeProps) {
  return <span className={getBadgeClasses(tone, className)} {...props} />;
}
