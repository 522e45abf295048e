import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { accountPaths } from '../../../app/paths.ts';
import { useSubscription } from '../api/subscription.ts';

/**
 * Under the header on every screen while the workspace's subscription is past due (a renewal
 * payment failed, Stripe's invoice.payment_failed): where to fix it. Asked only for a workspace
 * the browser acts for (`isEnabled`), so a signed-out visitor causes no request.
 */
export function PaymentFailedBanner({ isEnabled }: { isEnabled: boolean }) {
  const subscription = useSubscription({ isEnabled });
  if (subscription.data?.subscription.status !== 'past_due') return null;
  return (
    <div role="alert" className="border-b border-amber-200 bg-amber-50">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm text-amber-900 sm:px-6">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Your last payment failed. Please update your payment method in{' '}
          <Link to={accountPaths.settings} className="font-medium underline">Settings, Plan and billing</Link>{' '}
          to keep your plan.
        </span>
      </p>
    </div>
  );
}
