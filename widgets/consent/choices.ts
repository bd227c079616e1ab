/**
 * The consent choices a visitor edits: the customise panel (opened from the banner) and the settings of
 * /gestion-cookies. One entry for both, so that they and their shared category list make one chunk,
 * fetched only when the panel opens or on that page. The default export is the `cookie-settings` island.
 */
export { default } from './CookieSettings.tsx';
export { PreferencesPanel } from './PreferencesPanel.tsx';
