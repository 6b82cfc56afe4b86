import { useSearchParams } from 'react-router';

/**
 * The open tab of a detail screen, kept in the URL (`?tab=historial`) so a link opens it; the first tab
 * leaves the URL bare. Unknown values fall back to the first tab.
 */
export function useUrlTab<const T extends readonly [string, ...string[]]>(tabs: T): [T[number], (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const tab = tabs.find((name) => name === params.get('tab')) ?? first;
  const setTab = (next: string | null) => setParams(next && next !== first ? { tab: next } : {}, { replace: true });
  return [tab, setTab];
}
