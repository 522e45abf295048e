export { AccountForms } from './components/account-forms.tsx';
export { AccountStatus } from './components/account-status.tsx';
export { useMe } from './api/account.ts';
