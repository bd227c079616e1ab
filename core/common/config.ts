/**
 * The one configuration source: content/site.json (what an editor may change) overlaid with
 * environment variables (what differs between machines). The build writes `publicConfig()` into
 * every page for the widgets; nothing secret belongs in this schema.
 */
import { z } from 'zod';

const url = z.url({ protocol: /^https?$/ });
/** Empty means "the origin that served the page or the embed script". */
const urlOrSameOrigin = z.union([z.literal(''), url, z.string().startsWith('/')]);

export const siteConfig = z.object({
  product: z.object({
    name: z.string().min(1),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    assistantName: z.string().min(1),
    tagline: z.string(),
  }),
  locale: z.literal('fr-FR'),
  siteUrl: url,
  appUrl: url,
  themeColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  founderSlug: z.string().regex(/^[a-z0-9-]+$/),
  teamSlug: z.string().regex(/^[a-z0-9-]+$/),
  showPrices: z.boolean(),
  pricing: z.object({ plan: z.string(), monthly: z.string(), yearly: z.string(), yearlyNote: z.string() }),
  company: z.object({
    name: z.string(),
    legalName: z.string(),
    email: z.email(),
    phone: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string().length(2) }),
    /** The legal mentions (`{siren}`, `{rcs}`, `{capital}` in content: core/content/company-details.ts). */
    identifiers: z.object({ siren: z.string(), vat: z.string(), rcsCity: z.string(), capital: z.string() }),
    social: z.record(z.string(), url),
    hours: z.array(z.object({ days: z.string(), hours: z.string() })),
    supportResponse: z.string(),
    certifications: z.array(z.string()),
  }),
  backend: z.object({
    supabaseUrl: urlOrSameOrigin,
    supabaseAnonKey: z.string().min(1),
    assistantWebhookUrl: urlOrSameOrigin,
    /** Sites allowed to embed the widgets (CORS of the embedded server); EMBED_ORIGINS is comma-separated. */
    embedOrigins: z
      .preprocess(
        (value) =>
          typeof value === 'string'
            ? value
                .split(',')
                .map((item) => item.trim())
                .filter(Boolean)
            : value,
        z.array(
          z
            .string()
            .regex(/^https?:\/\/[^/\s?#]+$/, 'une origine comme https://cabinet.example (schéma et hôte, sans chemin)'),
        ),
      )
      .default([]),
  }),
  tracking: z.object({
    gaId: z.string(),
    gaScriptUrl: url,
    recordingId: z.string(),
    recordingScriptUrl: url,
    metaPixelId: z.string(),
    metaScriptUrl: url,
    linkedinId: z.string(),
    linkedinScriptUrl: url,
    xPixelId: z.string(),
    xScriptUrl: url,
    tiktokId: z.string(),
    tiktokScriptUrl: url,
    adsConversionId: z.string(),
    /**
     * What the sign-up conversion (50 EUR, docs/requirements.md#cta-tracking) is recorded under, for the
     * trackers that need one besides their ID: the Google Ads conversion label (AW-…/label), LinkedIn's
     * conversion id, X's event id. Empty: Ads gets the bare ID, LinkedIn and X none (their own URL rules may count it).
     */
    adsConversionLabel: z.string().default(''),
    linkedinConversionId: z.string().default(''),
    xConversionEventId: z.string().default(''),
    /** Where web-vitals alerts are posted (docs/requirements.md#performance-alerts); empty = not posted. */
    alertWebhookUrl: z.union([z.literal(''), url]).default(''),
    alertEmailEndpoint: z.union([z.literal(''), url]).default(''),
  }),
});

export type SiteConfig = z.infer<typeof siteConfig>;

/** Environment variable → path in the configuration. */
const envOverrides: Record<string, string> = {
  SITE_URL: 'siteUrl',
  APP_URL: 'appUrl',
  SHOW_PRICES: 'showPrices',
  SUPABASE_URL: 'backend.supabaseUrl',
  SUPABASE_ANON_KEY: 'backend.supabaseAnonKey',
  ASSISTANT_WEBHOOK_URL: 'backend.assistantWebhookUrl',
  EMBED_ORIGINS: 'backend.embedOrigins',
  GA_ID: 'tracking.gaId',
  GA_SCRIPT_URL: 'tracking.gaScriptUrl',
  RECORDING_ID: 'tracking.recordingId',
  RECORDING_SCRIPT_URL: 'tracking.recordingScriptUrl',
  META_PIXEL_ID: 'tracking.metaPixelId',
  META_SCRIPT_URL: 'tracking.metaScriptUrl',
  LINKEDIN_ID: 'tracking.linkedinId',
  LINKEDIN_SCRIPT_URL: 'tracking.linkedinScriptUrl',
  X_PIXEL_ID: 'tracking.xPixelId',
  X_SCRIPT_URL: 'tracking.xScriptUrl',
  TIKTOK_ID: 'tracking.tiktokId',
  TIKTOK_SCRIPT_URL: 'tracking.tiktokScriptUrl',
  ADS_CONVERSION_ID: 'tracking.adsConversionId',
  ADS_CONVERSION_LABEL: 'tracking.adsConversionLabel',
  LINKEDIN_CONVERSION_ID: 'tracking.linkedinConversionId',
  X_CONVERSION_EVENT_ID: 'tracking.xConversionEventId',
  ALERT_WEBHOOK_URL: 'tracking.alertWebhookUrl',
  ALERT_EMAIL_ENDPOINT: 'tracking.alertEmailEndpoint',
};

