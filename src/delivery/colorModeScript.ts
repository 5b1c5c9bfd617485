import { PREFERENCES_STORAGE_KEY, PREFERENCES_STORAGE_VERSION } from '../stores/preferencesStorage.ts';

/**
 * The inline script every page's <head> carries (vite.config.ts writes it into index.html, so the
 * prerendered pages and the shell have it): a prerendered page paints before the app starts, and this
 * applies the learner's stored colour mode first (what src/theme/colorMode.ts does once the app runs),
 * with the store's own key and version, so a dark-mode learner never sees the page flash light.
 * Its text is hashed into the Content-Security-Policy (scripts/vite/csp.ts) as served.
 */
export const COLOR_MODE_SCRIPT =
  `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(PREFERENCES_STORAGE_KEY)})||'null');` +
  `if(s&&s.version===${PREFERENCES_STORAGE_VERSION}&&s.state&&s.state.colorMode==='dark'){` +
  `var r=document.documentElement;r.classList.add('dark');r.style.colorScheme='dark'}}` +
  // Unreadable storage: the app falls back to light and cleans it up.
  `catch(e){}})()`;
