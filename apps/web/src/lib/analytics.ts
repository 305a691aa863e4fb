import { endpoints, type Integrations } from '@kaushal/contract';
import { api } from './api-client';

/**
 * Usage analytics (Google Analytics 4) and session recording (Microsoft Clarity) are third-party scripts
 * loaded only when the operator configured their ids (ANALYTICS_ID, SESSION_RECORDING_ID, served by
 * GET /site-config). Nothing of them is requested before the spec's 1 second delay, so they never compete
 * with the first render; a blocked or failing script (ad blockers, offline) is ignored.
 * The API's Content-Security-Policy allows these origins only when the ids are set (plugins/security-headers.ts).
 */
export const ANALYTICS_DELAY_MS = 1000;
export const analyticsScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
export const recordingScriptUrl = (id: string) => `https://www.clarity.ms/tag/${encodeURIComponent(id)}`;

type Queue = unknown[];
type QueuedFunction = ((...args: unknown[]) => void) & { q?: Queue };
interface AnalyticsWindow {
  dataLayer?: Queue;
  gtag?: (...args: unknown[]) => void;
  clarity?: QueuedFunction;
}

function addScript(doc: Document, src: string) {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.thirdParty = 'true';
  // Blocked or offline: the product works the same without it.
  script.onerror = () => script.remove();
  doc.head.appendChild(script);
}

/** gtag's documented bootstrap: calls queue in dataLayer until the script arrives and replays them. */
function startAnalytics(doc: Document, win: AnalyticsWindow, id: string) {
  win.dataLayer = win.dataLayer ?? [];
  const layer = win.dataLayer;
  win.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: the bootstrap must push `arguments` as gtag.js expects.
    layer.push(arguments);
  };
  win.gtag('js', new Date());
  win.gtag('config', id);
  addScript(doc, analyticsScriptUrl(id));
}

/** Clarity's documented bootstrap: a queueing stub until its script arrives. */
function startRecording(doc: Document, win: AnalyticsWindow, id: string) {
  if (!win.clarity) {
    const clarity: QueuedFunction = function () {
      clarity.q = clarity.q ?? [];
      // biome-ignore lint/complexity/noArguments: Clarity replays the queued `arguments` objects.
      clarity.q.push(arguments);
    };
    win.clarity = clarity;
  }
  addScript(doc, recordingScriptUrl(id));
}

export const fetchIntegrations = (): Promise<Integrations> => api(endpoints.siteConfig, { ignoreUnauthorized: true });

export interface ThirdPartyOptions {
  loadConfig?: () => Promise<Integrations>;
  doc?: Document;
  win?: AnalyticsWindow;
  delayMs?: number;
}

let started = false;

/**
 * Called once at start-up: after the delay, asks which services are configured and loads exactly those.
 * Returns a function that cancels a load that has not begun yet.
 */
export function loadThirdPartyScripts(options: ThirdPartyOptions = {}): () => void {
  const { loadConfig = fetchIntegrations, doc = document, delayMs = ANALYTICS_DELAY_MS } = options;
  const win = options.win ?? (window as unknown as AnalyticsWindow);
  let cancelled = false;
  const timer = setTimeout(async () => {
    let config: Integrations;
    try {
      config = await loadConfig();
    } catch {
      return; // No configuration, no third parties: never an error for the learner.
    }
    if (cancelled) return;
    try {
      if (config.analyticsId) startAnalytics(doc, win, config.analyticsId);
      if (config.sessionRecordingId) startRecording(doc, win, config.sessionRecordingId);
    } catch {
      // A third party must never break the product.
    }
  }, delayMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** The app's start-up hook: loads the third-party scripts once per page load. */
export function startThirdPartyScripts() {
  if (started) return;
  started = true;
  loadThirdPartyScripts();
}
