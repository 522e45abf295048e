import { Link } from 'react-router';
import { getButtonClasses } from '../../components/ui/button.tsx';
import { paths } from '../paths.ts';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-slate-300">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <Link to={paths.home} className={getButtonClasses('primary')}>Return to Home</Link>
    </main>
  );
}
