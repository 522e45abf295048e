export { ApiKeysCard } from './components/api-keys-card.tsx';
export { UsageMeter } from './components/usage-meter.tsx';
export { SubscriptionCard } from './components/subscription-card.tsx';
export { MembersCard } from './components/members-card.tsx';
export { PaymentFailedBanner } from './components/payment-failed-banner.tsx';
