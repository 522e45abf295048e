import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to mount PropGuard into.');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
