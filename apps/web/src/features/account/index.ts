export { AccountForms } from './components/account-forms.tsx';
export { AccountStatus } from './components/account-status.tsx';
export { useMe } from './api/account.ts';
export { useSignInOnUnauthenticated } from './hooks/use-sign-in-on-unauthenticated.ts';
export { takeNextAfterSignUp } from './next-after-sign-up.ts';
