/**
 * The one way a widget announces an analytics event (docs/requirements.md#analytics): a `dentivo:track`
 * window event, which the analytics layer forwards to the trackers the visitor allowed (and which a host
 * page may listen to, for the embed). No widget calls a tracker itself.
 */
import { TRACK_EVENT, trackDetail, type AnalyticsEventName, type TrackParams } from '../../core/analytics/tracking.ts';

export function track(event: AnalyticsEventName, params: TrackParams = {}): void {
  window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: trackDetail(event, params) }));
}
