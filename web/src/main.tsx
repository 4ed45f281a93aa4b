import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MissingEnvError } from './config/env.ts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

// The client module reads the environment on import; a missing variable becomes a readable page.
import('./app/app.tsx')
  .then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    const message = error instanceof MissingEnvError ? error.message : 'Larder could not start.';
    console.error(error);
    root.render(
      <main className="main main-public">
        <h1>Larder is not configured</h1>
        <p role="alert">{message}</p>
      </main>,
    );
  });
