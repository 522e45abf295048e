import { useState } from 'react';
import { FileText } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import type { TabItem } from '../../../components/ui/tabs.tsx';

type ReportSection = 'library' | 'generate' | 'templates' | 'analytics';

const SECTIONS: readonly TabItem<ReportSection>[] = [
  { id: 'library', label: 'Report Library' },
  { id: 'generate', label: 'Generate Report' },
  { id: 'templates', label: 'Templates' },
  { id: 'analytics', label: 'Analytics' },
];

const SECTION_TEXT: Record<ReportSection, string> = {
  library: 'Stored reports arrive with the reports issue: each one built from a real analysis and kept across restarts.',
  generate: 'Report generation arrives with the reports issue, as downloadable text and a real PDF.',
  templates: 'Report templates arrive with the reports issue.',
  analytics: 'Report analytics arrive with the reports issue, counted from the reports actually stored.',
};

/** The Reports tab with its four sections (SPEC.md section 2). */
export function ReportCentre() {
  const [section, setSection] = useState<ReportSection>('library');
  return (
    <Card>
      <CardHeader
        level={2}
        title="Report Centre"
        description="Valuation, risk and compliance reports for your properties."
        icon={<FileText aria-hidden="true" className="size-5 text-blue-600" />}
      />
      <CardContent className="space-y-4">
        <TabList label="Report sections" idBase="reports" tabs={SECTIONS} value={section} onValueChange={setSection} />
        <TabPanel idBase="reports" tabId={section}>
          <Notice>{SECTION_TEXT[section]}</Notice>
        </TabPanel>
      </CardContent>
    </Card>
  );
}
