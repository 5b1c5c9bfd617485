import { createContext, useContext, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import type { applyHead } from './documentHead';
import type { PageMeta } from './pageMeta';

/** What a page's route carries in its `handle` once its module has loaded (page() in router.tsx). */
export type MetaHandle = { meta: PageMeta; apply: typeof applyHead };

type TitleOverride = { key: string; title: string };
const SetTitle = createContext<(override: TitleOverride) => void>(() => {});

/**
 * The root of the route table: renders the page, and keeps the document's title, description and
 * canonical link those of the deepest matched route (its `handle`), or the title its container
 * gave with usePageTitle. After each navigation it announces the new title in a polite live
 * region, so a screen reader says where the learner has arrived; the page the browser loaded is
 * not announced (its title is read anyway). The region is empty at build time and at hydration.
 */
export function RouteMeta() {
  const location = useLocation();
  const handle = useMatches()
    .map((match) => match.handle as Partial<MetaHandle> | undefined)
    .findLast((candidate): candidate is MetaHandle => candidate?.meta !== undefined);
  const [override, setOverride] = useState<TitleOverride | null>(null);
  const [firstKey] = useState(location.key);
  const title = override?.key === location.key ? override.title : handle?.meta.title;

  useEffect(() => {
    if (handle && title) handle.apply(title, handle.meta, location.pathname);
  }, [handle, title, location.pathname]);

  return (
    <SetTitle.Provider value={setOverride}>
      <Outlet />
      {/* A polite live region (role status), read but clipped away (fixed: outside the page's layout). */}
      <div role="status" style={{ position: 'fixed', clipPath: 'inset(50%)' }}>
        {location.key === firstKey ? '' : title}
      </div>
    </SetTitle.Provider>
  );
}

/**
 * A container whose title depends on its data (a path's, a project's) gives it here once it is
 * known: `usePageTitle(path ? titled(path.title) : undefined)` ("Frontend Development · PathForge").
 * Until then, and on the next page, the route's own title holds.
 */
export function usePageTitle(title: string | undefined) {
  const setTitle = useContext(SetTitle);
  const { key } = useLocation();
  useEffect(() => {
    if (title) setTitle({ key, title });
  }, [setTitle, key, title]);
}
