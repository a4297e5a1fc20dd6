/** The workbench's entry: the first view's requests, the theme (no flash), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { requestStartupData } from './app/startup-data.js';
import { applyTheme } from './app/theme.js';
import { guardPageUnload } from './app/unsaved-work.js';
import './styles/base.css';
import './styles/shell.css';

/** Past this, the app renders without the connection list and shows it when it comes. */
const STARTUP_WAIT_MS = 500;

function render(): void {
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

applyTheme();
// A reload or a closed browser tab asks first while anything is unsaved.
guardPageUnload();
// The connection list is usually here already (index.html preloads it). Rendering after it means the
// first render shows it, and the table list's request is not held back behind that render.
const sent = requestStartupData(location.pathname);
void Promise.race([sent, new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS))]).then(render);
