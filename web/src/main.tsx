import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { configProblem } from './lib/supabase.ts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

if (configProblem) {
  root.render(
    <main className="main main-public">
      <h1>Larder is not configured</h1>
      <p role="alert">{configProblem.message}</p>
    </main>,
  );
} else {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
