/**
 * The analytics events of docs/requirements.md#analytics-events and the window event through which widgets announce them.
 * A widget never calls a tracker itself: it dispatches `dentivo:track`, and the analytics layer forwards
 * it to the Google tag when consent has loaded one.
 */
export const TRACK_EVENT = 'dentivo:track';

export const ANALYTICS_EVENTS = [
  'cta_click',
  'assistant_open',
  'form_submission',
  'page_interaction',
  'ab_test_exposure',
  'ab_test_conversion',
  'scroll_depth',
  'page_view',
  'web_vitals_alert',
  'custom_metric',
  'bot_visit',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export type TrackParams = Record<string, string | number | boolean | undefined>;

export interface TrackEventDetail {
  event: AnalyticsEventName;
  params?: TrackParams;
}

export function isAnalyticsEvent(name: unknown): name is AnalyticsEventName {
  return typeof name === 'string' && (ANALYTICS_EVENTS as readonly string[]).includes(name);
}

/**
 * The detail of what a widget dispatches as TRACK_EVENT (widgets/runtime/track.ts):
 * `trackDetail('form_submission', { form_name: 'contact', form_success: true })`.
 */
export function trackDetail(event: AnalyticsEventName, params: TrackParams = {}): TrackEventDetail {
  return { event, params };
}

/**
 * The sign-up conversion (docs/requirements.md#cta-tracking): the analytics layer announces it on
 * `window` when a click leads to the app's sign-up, and the tracker loader hands it to each marketing tag
 * the visitor allowed (Google Ads, Meta, LinkedIn, X, TikTok). Analytics consent is not needed for it.
 */
export const CONVERSION_EVENT = 'dentivo:conversion';

export interface ConversionDetail {
  value: number;
  currency: string;
}
