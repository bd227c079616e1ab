/**
 * Web-vitals rating and alerting (docs/requirements.md#web-vitals; INP per docs/decisions/0014-inp-in-web-vitals.md). A value at a
 * threshold still belongs to the better rating: good ≤ first threshold < needs improvement ≤ second < poor.
 */

export type VitalName = 'CLS' | 'FCP' | 'LCP' | 'TTFB' | 'FID' | 'INP';
export type Rating = 'good' | 'needsImprovement' | 'poor';

/** [good up to, needs improvement up to]; milliseconds except CLS (unitless). */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  TTFB: [800, 1800],
  FID: [100, 300],
  INP: [200, 500],
};

/** Share of needs-improvement measures that raise an alert (poor ones always do). */
export const NEEDS_IMPROVEMENT_ALERT_RATE = 0.1;

export function rate(metric: VitalName, value: number): Rating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  if (value <= poor) return 'needsImprovement';
  return 'poor';
}

/** `random` is a number in [0, 1), injected (Math.random in the browser). */
export function shouldAlert(rating: Rating, random: number): boolean {
  if (rating === 'poor') return true;
  if (rating === 'needsImprovement') return random < NEEDS_IMPROVEMENT_ALERT_RATE;
  return false;
}

/** The performance alert of docs/requirements.md#performance-alerts. */
export interface PerformanceAlert {
  metric: VitalName;
  value: number;
  /** The threshold the value went past: the poor one for a poor value, the good one otherwise. */
  threshold: number;
  rating: Rating;
  url: string;
  userAgent: string;
  timestamp: string;
  isBot: boolean;
}

export function performanceAlert(
  metric: VitalName,
  value: number,
  context: { url: string; userAgent: string; isBot: boolean; now: Date },
): PerformanceAlert {
  const rating = rate(metric, value);
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return {
    metric,
    value: metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value),
    threshold: rating === 'poor' ? poor : good,
    rating,
    url: context.url,
    userAgent: context.userAgent,
    timestamp: context.now.toISOString(),
    isBot: context.isBot,
  };
}
