export { ReceiptView } from './components/receipt-view.tsx';
