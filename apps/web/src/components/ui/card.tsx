import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A card; min-w-0 lets it shrink to its grid or flex track, so a wide table inside scrolls in its
 * own box instead of widening the page (a phone at 390 px, issue 34).
 */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

type CardHeaderProps = { title: ReactNode; description?: ReactNode; icon?: ReactNode; level?: 2 | 3; action?: ReactNode };

export function CardHeader({ title, description, icon, level = 3, action }: CardHeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 p-5">
      <div className="min-w-0">
        <Heading className="flex items-center gap-2 break-words text-lg font-semibold text-slate-900">
          {icon}
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5', className)} {...props} />;
}
