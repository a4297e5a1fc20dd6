/** The workbench's entry: theme first (no flash), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { applyTheme } from './app/theme.js';
import './styles/base.css';
import './styles/shell.css';

applyTheme();
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
