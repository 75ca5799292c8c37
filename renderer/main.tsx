import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { createBridge } from './bridge/bridge.js';
import { BridgeProvider } from './bridge/context.js';
import { I18nProvider, initialLocale, loadGlyphs } from './i18n/i18n.js';
import { PrintPage } from './print/PrintPage.js';
import { ThemeProvider } from './theme/theme.js';
// Bundled CJK font (unicode-range subsets, loaded on demand, offline): Chinese labels render
// on any machine, with or without system CJK fonts.
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
import './styles.css';
// After the base styles: the layout at laptop widths (1024 px up) and the sheet's fields.
import './layout.css';

const root = createRoot(document.getElementById('root')!);
// `?print=report&study=…&report=…`: the print page a PDF is made from, not the workbench.
const query = new URLSearchParams(window.location.search);
const print = query.get('print') === 'report' && query.get('study') ? { study: query.get('study')!, report: Number(query.get('report') ?? 0) } : null;
try {
  const bridge = createBridge();
  // First paint in Chinese waits for the UI's glyphs (see loadGlyphsFor).
  void loadGlyphs(initialLocale()).then(() => root.render(
    <I18nProvider>
      <ThemeProvider>
        <BridgeProvider bridge={bridge}>
          {print ? <PrintPage study={print.study} report={print.report} /> : <App />}
        </BridgeProvider>
      </ThemeProvider>
    </I18nProvider>,
  ));
} catch (err) {
  root.render(<p className="fatal">{(err as Error).message}</p>);
}