export class ConfigError extends Error {}

/** Merges the file and the environment, validates, and names every bad value with where it came from. */
export function loadConfig(fileData: unknown, env: Record<string, string | undefined>): SiteConfig {
  const merged = structuredClone(fileData) as Record<string, unknown>;
  const fromEnv = new Map<string, string>();
  for (const [name, path] of Object.entries(envOverrides)) {
    const raw = env[name];
    if (raw === undefined) continue;
    const keys = path.split('.');
    let target = merged;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[keys.at(-1)!] = path === 'showPrices' ? raw === 'true' : raw;
    fromEnv.set(path, name);
  }
  const result = siteConfig.safeParse(merged);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const path = issue.path.join('.');
      const variable = [...fromEnv].find(([key]) => path === key || path.startsWith(`${key}.`))?.[1];
      const origin = variable ? `variable d’environnement ${variable}` : 'content/site.json';
      return `- ${path} (${origin}) : ${issue.message}`;
    });
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A host of one's own machine: a local build, not a site. */
const isLocalHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
/** A reserved placeholder domain (RFC 2606): `app.dentivo.example`, `contact@dentivo.example`. */
const isPlaceholder = (host: string) => host === 'example' || host.endsWith('.example');

/**
 * The addresses a built site would show while still at their placeholders (docs/configuration.md#placeholder-addresses):
 * the app's (sign-in and sign-up links) and the contact e-mail, each with the setting that changes it. A
 * build for a real site (`SITE_URL` a real host) stops on them; a build for a placeholder `SITE_URL`
 * warns; a local one (localhost) says nothing.
 */
export function placeholderAddresses(config: SiteConfig): { level: 'error' | 'warning'; message: string } | undefined {
  const site = new URL(config.siteUrl).hostname;
  if (isLocalHost(site)) return undefined;
  const found = [
    ...(isPlaceholder(new URL(config.appUrl).hostname)
      ? [`l’application ${config.appUrl} : changez APP_URL (ou « appUrl » de content/site.json)`]
      : []),
    ...(isPlaceholder(config.company.email.split('@').pop()!)
      ? [`l’e-mail de contact ${config.company.email} : changez « company.email » de content/site.json`]
      : []),
  ];
  if (!found.length) return undefined;
  const list = found.map((line) => `- ${line}`).join('\n');
  return isPlaceholder(site)
    ? {
        level: 'warning',
        message: `Attention : ce site (SITE_URL ${config.siteUrl}) garde des adresses d’exemple, à changer avant de le publier :\n${list}\nVoir docs/configuration.md#placeholder-addresses.`,
      }
    : {
        level: 'error',
        message: `Adresses d’exemple dans le site de ${config.siteUrl} : ses visiteurs ne pourraient ni se connecter ni écrire à l’équipe.\n${list}\nVoir docs/configuration.md#placeholder-addresses.`,
      };
}

/** What the widgets may know, written into each page as JSON. */
export const publicConfig = z.object({
  productName: z.string(),
  assistantName: z.string(),
  siteUrl: z.string(),
  appUrl: z.string(),
  supabaseUrl: z.string(),
  supabaseAnonKey: z.string(),
  assistantWebhookUrl: z.string(),
  conversationKey: z.string(),
  tracking: siteConfig.shape.tracking,
});
export type PublicConfig = z.infer<typeof publicConfig>;

export function toPublicConfig(config: SiteConfig): PublicConfig {
  return {
    productName: config.product.name,
    assistantName: config.product.assistantName,
    siteUrl: config.siteUrl,
    appUrl: config.appUrl,
    supabaseUrl: config.backend.supabaseUrl,
    supabaseAnonKey: config.backend.supabaseAnonKey,
    assistantWebhookUrl: config.backend.assistantWebhookUrl,
    conversationKey: `${config.product.slug}_single_conversation`,
    tracking: config.tracking,
  };
}

/** The external app's auth page: sign-in, or sign-up with the signup flag (docs/requirements.md#app-auth). */
export function appAuthUrl(appUrl: string, mode: 'signin' | 'signup'): string {
  const url = new URL('/auth', appUrl);
  if (mode === 'signup') url.searchParams.set('signup', 'true');
  return url.href;
}

/**
 * A link as content files write it: `app:signup` and `app:signin` become the app's addresses
 * (docs/requirements.md#app-auth), anything else stays as written.
 */
export function resolveHref(value: string, appUrl: string): string {
  if (value === 'app:signup') return appAuthUrl(appUrl, 'signup');
  if (value === 'app:signin') return appAuthUrl(appUrl, 'signin');
  return value;
}
