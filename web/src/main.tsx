import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render as a transition: React renders the whole shell in slices of a few milliseconds,
// giving the main thread back between them, instead of one task of a third of a second on a slow
// phone, the page's largest blocking time (docs/decisions.md#web-first-render).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
