/**
 * What each third-party ID looks like. Its own file: the set-up page's check
 * and the server's reading of the settings use it, and the public pages'
 * first-load script (which only asks needsConsent) does not carry it.
 */
export const ID_PATTERNS = {
  analyticsId: /^G-[A-Z0-9]{4,20}$/,
  pixelId: /^[0-9]{5,20}$/,
  adsId: /^AW-[0-9]{6,15}$/,
  label: /^[A-Za-z0-9_-]{4,40}$/,
};
