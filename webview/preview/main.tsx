import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import '../diagram/styles.css';
import './styles.css';
import { App, type BootConfig } from './App';
import { connectToHost } from '../vscodeApi';

const host = connectToHost();

function readBoot(): BootConfig {
  const raw = document.getElementById('archflow-preview-config')?.getAttribute('data-config');
  if (!raw) throw new Error('the preview page has no boot config');
  return JSON.parse(raw) as BootConfig;
}

/** Loads the shipped Inter faces, the first family of every label (as in the export). */
function loadFonts(fonts: BootConfig['fonts']): void {
  for (const [weight, url] of [
    ['400', fonts.regular],
    ['600', fonts.semibold],
  ] as const) {
    const face = new FontFace('Inter', `url("${url}")`, { weight });
    face.load().then(
      (loaded) => document.fonts.add(loaded),
      (err: unknown) => host.post({ type: 'log', level: 'warn', message: `font ${weight} did not load: ${String(err)}` }),
    );
  }
}

window.addEventListener('error', (e) => host.post({ type: 'log', level: 'error', message: String(e.error?.stack ?? e.message).slice(0, 4000) }));
window.addEventListener('unhandledrejection', (e) => host.post({ type: 'log', level: 'error', message: String(e.reason?.stack ?? e.reason).slice(0, 4000) }));

const boot = readBoot();
loadFonts(boot.fonts);
// No StrictMode: its development-only double effects would post `ready` twice.
createRoot(document.getElementById('root')!).render(<App boot={boot} host={host} />);
