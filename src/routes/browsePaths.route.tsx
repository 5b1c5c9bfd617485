import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { learningQueries } from '../api/learning/client';
import { BROWSE_CATEGORIES, type BrowseCategory } from '../domain/learning';
import { BrowsePathsScreen } from '../screens/BrowsePaths/BrowsePathsScreen';
import { toRemote } from '../app/useRemote';

const readCategory = (value: string | null): BrowseCategory => ((BROWSE_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as BrowseCategory) : 'all');

/** /app/browse-paths: search and category live in the URL (?q=&category=). */
export function BrowsePathsRoute() {
  const [params, setParams] = useSearchParams();
  const paths = useQuery(learningQueries.paths());
  const query = params.get('q') ?? '';
  const category = readCategory(params.get('category'));

  const update = (next: { q?: string; category?: BrowseCategory }, replace: boolean) =>
    setParams(
      (current) => {
        const result = new URLSearchParams(current);
        const q = next.q ?? current.get('q') ?? '';
        const c = next.category ?? readCategory(current.get('category'));
        if (q === '') result.delete('q');
        else result.set('q', q);
        if (c === 'all') result.delete('category');
        else result.set('category', c);
        return result;
      },
      { replace },
    );

  return (
    <BrowsePathsScreen
      paths={toRemote(paths)}
      query={query}
      category={category}
      onQueryChange={(q) => update({ q }, true)}
      onCategoryChange={(c) => update({ category: c }, false)}
    />
  );
}
