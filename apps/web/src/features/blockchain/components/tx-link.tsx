import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buildExplorerTxPath } from '../../../app/paths.ts';

/** A transaction link: the configured external explorer ({hash} template) or our own /explorer/tx page. */
export function TxLink({ hash, template, children, className = 'text-blue-700 hover:underline' }: { hash: string; template: string | null | undefined; children: ReactNode; className?: string }) {
  if (template) return <a className={className} href={template.replace('{hash}', hash)} target="_blank" rel="noreferrer">{children}</a>;
  return <Link className={className} to={buildExplorerTxPath(hash)}>{children}</Link>;
}
