/**
 * Form analytics (SPEC.md section 7, event form_submission): a window event the analytics layer
 * (widgets/analytics/) listens to and forwards to the trackers the visitor consented to.
 */
export const TRACK_EVENT = 'dentivo:track';

export interface TrackDetail {
  event: string;
  params: Record<string, string | number | boolean>;
}

export function trackFormSubmission(formName: 'contact' | 'tester', success: boolean): void {
  const detail: TrackDetail = { event: 'form_submission', params: { form_name: formName, form_success: success } };
  window.dispatchEvent(new CustomEvent<TrackDetail>(TRACK_EVENT, { detail }));
}
