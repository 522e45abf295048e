import { ArrowLeft, Home } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';

export function PropertyNotFound() {
  const navigate = useNavigate();
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Home aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="text-2xl font-semibold text-slate-900">Property Not Found</h1>
        <p className="text-slate-600">We could not find this listing. It may have been withdrawn or the link may be wrong.</p>
        <Button variant="outline" onClick={() => void navigate(paths.search)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Search
        </Button>
      </CardContent>
    </Card>
  );
}
