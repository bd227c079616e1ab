/**
 * Web vitals, loaded lazily by the analytics layer once a tracker exists: CLS, FCP, LCP, TTFB and INP
 * from the `web-vitals` package, FID from `first-input` entries where the browser still reports them
 * (docs/decisions/0014-inp-in-web-vitals.md). Each final value is rated (core/analytics/web-vitals.ts) and sent as custom_metric;
 * poor values, and one needs-improvement value in ten, raise a web_vitals_alert and are posted to the
 * configured alert endpoints (docs/requirements.md#performance-alerts).
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { AnalyticsEventName, TrackParams } from '../../core/analytics/tracking.ts';
import {
  performanceAlert,
  rate,
  shouldAlert,
  type PerformanceAlert,
  type VitalName,
} from '../../core/analytics/web-vitals.ts';
import { getConfig } from '../runtime/config.ts';

type Send = (event: AnalyticsEventName, params: TrackParams) => boolean;

export function measureVitals(send: Send, isBot: boolean): void {
  const report = (metric: VitalName, value: number) => {
    const rating = rate(metric, value);
    send('custom_metric', { metric_name: metric, value: metric === 'CLS' ? value : Math.round(value), rating });
    if (!shouldAlert(rating, Math.random())) return;
    const alert = performanceAlert(metric, value, {
      url: location.href,
      userAgent: navigator.userAgent,
      isBot,
      now: new Date(),
    });
    send('web_vitals_alert', {
      metric: alert.metric,
      value: alert.value,
      threshold: alert.threshold,
      rating: alert.rating,
      is_bot: alert.isBot,
      page_location: alert.url,
    });
    postAlert(alert);
  };
  const forward = (metric: Metric) => report(metric.name, metric.value);
  onCLS(forward);
  onFCP(forward);
  onLCP(forward);
  onTTFB(forward);
  onINP(forward);
  observeFirstInput(report);
}

function observeFirstInput(report: (metric: VitalName, value: number) => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('first-input')) return;
  try {
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
      if (!entry) return;
      observer.disconnect();
      report('FID', entry.processingStart - entry.startTime);
    });
    observer.observe({ type: 'first-input', buffered: true });
  } catch (error) {
    // docs/requirements.md#logged-only: unsupported performance observation is logged only.
    console.warn('Mesure du premier délai d’interaction indisponible :', error);
  }
}

/** To the configured chat webhook and e-mail endpoint, each only when set; failures are logged only. */
function postAlert(alert: PerformanceAlert): void {
  const { alertWebhookUrl, alertEmailEndpoint } = getConfig().tracking;
  const summary = `Web vitals : ${alert.metric} = ${alert.value} (seuil ${alert.threshold}) sur ${alert.url}`;
  const targets: Array<[string, Record<string, unknown>]> = [];
  if (alertWebhookUrl) targets.push([alertWebhookUrl, { text: summary, ...alert }]);
  if (alertEmailEndpoint) targets.push([alertEmailEndpoint, { subject: summary, ...alert }]);
  for (const [url, body] of targets)
    fetch(url, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      (response) => {
        if (!response.ok) console.error(`Alerte de performance refusée (${response.status}) par ${url}`);
      },
      (error) => console.error(`Alerte de performance non envoyée à ${url} :`, error),
    );
}
