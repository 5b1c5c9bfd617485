/**
 * The page registry: every page of the app by name, with its path pattern, its link builder
 * (`href`: the one way code writes a link to it) and whether it is prerendered at build time.
 * What a page is called (its title, description and sidebar entry) is declared beside it, by the
 * same name, in ./pageMeta.ts: that part loads with the first page, while this one is in the
 * landing page's entry (the router matches its paths), so it holds addresses only.
 *
 * Pure data without imports: screens and components build their links with it (eslint.config.js
 * lets them import this module and ./pageMeta.ts, nothing else of src/app), the router maps each
 * name to its route module (./router.tsx), the build and the end-to-end specs read it in Node.
 * Model: bulletproof-react's src/config/paths.ts (`paths.x.getHref()`).
 */
export type PageEntry = {
  /** Its whole path pattern, as the router matches it ('/app/paths/:pathId'). */
  path: string;
  /** A link to it: the path with its parameters filled in (and its query, if it takes one). */
  href: (...args: never[]) => string;
  /** Rendered to HTML at build time and hydrated in the browser (a public entry page: src/delivery/prerender.tsx). */
  prerender?: true;
};

/** The signed-in area: its pages' paths start with it, and RequireSession guards it (./router.tsx). */
export const APP_AREA = '/app';

/** The parameters of a path pattern, in order: '/app/paths/:pathId/projects/:projectId' → [string, string]. */
type Params<Path extends string> = Path extends `${string}:${string}/${infer Rest}` ? [string, ...Params<Rest>] : Path extends `${string}:${string}` ? [string] : [];

/** The page at `path`: a link to it is the path with its parameters filled in, in order. */
const at = <Path extends string>(path: Path, prerender?: true) => ({
  path,
  href: (...params: Params<Path>): string => path.replace(/:\w+/g, () => params.shift() as string),
  prerender,
});

export const pages = {
  landing: at('/', true),
  login: at('/login', true),
  register: at('/register', true),
  forgotPassword: at('/forgotPassword', true),
  resetPassword: at('/resetPassword'),
  confirmEmail: at('/confirm-email'),
  undoEmailChange: at('/undo-email-change'),
  removeLink: at('/remove-link'),
  unsubscribe: at('/unsubscribe/:token'),
  dashboard: at('/app/dashboard'),
  paths: at('/app/paths'),
  // Paths and projects are addressed by their slugs. The original addresses (a path's number, a
  // project's URL-encoded title) and former slugs still lead to them: the API answers former
  // slugs, and the project page sends a title to the slug's address.
  pathDetail: at('/app/paths/:pathId'),
  project: at('/app/paths/:pathId/projects/:projectId'),
  browsePaths: at('/app/browse-paths'),
  xpBadges: at('/app/xp-badges'),
  xpHistory: at('/app/xp-badges/history'),
  /** `period`: the board shown (all, month, week or day; all when left out). */
  leaderboard: { path: '/app/leaderboard', href: (period?: string) => `/app/leaderboard${period ? `?period=${period}` : ''}` },
  settings: at('/app/settings'),
  // Any other address, in the app area (inside its shell) or outside it.
  notFound: at('*'),
} satisfies Record<string, PageEntry>;

export type PageName = keyof typeof pages;
