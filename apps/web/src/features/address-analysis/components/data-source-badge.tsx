import { Badge } from '../../../components/ui/badge.tsx';

/** Every panel showing demo figures carries this label (DESIGN.md section 1). */
export function DataSourceBadge({ isDemo }: { isDemo: boolean }) {
  return isDemo ? (
    <Badge tone="yellow" className="shrink-0">Demo data</Badge>
  ) : (
    <Badge tone="green" className="shrink-0">Live data</Badge>
  );
}
