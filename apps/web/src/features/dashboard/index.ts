export { DashboardHeader } from './components/dashboard-header.tsx';
