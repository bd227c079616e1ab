/** Security headers for every answer (QUALITY.md, "Reliability and security"). */
export interface CspSources {
  /** Extra origins scripts may come from (consented trackers, configured). */
  scripts: string[];
  /** Extra origins the page may call (backend, webhook, trackers). */
  connect: string[];
  /** Origins allowed to frame the site. */
  frameAncestors: string[];
  /** Extra origins audio may play from (the assistant's voice notes in object storage). */
  media?: string[];
  /** Extra origins images (tracking pixels) may come from. */
  images?: string[];
}

export function securityHeaders(sources: CspSources): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${sources.scripts.join(' ')}`.trim(),
    "style-src 'self'",
    `img-src 'self' data: blob: ${[...sources.scripts, ...(sources.images ?? [])].join(' ')}`.trim(),
    `media-src 'self' blob: ${(sources.media ?? []).join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${sources.connect.join(' ')}`.trim(),
    `frame-ancestors 'self' ${sources.frameAncestors.join(' ')}`.trim(),
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** The origin of each configured URL, for the CSP. */
export function origins(urls: readonly string[]): string[] {
  const result = new Set<string>();
  for (const url of urls) {
    try {
      if (/^https?:\/\//.test(url)) result.add(new URL(url).origin);
    } catch {
      // A malformed URL was already refused by the configuration schema.
    }
  }
  return [...result];
}

interface TrackingConfig {
  gaId: string;
  gaScriptUrl: string;
  recordingId: string;
  recordingScriptUrl: string;
  metaPixelId: string;
  metaScriptUrl: string;
  linkedinId: string;
  linkedinScriptUrl: string;
  xPixelId: string;
  xScriptUrl: string;
  tiktokId: string;
  tiktokScriptUrl: string;
  adsConversionId: string;
}

/**
 * What the CSP must allow for the trackers that are configured (an empty ID means not installed, so
 * nothing of it is allowed): their script origin, and where each sends its data once consented.
 */
export function trackerSources(tracking: TrackingConfig): Required<Pick<CspSources, 'scripts' | 'connect' | 'images'>> {
  const scripts: string[] = [];
  const connect: string[] = [];
  const images: string[] = [];
  const google = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
  if (tracking.gaId) {
    scripts.push(tracking.gaScriptUrl);
    connect.push(...google);
    images.push(...google);
  }
  if (tracking.recordingId) {
    scripts.push(tracking.recordingScriptUrl, 'https://script.hotjar.com');
    connect.push('https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com');
  }
  if (tracking.metaPixelId) {
    scripts.push(tracking.metaScriptUrl);
    connect.push('https://www.facebook.com');
    images.push('https://www.facebook.com');
  }
  if (tracking.linkedinId) {
    scripts.push(tracking.linkedinScriptUrl);
    connect.push('https://px.ads.linkedin.com');
    images.push('https://px.ads.linkedin.com');
  }
  if (tracking.xPixelId) {
    scripts.push(tracking.xScriptUrl);
    images.push('https://t.co', 'https://analytics.twitter.com');
  }
  if (tracking.tiktokId) {
    scripts.push(tracking.tiktokScriptUrl);
    connect.push('https://analytics.tiktok.com');
  }
  if (tracking.adsConversionId) {
    scripts.push(tracking.gaScriptUrl);
    connect.push('https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com');
    images.push('https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com');
  }
  const unique = (list: string[]) => [
    ...new Set(list.flatMap((item) => (item.includes('*') || item.startsWith('wss:') ? [item] : origins([item])))),
  ];
  return { scripts: unique(scripts), connect: unique(connect), images: unique(images) };
}
